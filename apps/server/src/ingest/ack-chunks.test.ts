/**
 * The acknowledgements of a committed batch part go out in chunks with the event loop let through between
 * (batch-commit.ts ACK_CHUNK): a bulk part of hundreds of messages does not settle all of them in one
 * turn, while every message is still settled once, in order, after its commit.
 */
import { deviceTopics } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { testPipeline } from '../../test/test-pipeline.ts';
import { createIngestMetrics } from './metrics.ts';
import { buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const pins = (msgId: string, ts: number) =>
  JSON.stringify({ msg_id: msgId, ts, readings: [{ pin: 'am6', value: 30 }] });

describe('acknowledgements after a commit', () => {
  it('settles a large part in several turns of the event loop, each message once and in order', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    // One lane, and the work budget never ends a batch: the messages below are one batch.
    const pipeline = testPipeline(t, { metrics, lanes: 1, workClock: () => 0 });
    const t0 = t.clock.now().getTime();
    // Warm: the device's site is cached and its first-message transitions are written.
    pipeline.handle(deviceTopics.pins(site.comId), pins(`${site.comId}-warm`, t0));
    await pipeline.idle();

    const total = 600;
    const settled: number[] = [];
    let settledAtNextTurn: number | null = null;
    for (let i = 0; i < total; i++)
      pipeline.handle(deviceTopics.pins(site.comId), pins(`${site.comId}-${i}`, t0 + 1 + i), () => {
        if (settled.length === 0) setImmediate(() => (settledAtNextTurn ??= settled.length));
        settled.push(i);
      });
    await pipeline.idle();

    expect(metrics.batches).toBe(2);
    expect(settled).toEqual(Array.from({ length: total }, (_, i) => i));
    // The first turn settled one chunk, not the whole part.
    expect(settledAtNextTurn).toBeGreaterThan(0);
    expect(settledAtNextTurn).toBeLessThan(total);
  });
});
