/** Scenarios that force a simulated site into a state at once (`--scenario`, `POST /scenario`). */
import { startBreach, startVisit } from './site-episodes.ts';
import { restoreMains, startOutage, updateElectrical } from './site-power.ts';
import type { SiteContext, SiteOutput } from './site-state.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/**
 * A fuel scenario publishes FUEL_LEAD snapshots at the level before and FUEL_BURST at the new one: more
 * than the ~10 readings of the server's 10-minute median plus the lead, so the median moves at once.
 */
const FUEL_LEAD = 5;
const FUEL_BURST = 20;

/** Scenarios that force a site into a state at once (`--scenario`). */
export const SCENARIOS = [
  'mains-fail',
  'mains-restore',
  'dc-low-voltage',
  'door-open',
  'security-breach',
  'high-temperature',
  'dg-on',
  'device-offline',
  'overload',
  // Power data (issue 14): a burst of snapshots so the server's median filter sees the new level.
  'fuel-theft',
  'fuel-refill',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export function isScenarioName(value: string): value is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(value);
}

/** Forces `name` on the site now and returns the messages that show it (`snapshot()`: a full pin snapshot). */
export function applyScenarioTo(
  ctx: SiteContext,
  name: ScenarioName,
  snapshot: () => SiteOutput,
): SiteOutput[] {
  const s = ctx.state;
  const now = s.simMs;
  const outputs: SiteOutput[] = [];
  switch (name) {
    case 'mains-fail':
      startOutage(ctx, ctx.random.range(60, 120) * MINUTE);
      break;
    case 'mains-restore':
      restoreMains(ctx);
      break;
    case 'dc-low-voltage':
      startOutage(ctx, 8 * HOUR);
      s.dg = ctx.site.has_dg ? 'failed' : 'off';
      s.dgActionAt = null;
      s.pgOn = false;
      s.pgStartAt = null;
      s.soc = Math.min(s.soc, 0.25);
      break;
    case 'door-open':
      outputs.push(...startVisit(ctx, ctx.random.range(10, 30) * MINUTE, false));
      break;
    case 'security-breach':
      outputs.push(...startBreach(ctx));
      break;
    case 'high-temperature':
      s.coolingFailUntil = now + 2 * HOUR;
      s.temperatureC = Math.max(s.temperatureC, 47.5);
      break;
    case 'dg-on':
      startOutage(ctx, ctx.random.range(60, 120) * MINUTE);
      s.dg = 'on';
      s.dgActionAt = null;
      s.fuelPct = Math.max(s.fuelPct, 50);
      break;
    case 'device-offline':
      s.online = false;
      s.offlineUntil = now + 30 * MINUTE;
      return [{ kind: 'status', online: false }];
    case 'fuel-theft':
    case 'fuel-refill': {
      if (!ctx.site.has_dg) break;
      if (s.dg === 'on' || s.dg === 'cooldown') s.dg = 'off';
      updateElectrical(ctx, 0);
      // A few readings at the level before (the server may not hold a reference yet), then the burst.
      s.fuelSensorPct = s.fuelPct;
      const before = Array.from({ length: FUEL_LEAD }, () => snapshot());
      s.fuelPct = name === 'fuel-theft' ? Math.max(0, s.fuelPct - 25) : 95;
      s.fuelSensorPct = s.fuelPct;
      return [...before, ...Array.from({ length: FUEL_BURST }, () => snapshot())];
    }
    case 'overload': {
      const tenant = ctx.site.tenants[0];
      const load = tenant ? s.loads[tenant] : undefined;
      if (load) {
        load.mode = 'over';
        load.until = now + HOUR;
      }
      break;
    }
  }
  updateElectrical(ctx, 0);
  outputs.push(snapshot());
  return outputs;
}
