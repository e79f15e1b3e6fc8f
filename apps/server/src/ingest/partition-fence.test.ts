/**
 * The pipeline under partition leases (NATS ingest, docs/decisions/nats-partitioned-ingest.md): when
 * the fence says some com_ids' partitions are lost (`LeaseLostError.only`), their messages are dropped
 * unacknowledged and unwritten (the new owner gets them again) and the others of the same batches are
 * written and acknowledged; the pipeline keeps running.
 */
import { deviceTopics } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { testPipeline } from '../../test/test-pipeline.ts';
import { LeaseLostError } from '../db/role-lease.ts';
import { buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('ingest pipeline with partition leases', () => {
  it('drops the messages of lost partitions unacknowledged and writes the rest', async () => {
    const kept = await buildSite(t.pool, { companyId: 'ktbl' });
    const lost = await buildSite(t.pool, { companyId: 'ktbl' });
    let fences = 0;
    const pipeline = testPipeline(t, {
      workClock: () => 0,
      fence: async (_tx, comIds) => {
        fences += 1;
        if (comIds.has(lost.comId))
          throw new LeaseLostError('ingest partitions 1', -1, new Set([lost.comId]));
      },
    });
    const acked: string[] = [];
    const send = (comId: string, i: number) =>
      pipeline.handle(
        deviceTopics.pins(comId),
        JSON.stringify({
          msg_id: `${comId}-f${i}`,
          ts: t.clock.now().getTime() + i,
          readings: [{ pin: 'am6', value: 30 }],
        }),
        () => acked.push(`${comId}-f${i}`),
      );
    for (let i = 0; i < 20; i++) {
      send(kept.comId, i);
      send(lost.comId, i);
    }
    await pipeline.idle();
    expect(fences).toBeGreaterThan(0);
    expect(acked.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `${kept.comId}-f${i}`).sort());
    const { rows } = await t.pool.query<{ com_id: string; n: number }>(
      'select com_id, count(*)::int as n from ingest_messages where com_id = any($1) group by com_id',
      [[kept.comId, lost.comId]],
    );
    expect(rows).toEqual([{ com_id: kept.comId, n: 20 }]);
    // Still running: later messages of the kept device are written.
    send(kept.comId, 20);
    await pipeline.idle();
    expect(acked).toContain(`${kept.comId}-f20`);
  });
});
