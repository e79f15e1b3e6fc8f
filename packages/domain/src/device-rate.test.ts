import { describe, expect, it } from 'vitest';
import {
  admitDeviceMessage,
  type DeviceRateVerdict,
  deviceRateLimit,
  newDeviceRateState,
} from './device-rate.ts';

describe('device message rate (docs/requirements.md#device-protocol)', () => {
  it('defaults to 10 messages/s with a burst of 100, flooding after 100 refused, 60 s cool-down', () => {
    expect(deviceRateLimit()).toEqual({ perSecond: 10, burst: 100, floodExcess: 100, cooldownMs: 60_000 });
    expect(deviceRateLimit(1000)).toMatchObject({ perSecond: 1000, burst: 10_000, floodExcess: 10_000 });
    expect(() => deviceRateLimit(0)).toThrow();
  });

  it('accepts the burst at once, then throttles, then reports flooding', () => {
    const limit = deviceRateLimit();
    const state = newDeviceRateState(limit, 0);
    const verdicts: DeviceRateVerdict[] = [];
    for (let i = 0; i < 250; i++) verdicts.push(admitDeviceMessage(state, limit, 0));
    expect(verdicts.filter((v) => v === 'accepted')).toHaveLength(100);
    expect(verdicts.slice(100, 200).every((v) => v === 'throttled')).toBe(true);
    expect(verdicts.slice(200).every((v) => v === 'flooding')).toBe(true);
  });

  it('refills at the sustained rate and forgives a device that slows down', () => {
    const limit = deviceRateLimit();
    const state = newDeviceRateState(limit, 0);
    for (let i = 0; i < 150; i++) admitDeviceMessage(state, limit, 0);
    expect(state.excess).toBe(50);
    // One second later: 10 new tokens, 10 less excess.
    expect(admitDeviceMessage(state, limit, 1000)).toBe('accepted');
    expect(state.excess).toBe(40);
    // Ten seconds of silence: the bucket is full again (never above the burst), the excess gone.
    admitDeviceMessage(state, limit, 11_000);
    expect(state.excess).toBe(0);
    expect(state.tokens).toBe(99);
  });

  it('throttles a device at 1.5 times the rate but never disconnects it', () => {
    const limit = deviceRateLimit();
    const state = newDeviceRateState(limit, 0);
    let accepted = 0;
    let flooding = 0;
    // 15 messages/s for 10 minutes.
    for (let i = 0; i < 9000; i++) {
      const v = admitDeviceMessage(state, limit, Math.floor((i * 1000) / 15));
      if (v === 'accepted') accepted++;
      if (v === 'flooding') flooding++;
    }
    expect(flooding).toBe(0);
    expect(accepted).toBeLessThanOrEqual(100 + 10 * 600);
    expect(accepted).toBeGreaterThan(10 * 600 - 10);
  });
});
