/**
 * The 20 readings of a normal site (mains on, battery floating, doors closed, no alarm contact) that
 * the benchmarks' ingest load publishes, shared by the publisher (MQTT payloads), the telemetry storage
 * and write benchmarks (the same rows without the broker) and the site state heap profile
 * (apps/server/src/ingest/site-memory-main.ts).
 */

/** Analog pins: name, base value, jitter (± around the base). */
export const NORMAL_ANALOG: readonly [pin: string, base: number, jitter: number][] = [
  ['am1', 230, 4],
  ['am2', 231, 4],
  ['am3', 229, 4],
  ['am4', 30, 1],
  ['am5', 60, 3],
  ['am6', 53.5, 0.1],
  ['am7', 80, 1],
  ['am8', 0, 0],
  ['am9', 0, 0],
  ['am10', 20, 1],
  ['am11', 8, 0.5],
];

/** Digital pins and their steady value. */
export const NORMAL_DIGITAL: readonly [pin: string, value: number][] = [
  ['di1', 1],
  ['di2', 1],
  ['di3', 0],
  ['di4', 0],
  ['di5', 0],
  ['di6', 0],
  ['di7', 0],
  ['di8', 0],
  ['di9', 0],
];

/** Pin names of a normal message, in payload order. */
export const NORMAL_PIN_NAMES: readonly string[] = [
  ...NORMAL_ANALOG.map(([pin]) => pin),
  ...NORMAL_DIGITAL.map(([pin]) => pin),
];

/** The readings of one message; `seed` moves the analog values a little (2 decimals, like a device). */
export function normalReadings(seed: number): { pin: string; value: number }[] {
  const readings: { pin: string; value: number }[] = [];
  for (const [pin, base, jitter] of NORMAL_ANALOG) {
    const wobble = jitter === 0 ? 0 : (((seed * 31 + pin.length * 7) % 11) - 5) * (jitter / 5);
    readings.push({ pin, value: Math.round((base + wobble) * 100) / 100 });
  }
  for (const [pin, value] of NORMAL_DIGITAL) readings.push({ pin, value });
  return readings;
}
