/**
 * The per-device message rate of the device protocol (docs/requirements.md#device-protocol,
 * docs/device-protocol.md §9 "Limits"): a token bucket per com_id. A device may send
 * {@link DEVICE_MESSAGE_RATE}.perSecond messages per second sustained, with bursts of up to
 * `burstSeconds` seconds' worth; messages beyond that are refused (throttled). Each refused
 * message adds to the device's excess, which drains at the sustained rate too; when the excess passes
 * `floodSeconds` seconds' worth, the device is flooding: it is disconnected and refused for
 * `cooldownMs`. A device sending under twice the rate is only throttled, never disconnected.
 *
 * Which clock refills the bucket depends on where the message comes from:
 * - **A live device connection** (the embedded broker): the arrival time, which is the sending time
 *   ({@link admitDeviceMessage} with a monotonic clock).
 * - **A relay that stores messages** (an external broker, a vendor's cloud over HTTP): the device's own
 *   clock, the message's `ts` ({@link admitRelayedDeviceMessage}). A broker replaying a backlog after an
 *   ingest outage delivers hours of legal-rate messages in seconds; by arrival they look like a flood
 *   and were dropped after the broker had acknowledged them to the device. By device time a replay of
 *   legal-rate messages is never limited, while a device whose own timestamps are too dense (a runaway
 *   loop, the same `ts` over and over) still is (docs/decisions/device-rate-by-device-time.md).
 *
 * Cheap by design: {@link admitDeviceMessage} is a few arithmetic operations on a state object
 * allocated once per device, and returns a string constant.
 */

/** The documented defaults (the server's DEVICE_MAX_MSG_PER_S overrides `perSecond`). */
export const DEVICE_MESSAGE_RATE = {
  /** Sustained messages per second per device. */
  perSecond: 10,
  /** The burst allowance, in seconds of the sustained rate (10/s → 100 messages). */
  burstSeconds: 10,
  /** Refused messages tolerated before a disconnect, in seconds of the sustained rate (→ 100). */
  floodSeconds: 10,
  /** How long a device disconnected for flooding is refused at CONNECT. */
  cooldownMs: 60_000,
  /**
   * How far a message's `ts` may be ahead of its receive time and still count as device time
   * (docs/device-protocol.md §9 "Time": more than 5 minutes ahead, the receive time is used instead).
   */
  maxClockLeadMs: 5 * 60_000,
} as const;

/** A device rate limit in absolute numbers. */
export interface DeviceRateLimit {
  perSecond: number;
  /** Bucket size: the most messages accepted at once after a quiet period. */
  burst: number;
  /** Refused messages (net of the drain) after which the device is flooding. */
  floodExcess: number;
  cooldownMs: number;
}

/** The limit for a sustained rate (default {@link DEVICE_MESSAGE_RATE}.perSecond). */
export function deviceRateLimit(perSecond: number = DEVICE_MESSAGE_RATE.perSecond): DeviceRateLimit {
  if (!(perSecond > 0)) throw new Error(`device message rate must be positive, got ${perSecond}`);
  return {
    perSecond,
    burst: Math.max(1, Math.round(perSecond * DEVICE_MESSAGE_RATE.burstSeconds)),
    floodExcess: Math.max(1, Math.round(perSecond * DEVICE_MESSAGE_RATE.floodSeconds)),
    cooldownMs: DEVICE_MESSAGE_RATE.cooldownMs,
  };
}

/** One device's bucket (mutated in place by {@link admitDeviceMessage}). */
export interface DeviceRateState {
  /** Messages that may still be accepted now (≤ burst). */
  tokens: number;
  /** Refused messages not yet drained. */
  excess: number;
  /** When `tokens` and `excess` were last brought up to date (ms). */
  at: number;
}

/** A full bucket. */
export function newDeviceRateState(limit: DeviceRateLimit, now: number): DeviceRateState {
  return { tokens: limit.burst, excess: 0, at: now };
}

/** What happens to one message: accepted, refused, or refused and the device is flooding. */
export type DeviceRateVerdict = 'accepted' | 'throttled' | 'flooding';

/** Takes one message from the device's bucket (see the file comment). O(1), allocates nothing. */
export function admitDeviceMessage(
  state: DeviceRateState,
  limit: DeviceRateLimit,
  now: number,
): DeviceRateVerdict {
  const elapsed = now - state.at;
  if (elapsed > 0) {
    const refill = (elapsed * limit.perSecond) / 1000;
    state.tokens = Math.min(limit.burst, state.tokens + refill);
    state.excess = Math.max(0, state.excess - refill);
    state.at = now;
  }
  if (state.tokens >= 1) {
    state.tokens -= 1;
    return 'accepted';
  }
  state.excess += 1;
  return state.excess > limit.floodExcess ? 'flooding' : 'throttled';
}

/**
 * The time a relayed message counts at in the device-time bucket (both ms since the epoch): its own
 * `ts`, or its receive time when it has none (a last will, a `cmd/ack` without `ts`) or when the `ts`
 * is more than {@link DEVICE_MESSAGE_RATE}.maxClockLeadMs ahead of the receive time.
 */
export function deviceMessageTime(ts: number | undefined, receivedMs: number): number {
  if (ts === undefined || !Number.isFinite(ts)) return receivedMs;
  return ts > receivedMs + DEVICE_MESSAGE_RATE.maxClockLeadMs ? receivedMs : ts;
}

/**
 * One device's buckets by device time: `head` for messages at or after the newest device time seen,
 * `late` for older ones (a backlog the device resends after newer messages, e.g. after its status on
 * reconnect; a redelivery), each refilled by how far its own messages' device time moves on.
 */
export interface DeviceTimeRateState {
  head: DeviceRateState;
  /** Created at the first late message (full bucket). */
  late: DeviceRateState | null;
}

/** Full buckets, starting at device time `time`. */
export function newDeviceTimeRateState(limit: DeviceRateLimit, time: number): DeviceTimeRateState {
  return { head: newDeviceRateState(limit, time), late: null };
}

/**
 * Takes one relayed message at device time `time` (see {@link deviceMessageTime}) from the device's
 * buckets: the same token bucket as {@link admitDeviceMessage}, refilled by device time instead of
 * arrival time. A message not older than the newest seen goes to `head`, an older one to `late`; so a
 * backlog interleaved with live messages is two streams, each limited by its own density.
 */
export function admitRelayedDeviceMessage(
  state: DeviceTimeRateState,
  limit: DeviceRateLimit,
  time: number,
): DeviceRateVerdict {
  if (time >= state.head.at) return admitDeviceMessage(state.head, limit, time);
  if (!state.late) state.late = newDeviceRateState(limit, time);
  return admitDeviceMessage(state.late, limit, time);
}
