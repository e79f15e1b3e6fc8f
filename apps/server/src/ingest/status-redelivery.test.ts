/**
 * A status message redelivered after later messages (a broker or stream redelivers what was committed
 * but not acknowledged when an ingest process died) does not switch the device offline a second time:
 * a status with `ts` is de-duplicated on (com_id, ts) (docs/device-protocol.md §9).
 */
import { deviceTopics } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createIngestMetrics } from './metrics.ts';
import { createIngestPipeline } from './pipeline.ts';
import { createSiteStore } from './site-store.ts';
import { buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('a redelivered status message', () => {
  it('writes its offline transition once', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    const pipeline = createIngestPipeline({
      pool: t.pool,
      store: createSiteStore(t.pool),
      bus: t.container.bus,
      clock: t.clock,
      log: t.container.log,
      metrics,
    });
    const at = t.clock.now().getTime() - 60_000;
    // Online (a reading), offline (the status), online again (the next reading).
    const offline = JSON.stringify({ online: false, ts: at });
    const reading = (i: number) =>
      JSON.stringify({
        msg_id: `${site.comId}-s${i}`,
        ts: at + 1000 * i - 500,
        readings: [{ pin: 'am6', value: 30 }],
      });
    const send = async (topic: string, payload: string) => {
      pipeline.handle(topic, payload);
      await pipeline.idle();
    };
    await send(deviceTopics.pins(site.comId), reading(0));
    await send(deviceTopics.status(site.comId), offline);
    await send(deviceTopics.pins(site.comId), reading(1));
    // Redelivered: the status, then the reading after it.
    await send(deviceTopics.status(site.comId), offline);
    await send(deviceTopics.pins(site.comId), reading(1));
    // device_offline raised (value 0) and cleared (value 1) once each.
    const { rows } = await t.pool.query<{ name: string; value: string; n: number }>(
      `select name, value::text as value, count(*)::int as n from events where site_uid = $1
        group by name, value order by name, value`,
      [site.siteUid],
    );
    expect(rows).toEqual([
      { name: 'device_offline', value: '0', n: 1 },
      { name: 'device_offline', value: '1', n: 1 },
    ]);
    expect(metrics.rejected.duplicate).toBe(2);
  });
});
