/**
 * The benchmarks' `pins` message (docs/device-protocol.md §4): 20 readings of a normal site
 * (`normalReadings` of @towerwatch/fleet). A module of its own so that it can be imported without
 * starting the publisher process's main (publisher.ts).
 */
import { normalReadings } from '@towerwatch/fleet';

/** A `pins` payload with 20 readings (values jitter a little so the latest values move). */
export function pinsPayload(msgId: string, ts: number, seed: number): string {
  return JSON.stringify({ msg_id: msgId, ts, readings: normalReadings(seed) });
}
