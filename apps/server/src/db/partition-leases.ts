/**
 * Partition leases of the NATS ingest workers (table `partition_leases`, migration 0800;
 * docs/decisions/nats-partitioned-ingest.md): each partition of the device stream has one owner at a
 * time, a lease with an epoch, and the workers alive share the partitions about evenly.
 *
 * - **Fenced in the commit**: a write transaction starts with {@link PartitionOwner.fence} for the
 *   partitions it writes for, which locks their rows *at this worker's epochs* (`for key share`). A
 *   takeover changes the epoch (a key column), so it waits for the holder's open write transactions,
 *   and every later one finds no row at the old epoch and rolls back ({@link PartitionsLostError}).
 * - **Workers** heartbeat a row in `ingest_workers` every {@link LEASE_POLL_MS}; each aims at
 *   ceil(partitions / live workers): it takes free, expired or orphaned partitions up to that, and
 *   gives up what is above it (after its consumer stopped and its messages in flight settled).
 * - **Takeover bound**: a dead worker's lease session leaves `pg_stat_activity` when its connections
 *   close (kill -9: at once), and the others take its partitions at their next poll (~1 s); a worker
 *   whose connections stay half open (lost host) or that stops renewing (frozen) is taken over after
 *   the TTL (LEASE_TTL_S) plus a poll.
 */
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Queryable } from './pool.ts';
import {
  type FenceRows,
  LEASE_POLL_MS,
  leaseSession,
  numberedParams,
  type SqlParam,
  sleep,
  TAKEOVER_LOCK_WAIT,
} from './role-lease.ts';

/** A write for partitions this worker does not own (any more): the transaction rolled back. */
export class PartitionsLostError extends Error {
  readonly code = 'TW_PARTITIONS_LOST';
  constructor(readonly partitions: ReadonlySet<number>) {
    super(`ingest partitions ${[...partitions].join(', ')} are owned by another worker`);
  }
}

export interface PartitionOwnerOptions {
  pool: pg.Pool;
  /** Partitions of the stream (0 … n-1). */
  partitions: number;
  ttlMs: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  /** This worker now owns `partition` at `epoch`: start consuming it (rejecting gives it back). */
  onTake(partition: number, epoch: number): Promise<void>;
  /** `partition` was lost (taken over, or not renewed for the TTL): stop consuming, acknowledge nothing more. */
  onLost(partition: number): void;
  /** `partition` is given up to balance the workers: stop consuming it and settle what is in flight. */
  onRelease(partition: number): Promise<void>;
}

export interface PartitionOwner {
  /** This worker's id (`host:pid:random`, the `holder` of its rows). */
  readonly worker: string;
  /** Owned partitions and their epochs. */
  owned(): ReadonlyMap<number, number>;
  /** First statement of a write transaction for `partitions`: throws {@link PartitionsLostError}. */
  fence(tx: Queryable, partitions: Iterable<number>): Promise<void>;
  /**
   * The same check inside one write statement (role-lease.ts FenceRows); undefined when a partition
   * is not owned (the fence above throws for it without a query).
   */
  fenceRows(partitions: Iterable<number>): FenceRows | undefined;
  /** Joins the workers: resolves after the first poll (partitions taken); then polls in the background. */
  start(): Promise<void>;
  /** Stops balancing, gives every partition up (others take them at once) and leaves. */
  stop(): Promise<void>;
}

/** The lease rows of `partitions` still at this owner's epochs, locked `for key share` (the fence). */
function heldSelect(partitions: number[], owned: ReadonlyMap<number, number>, p: SqlParam): string {
  const epochs = partitions.map((q) => owned.get(q));
  return `select l.partition from partition_leases l
            join unnest(${p(partitions, 'int[]')}, ${p(epochs, 'bigint[]')}) as u(p, e)
              on l.partition = u.p and l.epoch = u.e
            for key share of l`;
}

