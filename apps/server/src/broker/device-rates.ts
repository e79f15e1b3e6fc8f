/**
 * Per-device message rate bookkeeping (docs/device-protocol.md §9 "Limits"; the rule and its numbers
 * live in the domain's `device-rate.ts`): one token bucket per com_id, shared by every connection of
 * the device, and the cool-down of a device disconnected for flooding.
 *
 * Used by the embedded broker (authenticated com_id; it can disconnect) and by ingest behind an
 * external broker (the topic's com_id of a known device; it can only drop). Entries are created for
 * authenticated or registered devices only, so the map is bounded by the fleet.
 */
import {
  admitDeviceMessage,
  type DeviceRateLimit,
  type DeviceRateState,
  type DeviceRateVerdict,
  newDeviceRateState,
} from '@towerwatch/domain';

/** One device's bucket and cool-down. */
export interface DeviceRateEntry {
  readonly state: DeviceRateState;
  /** Monotonic ms until which the device is refused at CONNECT (0 = none). */
  cooldownUntil: number;
}

export interface DeviceRates {
  readonly limit: DeviceRateLimit;
  /** The device's entry, created (full bucket) on first use. */
  entryOf(comId: string): DeviceRateEntry;
  /** Takes one message from the entry's bucket. O(1), allocates nothing. */
  admit(entry: DeviceRateEntry): DeviceRateVerdict;
  /** Starts the cool-down after a flooding disconnect. */
  startCooldown(entry: DeviceRateEntry): void;
  /** True while the device is refused after a flooding disconnect. */
  coolingDown(comId: string): boolean;
}

/** `now` is a monotonic millisecond clock (default `performance.now`), so wall-clock jumps do no harm. */
export function createDeviceRates(
  limit: DeviceRateLimit,
  now: () => number = () => performance.now(),
): DeviceRates {
  const entries = new Map<string, DeviceRateEntry>();
  return {
    limit,
    entryOf(comId) {
      let entry = entries.get(comId);
      if (!entry) {
        entry = { state: newDeviceRateState(limit, now()), cooldownUntil: 0 };
        entries.set(comId, entry);
      }
      return entry;
    },
    admit: (entry) => admitDeviceMessage(entry.state, limit, now()),
    startCooldown(entry) {
      entry.cooldownUntil = now() + limit.cooldownMs;
    },
    coolingDown(comId) {
      const entry = entries.get(comId);
      return entry !== undefined && entry.cooldownUntil > now();
    },
  };
}
