/**
 * The benchmarks' `pins` message (docs/device-protocol.md §4): 20 readings of a normal site. A module of
 * its own so that it can be imported without starting the publisher process's main (publisher.ts).
 */
/** The 20 readings of a normal site (mains on, battery floating, doors closed, no alarm contact). */
const ANALOG: readonly [string, number, number][] = [
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
const DIGITAL: readonly [string, number][] = [
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

/** A `pins` payload with 20 readings (values jitter a little so the latest values move). */
export function pinsPayload(msgId: string, ts: number, seed: number): string {
  const readings: { pin: string; value: number }[] = [];
  for (const [pin, base, jitter] of ANALOG) {
    const wobble = jitter === 0 ? 0 : (((seed * 31 + pin.length * 7) % 11) - 5) * (jitter / 5);
    readings.push({ pin, value: Math.round((base + wobble) * 100) / 100 });
  }
  for (const [pin, value] of DIGITAL) readings.push({ pin, value });
  return JSON.stringify({ msg_id: msgId, ts, readings });
}
