/**
 * The per-device message rate of the device protocol (docs/requirements.md#device-protocol,
 * docs/device-protocol.md §9 "Limits"): a token bucket per com_id. A device may send
 * {@link DEVICE_MESSAGE_RATE}.perSecond messages per second sustained, with bursts of up to
 * `burstSeconds` seconds' worth; messages beyond that are refused (throttled). Each refused
 * message adds to the device's excess, which drains at the sustained rate too; when the excess passes
 * `floodSeconds` seconds' worth, the device is flooding: it is disconnected and refused for
 * `cooldownMs`. A device sending under twice the rate is only throttled, never disconnected.
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
