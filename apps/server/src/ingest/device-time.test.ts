/**
 * Device time (docs/device-protocol.md §9 "Time"): a message whose `ts` is more than the allowed lead
 * (domain DEVICE_MESSAGE_RATE.maxClockLeadMs, 5 minutes) ahead of its receive time is stored at its
 * receive time — its readings and the alarm transitions it causes; one inside the lead keeps its `ts`.
 */
import { deviceTopics } from '@towerwatch/contract';
import { DEVICE_MESSAGE_RATE } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { testPipeline } from '../../test/test-pipeline.ts';
import { buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const pins = (readings: Record<string, number>, msgId: string, ts: number) =>
  JSON.stringify({
    msg_id: msgId,
    ts,
    readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
  });

describe('device time', () => {
  it('stores a message stamped more than 5 minutes ahead at its receive time (device-protocol §9)', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const pipeline = testPipeline(t);
    const now = t.clock.now().getTime();
    const ahead = DEVICE_MESSAGE_RATE.maxClockLeadMs;
    // Far ahead first (stored at its receive time, `now`), then one inside the allowed lead.
    pipeline.handle(
      deviceTopics.pins(site.comId),
      pins({ am6: 50 }, `far-${site.comId}`, now + ahead + 60_000),
    );
    pipeline.handle(
      deviceTopics.pins(site.comId),
      pins({ am6: 30 }, `near-${site.comId}`, now + ahead - 60_000),
    );
    await pipeline.idle();
    const { rows } = await t.pool.query<{ ts: Date; v: number }>(
      'select ts, unnest(pin_values) as v from telemetry where com_id = $1 order by v',
      [site.comId],
    );
    expect(rows.map((r) => [r.v, r.ts.getTime()])).toEqual([
      [30, now + ahead - 60_000],
      [50, now],
    ]);
    // The alarm the far-ahead reading raised is dated at its receive time too; the next reading clears it.
    const events = await t.pool.query<{ time: Date; active: boolean }>(
      `select time, active from events where site_uid = $1 and name = 'high_temperature' order by id`,
      [site.siteUid],
    );
    expect(events.rows.map((r) => [r.active, r.time.getTime()])).toEqual([
      [true, now],
      [false, now + ahead - 60_000],
    ]);
  });
});
