/**
 * The ingest lease's fence inside the batch's one write statement (batch-commit.ts, persist.ts
 * writeAll; db/role-lease.ts FenceRows): a batch under the lease is one statement in autocommit (no
 * transaction), its fence locks the lease row while the statement runs (a takeover waits for it), and
 * once another process holds the lease nothing more is written or acknowledged and the lease is lost.
 */
import { deviceTopics } from '@towerwatch/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { testPipeline } from '../../test/test-pipeline.ts';
import type { Pool } from '../db/pool.ts';
import { acquireRoleLease, fenceInStatement, numberedParams } from '../db/role-lease.ts';
import { buildSite } from './test-fixtures.ts';

const log = pino({ level: 'silent' });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ingest lease fenced in the write statement', () => {
  it('writes a batch as one statement with its fence; a takeover waits for it; a lost lease writes nothing', async () => {
    const lease = await acquireRoleLease({ pool: t.pool, name: 'test-statement-fence', ttlMs: 60_000, log });
    let lost = false;
    void lease.lost.then(() => {
      lost = true;
    });
    // The pipeline's own statements and connections (its site store reads on the test pool).
    const statements: string[] = [];
    let connects = 0;
    const pool = new Proxy(t.pool, {
      get(target, key, receiver) {
        if (key === 'query')
          return (text: unknown, ...rest: unknown[]) => {
            statements.push(typeof text === 'string' ? text : String((text as { text?: unknown }).text));
            return (target.query as (...a: unknown[]) => unknown)(text, ...rest);
          };
        if (key === 'connect') {
          connects += 1;
          return target.connect.bind(target);
        }
        return Reflect.get(target, key, receiver);
      },
    }) as Pool;
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const pipeline = testPipeline(t, { pool, fence: lease.fence, workClock: () => 0 });
    const acked: number[] = [];
    const send = (i: number) =>
      pipeline.handle(
        deviceTopics.pins(site.comId),
        JSON.stringify({
          msg_id: `${site.comId}-sf${i}`,
          ts: t.clock.now().getTime() + i,
          readings: [{ pin: 'am6', value: 30 + i }],
        }),
        () => acked.push(i),
      );
    const written = async () =>
      (
        await t.pool.query<{ n: number }>(
          'select count(*)::int as n from ingest_messages where com_id = $1',
          [site.comId],
        )
      ).rows[0]?.n;

    for (let i = 0; i < 10; i++) send(i);
    await pipeline.idle();
    expect(acked.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(await written()).toBe(10);
    // No transaction: every write was one statement with the fence's check in it.
    expect(connects).toBe(0);
    const writes = statements.filter((s) => s.includes('ingest_messages'));
    expect(writes.length).toBeGreaterThan(0);
    for (const s of writes) expect(s).toContain('ingest_fence_check');

    // The statement's fence holds the lease row until it commits: a takeover waits for it.
    const { values, p } = numberedParams();
    const f = fenceInStatement(lease.fence.rows(), p);
    const gate = await t.pool.connect();
    const other = await t.pool.connect();
    try {
      await gate.query('begin');
      await gate.query('select pg_advisory_xact_lock(7315)');
      // Locks the lease row (the CTE), then waits on the advisory lock the gate holds.
      const open = t.pool.query(`with ${f.cte} select ${f.check}, pg_advisory_xact_lock(7315)`, values);
      await until('the fenced statement waits on the gate', async () => {
        const { rows } = await t.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        return rows.length > 0;
      });
      const takeover = await other
        .query(
          `set lock_timeout = '200ms'; update role_leases set epoch = epoch + 1 where name = 'test-statement-fence'`,
        )
        .then(
          () => 'taken',
          (err: { code?: string }) => err.code,
        );
      expect(takeover).toBe('55P03');
      await gate.query('commit');
      await open;
    } finally {
      gate.release();
      other.release();
    }

    // Another process takes the lease over (its epoch moves): the next batch writes nothing, is not
    // acknowledged, and the lease is lost; later messages are not written either.
    await t.pool.query(`update role_leases set epoch = epoch + 1 where name = 'test-statement-fence'`);
    send(10);
    await pipeline.idle();
    await until('the lease is lost', () => lost);
    send(11);
    await pipeline.idle();
    expect(acked).not.toContain(10);
    expect(acked).not.toContain(11);
    expect(await written()).toBe(10);
    await lease.release();
  });
});
