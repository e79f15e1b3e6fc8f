/**
 * SQL form of the benchmarks' normal readings (@towerwatch/fleet `normal-readings.ts`) for the storage
 * benchmark.
 */
import { NORMAL_ANALOG, NORMAL_DIGITAL } from '@towerwatch/fleet';

/**
 * SQL `float8[]` of one message's values with random jitter (uniform within ± jitter, 2 decimals), as
 * a real feed varies minute to minute (more entropy than `normalReadings`, so compression is not flattered).
 */
export function randomValuesSql(): string {
  const analog = NORMAL_ANALOG.map(([, base, jitter]) =>
    jitter === 0
      ? `${base}::float8`
      : `round((${base} + (random() * 2 - 1) * ${jitter})::numeric, 2)::float8`,
  );
  const digital = NORMAL_DIGITAL.map(([, value]) => `${value}::float8`);
  return `array[${[...analog, ...digital].join(', ')}]`;
}
