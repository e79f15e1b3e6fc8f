/**
 * Behaviour settings the simulator takes from its environment (the server passes its own environment
 * to the simulator it starts, so a test can set them on the server process).
 */
import type { SiteBehaviour } from './site-model.ts';

/** Environment variable: the chance (0 … 1) that an unlock finds the lock jammed (default 0.03). */
export const LOCK_JAM_ENV = 'SIM_LOCK_JAM_PROBABILITY';

/**
 * The behaviour overrides set in `env`: `SIM_LOCK_JAM_PROBABILITY` (0 … 1; the browser tests set 0 so a
 * remote unlock always acks). Unset leaves the default; a value that is no probability is an error.
 */
export function behaviourFromEnv(env: NodeJS.ProcessEnv): Partial<SiteBehaviour> {
  const raw = env[LOCK_JAM_ENV];
  if (raw === undefined || raw.trim() === '') return {};
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`${LOCK_JAM_ENV} must be a number from 0 to 1, not "${raw}"`);
  return { lockJamProbability: value };
}
