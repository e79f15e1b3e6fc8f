/**
 * Per-device message rate bookkeeping (docs/device-protocol.md §9 "Limits"; the rule and its numbers
 * live in the domain's `device-rate.ts`): one token bucket per com_id, shared by every connection of
 * the device, and the cool-down of a device disconnected for flooding.
 *
 * Used by the embedded broker (authenticated com_id, arrival time; it can disconnect). Messages that
 * reach ingest through a relay (an external broker, HTTP ingest) are held to the same rule by device
 * time instead ({@link createRelayedDeviceRates}; the topic's com_id of a known device; it can only
 * drop). Entries are created for authenticated or registered devices only, so the maps are bounded by
 * the fleet.
 */
import {
  admitDeviceMessage,
  admitRelayedDeviceMessage,
  type DeviceRateLimit,
  type DeviceRateState,
  type DeviceRateVerdict,
  type DeviceTimeRateState,
  newDeviceRateState,
  newDeviceTimeRateState,
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

/** Per-device buckets by device time, for relayed messages (docs/device-protocol.md §9). */
export interface RelayedDeviceRates {
  readonly limit: DeviceRateLimit;
  /** Takes one message of `comId` at device time `time` (domain `deviceMessageTime`). */
  admit(comId: string, time: number): DeviceRateVerdict;
}

export function createRelayedDeviceRates(limit: DeviceRateLimit): RelayedDeviceRates {
  const states = new Map<string, DeviceTimeRateState>();
  return {
    limit,
    admit(comId, time) {
      let state = states.get(comId);
      if (!state) {
        state = newDeviceTimeRateState(limit, time);
        states.set(comId, state);
      }
      return admitRelayedDeviceMessage(state, limit, time);
    },
  };
}
