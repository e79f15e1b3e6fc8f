import { describe, expect, it } from 'vitest';
import {
  admitDeviceMessage,
  admitRelayedDeviceMessage,
  DEVICE_MESSAGE_RATE,
  type DeviceRateVerdict,
  deviceMessageTime,
  deviceRateLimit,
  newDeviceRateState,
  newDeviceTimeRateState,
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

describe('device message rate by device time (relayed messages: external broker, HTTP)', () => {
  const limit = deviceRateLimit();
  const count = (verdicts: DeviceRateVerdict[], v: DeviceRateVerdict) =>
    verdicts.filter((x) => x === v).length;

  it('never limits a replayed backlog of legal-rate messages, however fast it arrives', () => {
    // Two hours at the sustained 10/s, delivered in one go: only the device time counts.
    const start = 1_764_000_000_000;
    const state = newDeviceTimeRateState(limit, start);
    const verdicts: DeviceRateVerdict[] = [];
    for (let i = 0; i < 72_000; i++) verdicts.push(admitRelayedDeviceMessage(state, limit, start + i * 100));
    expect(count(verdicts, 'accepted')).toBe(72_000);
  });

  it('limits a device whose own timestamps are too dense, as the protocol says', () => {
    const now = 1_764_000_000_000;
    const state = newDeviceTimeRateState(limit, now);
    // 500 + 500 messages with the same ts: the burst, nothing more.
    const verdicts: DeviceRateVerdict[] = [];
    for (let i = 0; i < 1000; i++) verdicts.push(admitRelayedDeviceMessage(state, limit, now));
    expect(count(verdicts, 'accepted')).toBe(limit.burst);
    // 20 messages per second of device time for a minute: about the sustained rate is accepted.
    const dense = newDeviceTimeRateState(limit, now);
    let accepted = 0;
    for (let i = 0; i < 1200; i++)
      if (admitRelayedDeviceMessage(dense, limit, now + i * 50) === 'accepted') accepted++;
    expect(accepted).toBeGreaterThanOrEqual(limit.burst + 10 * 59);
    expect(accepted).toBeLessThanOrEqual(limit.burst + 10 * 60 + 1);
  });

  it('takes a backlog resent after newer messages as a stream of its own', () => {
    const now = 1_764_000_000_000;
    const state = newDeviceTimeRateState(limit, now);
    // The device reconnects: its status first (now), then its stored hour at 1 message / 2 s,
    // interleaved with live readings every 10 s.
    expect(admitRelayedDeviceMessage(state, limit, now)).toBe('accepted');
    const verdicts: DeviceRateVerdict[] = [];
    for (let i = 0; i < 1800; i++) {
      verdicts.push(admitRelayedDeviceMessage(state, limit, now - 3_600_000 + i * 2000));
      if (i % 10 === 0) verdicts.push(admitRelayedDeviceMessage(state, limit, now + i * 1000));
    }
    expect(count(verdicts, 'accepted')).toBe(verdicts.length);
    // A late stream whose own timestamps are dense is limited all the same.
    const dense: DeviceRateVerdict[] = [];
    for (let i = 0; i < 300; i++) dense.push(admitRelayedDeviceMessage(state, limit, now - 60_000));
    expect(count(dense, 'accepted')).toBeLessThanOrEqual(limit.burst);
  });

  it('counts a message at its ts, or at its receive time without one or far ahead of it', () => {
    const received = 1_764_000_000_000;
    expect(deviceMessageTime(received - 3_600_000, received)).toBe(received - 3_600_000);
    expect(deviceMessageTime(undefined, received)).toBe(received);
    expect(deviceMessageTime(received + DEVICE_MESSAGE_RATE.maxClockLeadMs, received)).toBe(
      received + DEVICE_MESSAGE_RATE.maxClockLeadMs,
    );
    expect(deviceMessageTime(received + DEVICE_MESSAGE_RATE.maxClockLeadMs + 1, received)).toBe(received);
  });
});
