/**
 * Partition leases (partition-leases.ts) on a real PostgreSQL: workers share the partitions about
 * evenly, a dead worker's partitions are taken over once its connections close, and the fence: a
 * takeover waits for the holder's open write transaction, after which the holder cannot commit for
 * that partition (and still can for the others).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createPartitionOwner, type PartitionOwner, PartitionsLostError } from './partition-leases.ts';
import { createPool, type Pool, withTransaction } from './pool.ts';
import { FENCE_FAILED, type FenceRows, fenceInStatement, numberedParams } from './role-lease.ts';

/** The fence's single-statement form on its own (ingest/persist.ts writeAll puts it in the batch's statement). */
async function inStatement(pool: Pool, rows: FenceRows | undefined): Promise<string> {
  if (!rows) return 'no rows';
  const { values, p } = numberedParams();
  const f = fenceInStatement(rows, p);
  return pool.query(`with ${f.cte} select ${f.check}`, values).then(
    () => 'held',
    (err: { code?: string }) => String(err.code),
  );
}

const log = pino({ level: 'silent' });
const PARTITIONS = 6;

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('partition leases', () => {
  let t: TestServer;
  const pools: Pool[] = [];
  const owners: PartitionOwner[] = [];
  const poolOf = () => {
    const p = createPool({ connectionString: t.url, max: 3 });
    p.on('error', () => undefined);
    pools.push(p);
    return p;
  };
  const ownerOn = (pool: Pool, events: string[]) => {
    const o = createPartitionOwner({
      pool,
      partitions: PARTITIONS,
      ttlMs: 60_000,
      log,
      pollMs: 100,
      onTake: async (p) => {
        events.push(`take ${p}`);
      },
      onLost: (p) => events.push(`lost ${p}`),
      onRelease: async (p) => {
        events.push(`release ${p}`);
      },
    });
    owners.push(o);
    return o;
  };
  beforeAll(async () => {
    t = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    for (const o of owners) await o.stop().catch(() => undefined);
    for (const p of pools) await p.end().catch(() => undefined);
    await t?.close();
  });

  it('shares the partitions, fences a lost one in the commit, and takes a dead worker’s over', async () => {
    const poolA = poolOf();
    const eventsA: string[] = [];
    const a = ownerOn(poolA, eventsA);
    await a.start();
    expect(a.owned().size).toBe(PARTITIONS);
    const eventsB: string[] = [];
    const b = ownerOn(poolOf(), eventsB);
    await b.start();
    await until('balanced', () => a.owned().size === PARTITIONS / 2 && b.owned().size === PARTITIONS / 2);
    expect(eventsA.filter((e) => e.startsWith('release'))).toHaveLength(PARTITIONS / 2);
    const [p, q] = [...a.owned().keys()] as [number, number];

    // A takeover of p waits for A's open write transaction behind the fence.
    const other = poolOf();
    await withTransaction(poolA, async (tx) => {
      await a.fence(tx, [p, q]);
      const blocked = await other
        .query(
          `set lock_timeout = '300ms'; update partition_leases set epoch = epoch + 1 where partition = ${p}`,
        )
        .then(
          () => 'taken',
          (err: { code?: string }) => err.code,
        );
      expect(blocked).toBe('55P03');
    });
    expect(await inStatement(poolA, a.fenceRows([p, q]))).toBe('held');
    // Taken over (the epoch moved): A cannot commit for p, still can for q; in a statement of its own
    // as in a transaction.
    await other.query('update partition_leases set epoch = epoch + 1 where partition = $1', [p]);
    expect(await inStatement(poolA, a.fenceRows([p, q]))).toBe(FENCE_FAILED);
    expect(await inStatement(poolA, a.fenceRows([q]))).toBe('held');
    const lost = await withTransaction(poolA, (tx) => a.fence(tx, [p, q])).catch((err: unknown) => err);
    expect(lost).toBeInstanceOf(PartitionsLostError);
    expect([...(lost as PartitionsLostError).partitions]).toEqual([p]);
    expect(eventsA).toContain(`lost ${p}`);
    await withTransaction(poolA, (tx) => a.fence(tx, [q]));
    // Known lost: no statement form (the transaction form throws without a query).
    expect(await inStatement(poolA, a.fenceRows([p, q]))).toBe('no rows');

    // A dies: its connections close (its pool can open no new one).
    const closed = poolA.end();
    await other.query(
      'select pg_terminate_backend(holder_pid) from partition_leases where holder = $1 group by holder_pid',
      [a.worker],
    );
    await closed;
    await until('B owns every partition', () => b.owned().size === PARTITIONS);
    expect(eventsB.filter((e) => e.startsWith('take'))).toHaveLength(PARTITIONS);
  }, 60_000);
});
