/**
 * Two processes' in-process buses bridged over core NATS (scale-out with NATS_URL), on a nats-server
 * of this file's own: an event reaches the other process once, and not its own process a second time.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PrivateNats, startPrivateNats } from '../../test/private-nats.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { startNatsBusBridge } from './nats-bridge.ts';

let nats: PrivateNats;
beforeAll(async () => {
  nats = await startPrivateNats({ partitions: 4 });
});
afterAll(async () => {
  await nats?.stop();
});

/** Long enough for a duplicate or an echo to have arrived after the first copy. */
const settleForDuplicates = () => new Promise((r) => setTimeout(r, 300));

describe('in-process buses bridged over core NATS', () => {
  it('carries events between two processes exactly once', async () => {
    const p1 = createInProcessBus();
    const p2 = createInProcessBus();
    const stops = [await startNatsBusBridge(p1, [nats.url]), await startNatsBusBridge(p2, [nats.url])];
    const id = randomInt(1, 2 ** 40);
    const got1: number[] = [];
    const got2: number[] = [];
    const ended: string[] = [];
    p1.subscribe('command.created', (e) => {
      if (e.id === id) got1.push(e.id);
    });
    p2.subscribe('command.created', (e) => {
      if (e.id === id) got2.push(e.id);
    });
    p2.subscribe('auth.session-ended', (e) => {
      ended.push(e.userUid);
    });
    p1.publish('command.created', { id });
    p1.publish('auth.session-ended', { userUid: 'u1', sessionId: 's1' });
    await vi.waitFor(() => expect(got2.length + ended.length).toBe(2), { timeout: 15_000, interval: 20 });
    await settleForDuplicates();
    expect(got1).toEqual([id]);
    expect(got2).toEqual([id]);
    expect(ended).toEqual(['u1']);
    for (const stop of stops) await stop();
  });
});