/** The rows of partitions 0 … n-1 (idempotent). */
export async function insertPartitionRows(pool: Queryable, partitions: number): Promise<void> {
  await pool.query(
    `insert into partition_leases (partition) select generate_series(0, $1::int - 1) on conflict do nothing`,
    [partitions],
  );
}

/**
 * Runs `fn` with the partition's current epoch while no takeover can change it (the row locked
 * `for share`: a takeover's epoch update waits): what `fn` creates for that epoch is what its owner
 * would create, never a stale epoch's. The row must exist ({@link insertPartitionRows}).
 */
export async function atPartitionEpoch(
  pool: pg.Pool,
  partition: number,
  fn: (epoch: number) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ epoch: string }>(
      'select epoch from partition_leases where partition = $1 for share',
      [partition],
    );
    await fn(Number(rows[0]?.epoch ?? 0));
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A partition owner; {@link PartitionOwner.start} starts it (its fence works from the start). */
export function createPartitionOwner(o: PartitionOwnerOptions): PartitionOwner {
  const worker = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const session = leaseSession(o.pool);
  const ttlS = o.ttlMs / 1000;
  const owned = new Map<number, number>();
  let renewedAt = Date.now();
  let stopping = false;

  const lose = (p: number, why: string) => {
    if (!owned.delete(p)) return;
    o.log.error(
      { partition: p, worker },
      `ingest partition ${p} lost (${why}); this worker stops writing it`,
    );
    o.onLost(p);
  };

  /** Renews the owned rows; what did not come back at its epoch was taken over. */
  async function renew(): Promise<void> {
    try {
      const { rows } = await session.query<{ partition: number; epoch: string }>(
        `update partition_leases set expires_at = now() + make_interval(secs => $2), holder_pid = pg_backend_pid()
          where holder = $1 returning partition, epoch`,
        [worker, ttlS],
      );
      const now = new Map(rows.map((r) => [r.partition, Number(r.epoch)]));
      for (const [p, epoch] of [...owned]) if (now.get(p) !== epoch) lose(p, 'taken over');
      renewedAt = Date.now();
    } catch (err) {
      o.log.error({ err, worker }, 'partition leases: renewal failed');
      // Not renewed for a whole TTL: others may own them by now (the fence stops our writes anyway).
      if (Date.now() - renewedAt > o.ttlMs) for (const p of [...owned.keys()]) lose(p, 'not renewed');
    }
  }

  /** Heartbeat; returns how many partitions this worker should own. */
  async function target(): Promise<number> {
    await session.query(
      `insert into ingest_workers (worker, holder_pid, expires_at)
       values ($1, pg_backend_pid(), now() + make_interval(secs => $2))
       on conflict (worker) do update set holder_pid = excluded.holder_pid, expires_at = excluded.expires_at`,
      [worker, ttlS],
    );
    await session.query(
      `delete from ingest_workers w
        where w.expires_at < now() or not exists (select 1 from pg_stat_activity a where a.pid = w.holder_pid)`,
    );
    const { rows } = await session.query<{ n: number }>('select count(*)::int as n from ingest_workers');
    return Math.ceil(o.partitions / Math.max(1, rows[0]?.n ?? 1));
  }

  async function take(count: number): Promise<void> {
    const { rows } = await session.query<{ partition: number; epoch: string }>(
      `update partition_leases l
          set epoch = l.epoch + 1, holder = $1, holder_pid = pg_backend_pid(),
              expires_at = now() + make_interval(secs => $2), acquired_at = now()
        where l.partition in (
                select c.partition from partition_leases c
                 where c.partition < $3
                   and (c.holder_pid is null or c.expires_at < now()
                        or not exists (select 1 from pg_stat_activity a where a.pid = c.holder_pid))
                 order by c.holder_pid is not null, random() limit $4)
          and (l.holder_pid is null or l.expires_at < now()
               or not exists (select 1 from pg_stat_activity a where a.pid = l.holder_pid))
        returning l.partition, l.epoch`,
      [worker, ttlS, o.partitions, count],
    );
    for (const r of rows.sort((a, b) => a.partition - b.partition)) {
      // Starting a partition waits for the broker (slow while it elects leaders): keep the rest renewed.
      if (Date.now() - renewedAt > o.ttlMs / 3) await renew();
      const epoch = Number(r.epoch);
      owned.set(r.partition, epoch);
      try {
        await o.onTake(r.partition, epoch);
        o.log.info({ partition: r.partition, epoch, worker }, `ingest partition ${r.partition} taken`);
      } catch (err) {
        o.log.error({ err, partition: r.partition }, 'could not start a taken partition; giving it back');
        owned.delete(r.partition);
        await giveUp(r.partition, epoch);
      }
    }
  }

  async function giveUp(p: number, epoch: number): Promise<void> {
    await session
      .query(
        `update partition_leases set holder = null, holder_pid = null, expires_at = '-infinity'
          where partition = $1 and epoch = $2 and holder = $3`,
        [p, epoch, worker],
      )
      .catch((err: unknown) => o.log.warn({ err, partition: p }, 'partition release failed (it expires)'));
  }

  async function release(p: number): Promise<void> {
    const epoch = owned.get(p);
    if (epoch === undefined) return;
    await o.onRelease(p).catch((err: unknown) => o.log.warn({ err, partition: p }, 'partition drain failed'));
    owned.delete(p);
    await giveUp(p, epoch);
    o.log.info({ partition: p, epoch, worker }, `ingest partition ${p} released`);
  }

  async function poll(): Promise<void> {
    await renew();
    const want = await target();
    if (owned.size < want) await take(want - owned.size);
    else if (owned.size > want) {
      const extra = [...owned.keys()].sort((a, b) => b - a).slice(0, owned.size - want);
      for (const p of extra) {
        if (stopping) break;
        if (Date.now() - renewedAt > o.ttlMs / 3) await renew();
        await release(p);
      }
    }
  }

  const pollOnce = () =>
    poll().catch((err: unknown) => o.log.error({ err, worker }, 'partition leases: poll failed; retrying'));
  const abort = new AbortController();
  let loop: Promise<void> = Promise.resolve();

  return {
    worker,
    async start() {
      await insertPartitionRows(o.pool, o.partitions);
      await session.query(`set lock_timeout = '${TAKEOVER_LOCK_WAIT}'`);
      await pollOnce();
      loop = (async () => {
        while (!stopping) {
          await sleep(o.pollMs ?? LEASE_POLL_MS, abort.signal);
          if (!stopping) await pollOnce();
        }
      })();
    },
    owned: () => owned,
    async fence(tx, partitions) {
      const wanted = [...new Set(partitions)];
      const lost = new Set(wanted.filter((p) => !owned.has(p)));
      const mine = wanted.filter((p) => owned.has(p));
      if (mine.length > 0) {
        const { values, p } = numberedParams();
        const { rows } = await tx.query<{ partition: number }>(heldSelect(mine, owned, p), values);
        const held = new Set(rows.map((r) => r.partition));
        for (const p of mine)
          if (!held.has(p)) {
            lost.add(p);
            lose(p, 'fenced');
          }
      }
      if (lost.size > 0) throw new PartitionsLostError(lost);
    },
    fenceRows(partitions) {
      const mine = [...new Set(partitions)];
      if (mine.some((p) => !owned.has(p))) return undefined;
      return {
        select: (p) => heldSelect(mine, owned, p),
        rows: mine.length,
      };
    },
    async stop() {
      stopping = true;
      abort.abort();
      await loop;
      for (const p of [...owned.keys()]) await release(p);
      await session.query('delete from ingest_workers where worker = $1', [worker]).catch(() => undefined);
      session.close();
    },
  };
}
