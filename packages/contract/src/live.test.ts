import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENTS,
  liveClientMessage,
  liveMessage,
  livePayloadSchemas,
  parseLiveServerMessage,
} from './live.ts';

describe('live socket contract', () => {
  it('accepts the three client actions and refuses unknown ones', () => {
    expect(liveClientMessage.safeParse({ action: 'LOGIN', token: 'abc' }).success).toBe(true);
    expect(liveClientMessage.safeParse({ action: 'PING' }).success).toBe(true);
    expect(liveClientMessage.safeParse({ action: 'SESSION_START', site_uid: 'S1' }).success).toBe(true);
    expect(liveClientMessage.safeParse({ action: 'LOGIN', user_uid: 12 }).success).toBe(false);
    expect(liveClientMessage.safeParse({ action: 'JUMP' }).success).toBe(false);
  });

  it('has one payload schema per event name', () => {
    expect(Object.keys(livePayloadSchemas).sort()).toEqual(Object.values(LIVE_EVENTS).sort());
  });

  it('round-trips a typed server message and rejects a bad payload', () => {
    const msg = liveMessage(LIVE_EVENTS.MAINS_AVAILABLE_COUNT, { on: 3, off: 1 });
    expect(parseLiveServerMessage(JSON.stringify(msg))).toEqual(msg);
    expect(
      parseLiveServerMessage(JSON.stringify({ event: 'MAINS_AVAILABLE_COUNT', payload: { on: -1 } })),
    ).toBe(null);
    expect(parseLiveServerMessage('{not json')).toBe(null);
    expect(parseLiveServerMessage(JSON.stringify({ event: 'NOPE', payload: {} }))).toBe(null);
  });
});
