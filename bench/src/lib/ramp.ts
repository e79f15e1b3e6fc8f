/**
 * The ingest benchmark's rate ramp: ×`factor` per passing step until a step fails, then bisection
 * between the highest passing and the lowest failing rate, at most `refinements` times and only while
 * the two are more than `resolution` (a fraction of the passing rate) apart.
 */
export interface RampOptions {
  startRate: number;
  factor: number;
  refinements: number;
  resolution: number;
}

/** The rate of the next step after `steps` (in the order run), or null when the ramp is done. */
export function nextRate(steps: readonly { rate: number; pass: boolean }[], o: RampOptions): number | null {
  if (steps.length === 0) return o.startRate;
  const passed = steps.filter((s) => s.pass).map((s) => s.rate);
  const failed = steps.filter((s) => !s.pass).map((s) => s.rate);
  if (passed.length === 0) return null;
  const best = Math.max(...passed);
  if (failed.length === 0) return Math.round(best * o.factor);
  const firstFail = steps.findIndex((s) => !s.pass);
  const refined = steps.length - 1 - firstFail;
  const lowestFail = Math.min(...failed);
  if (refined >= o.refinements || lowestFail - best <= best * o.resolution) return null;
  const next = Math.round((best + lowestFail) / 2);
  return next > best && next < lowestFail ? next : null;
}
