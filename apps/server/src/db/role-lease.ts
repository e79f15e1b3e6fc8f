/**
 * A single-writer lease of a server role in PostgreSQL (table `role_leases`, migration 0750;
 * docs/decisions/ingest-single-writer-lease.md): of all processes running the role on one database,
 * one holds the lease and works; the others wait as standbys and take over when it dies.
 *
 * - **Fenced in the commit**: the holder's every write transaction starts with {@link RoleLease.fence},
 *   which locks the lease row *at the holder's epoch* (`for key share`). A takeover changes the epoch
 *   (a key column), so it waits for the holder's open write transactions, and every later one finds
 *   no row at the old epoch and rolls back: a process that lost the lease (starved, paused, cut off)
 *   can never commit again.
 * - **Takeover**: a standby polls every {@link LEASE_POLL_MS}; it takes the lease when the holder's
 *   lease session is gone from `pg_stat_activity` (the process died: its connections closed, within
 *   about a second) or when the holder did not renew for the TTL (a frozen process, a host lost with
 *   its connections half open). A holder frozen in the middle of a write transaction would block the
 *   takeover: once the lease expired, the standby ends the backends blocking it.
 * - **Renewal**: the holder renews every TTL/3 on its own lease session; finding another epoch means
 *   the lease was lost ({@link RoleLease.lost}).
 */
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Queryable } from './pool.ts';

/** How often a standby tries to take the lease (ms). */
export const LEASE_POLL_MS = 1000;

/** How long a takeover waits for the old holder's open write transaction before ending it. */
export const TAKEOVER_LOCK_WAIT = '5s';

/**
 * A write transaction of a process that no longer holds its lease (the transaction rolled back).
 * `only`: the lease lost covers only the messages of these com_ids (a partition lease,
 * db/partition-leases.ts); the rest may be written again without them. Unset: the whole role's.
 */
export class LeaseLostError extends Error {
  readonly code = 'TW_LEASE_LOST';
  constructor(
    name: string,
    epoch: number,
    readonly only?: ReadonlySet<string>,
  ) {
    super(`the ${name} lease (epoch ${epoch}) is held by another process`);
  }
}

export interface RoleLease {
  readonly name: string;
  readonly epoch: number;
  /** The persistent MQTT session of the role (set by the first holder; every later one resumes it). */
  readonly mqttClientId: string | null;
  /** First statement of every write transaction: throws {@link LeaseLostError} once the lease is lost. */
  readonly fence: Fence;
  /** Resolves when the lease is lost (another process holds it) or released. */
  readonly lost: Promise<void>;
  /** Gives the lease up (a standby takes over at once) and closes the lease session. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  pool: pg.Pool;
  name: string;
  ttlMs: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Proposed MQTT session id (kept if the row names none yet). */
  mqttClientId?: string;
  /** Aborts the wait (the process is stopping); acquire then rejects. */
  signal?: AbortSignal;
  /** Standby poll interval (default {@link LEASE_POLL_MS}). */
  pollMs?: number;
  /** Called once when the first attempt finds the lease held by a live process (this one waits). */
  onStandby?: () => void;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** The lease's own session (a pool client kept for good), replaced when it breaks. */
export function leaseSession(pool: pg.Pool) {
  let client: pg.PoolClient | null = null;
  return {
    async query<R extends pg.QueryResultRow>(
      sql: string,
      params: unknown[] = [],
    ): Promise<pg.QueryResult<R>> {
      if (!client) {
        const c = await pool.connect();
        c.on('error', () => undefined);
        client = c;
      }
      const c = client;
      try {
        return await c.query<R>(sql, params);
      } catch (err) {
        // A failed statement (an SQLSTATE outside connection and shutdown errors) leaves the session
        // usable; anything else replaces it.
        const code = String((err as { code?: unknown }).code ?? '');
        if (!/^[0-9A-Z]{5}$/.test(code) || code.startsWith('08') || code.startsWith('57')) {
          client = null;
          c.release(true);
        }
        throw err;
      }
    },
    close() {
      client?.release(true);
      client = null;
    },
  };
}

/**
 * Waits until this process holds the lease `name` (at once when nobody holds it) and keeps it
 * renewed. Rejects only when `signal` aborts.
 */
export async function acquireRoleLease(o: LeaseOptions): Promise<RoleLease> {
  const session = leaseSession(o.pool);
  const holder = `${hostname()}:${process.pid}`;
  const ttlS = o.ttlMs / 1000;
  await o.pool.query('insert into role_leases (name) values ($1) on conflict (name) do nothing', [o.name]);
  let waiting = false;
  for (;;) {
    if (o.signal?.aborted) {
      session.close();
      throw new Error(`stopped while waiting for the ${o.name} lease`);
    }
    try {
      const got = await tryTake(session, o, holder, ttlS);
      if (got) return holdLease(session, o, got, ttlS);
      // Held by a live process: tell it once, then wait.
      const row = await o.pool.query<{ holder: string | null }>(
        'select holder from role_leases where name = $1',
        [o.name],
      );
      const current = row.rows[0];
      if (!waiting) {
        waiting = true;
        o.onStandby?.();
        o.log.warn(
          { lease: o.name, holder: current?.holder, ttlS },
          `another process (${current?.holder ?? '?'}) holds the ${o.name} lease: this one waits as a standby and takes over when it stops or fails to renew for ${ttlS} s`,
        );
      }
    } catch (err) {
      if ((err as { code?: unknown }).code === '55P03') await endBlockers(o, session).catch(() => undefined);
      else o.log.error({ err, lease: o.name }, 'lease: could not try to take it; retrying');
    }
    await sleep(o.pollMs ?? LEASE_POLL_MS, o.signal);
  }
}

/** Adds a statement parameter of `type`; returns its placeholder (`$n::type`). */
export type SqlParam = (v: unknown, type: string) => string;

/**
 * A fence's check inside one write statement (ingest/persist.ts `writeAll`): a select that locks the
 * lease rows at the writer's epochs `for key share`, and how many rows it must find. The statement
 * raises SQLSTATE {@link FENCE_FAILED} when it finds fewer, so nothing of it commits; the writer then
 * runs the fence itself for its error and book-keeping. One round trip instead of a transaction's four.
 */
export interface FenceRows {
  /** The select, its parameters added by `p` (returns the placeholder). */
  select(p: SqlParam): string;
  rows: number;
}

/** SQLSTATE of a write statement whose {@link FenceRows} found fewer rows (migration 0915_ingest_fence_check). */
export const FENCE_FAILED = 'TW002';

/**
 * {@link FenceRows} in a statement: a CTE named `fence` and a select-list expression that raises
 * {@link FENCE_FAILED} when it found fewer rows (it must be selected: a CTE nobody reads does not run).
 */
export function fenceInStatement(rows: FenceRows, p: SqlParam): { cte: string; check: string } {
  return {
    cte: `fence as (${rows.select(p)})`,
    check: `ingest_fence_check(${p(rows.rows, 'int')}, (select count(*) from fence))`,
  };
}

/** A lease's fence: the transaction form (first statement) and the single-statement form. */
export interface Fence {
  (tx: Queryable): Promise<void>;
  rows(): FenceRows;
}

/** Parameters numbered $1, $2, … for a statement of its own. */
export function numberedParams(): { values: unknown[]; p: SqlParam } {
  const values: unknown[] = [];
  return {
    values,
    p: (v, type) => {
      values.push(v);
      return `$${values.length}::${type}`;
    },
  };
}

/**
 * The fence of lease `name` held at `epoch` (see the module comment): run first in a write
 * transaction; calls `onLost` and throws {@link LeaseLostError} when the epoch is no longer the
 * lease's. Also built apart from the lease by a thread that writes for its holder (ingest/thread/).
 */
export function leaseFence(name: string, epoch: number, onLost: () => void): Fence {
  const rows = (): FenceRows => ({
    select: (p) =>
      `select 1 from role_leases where name = ${p(name, 'text')} and epoch = ${p(epoch, 'bigint')} for key share`,
    rows: 1,
  });
  const fence = async (tx: Queryable) => {
    const { values, p } = numberedParams();
    const { rowCount } = await tx.query(rows().select(p), values);
    if (rowCount === 0) {
      onLost();
      throw new LeaseLostError(name, epoch);
    }
  };
  return Object.assign(fence, { rows });
}

interface Taken {
  epoch: number;
  mqttClientId: string | null;
}

/** One takeover attempt on the lease session; null when a live holder has it. */
async function tryTake(
  session: ReturnType<typeof leaseSession>,
  o: LeaseOptions,
  holder: string,
  ttlS: number,
): Promise<Taken | null> {
  // A holder's open write transaction holds the row `for key share`: wait for it a little only.
  await session.query(`set lock_timeout = '${TAKEOVER_LOCK_WAIT}'`);
  const { rows } = await session.query<{ epoch: string; mqtt_client_id: string | null }>(
    `update role_leases l
        set epoch = l.epoch + 1, holder = $2, holder_pid = pg_backend_pid(),
            expires_at = now() + make_interval(secs => $3), acquired_at = now(),
            mqtt_client_id = coalesce(l.mqtt_client_id, $4)
      where l.name = $1
        and (l.holder_pid is null
             or l.expires_at < now()
             or not exists (select 1 from pg_stat_activity a where a.pid = l.holder_pid))
      returning l.epoch, l.mqtt_client_id`,
    [o.name, holder, ttlS, o.mqttClientId ?? null],
  );
  const r = rows[0];
  return r ? { epoch: Number(r.epoch), mqttClientId: r.mqtt_client_id } : null;
}

/**
 * A takeover waited {@link TAKEOVER_LOCK_WAIT} for the old holder's write transaction: the lease had
 * expired or its holder's lease session is gone, yet a transaction behind its fence stays open (a
 * frozen process). Ends the backends holding row locks on `role_leases` (only fences take them).
 */
async function endBlockers(o: LeaseOptions, session: ReturnType<typeof leaseSession>): Promise<void> {
  const { rows } = await session.query<{ pid: number }>(
    `select distinct pid from pg_locks
      where relation = 'role_leases'::regclass and mode = 'RowShareLock' and granted
        and pid <> pg_backend_pid()`,
  );
  for (const r of rows) {
    o.log.warn(
      { lease: o.name, pid: r.pid },
      'lease expired; ending the old holder backend that blocks the takeover',
    );
    await session.query('select pg_terminate_backend($1)', [r.pid]).catch(() => undefined);
  }
}

function holdLease(
  session: ReturnType<typeof leaseSession>,
  o: LeaseOptions,
  taken: Taken,
  ttlS: number,
): RoleLease {
  const { epoch } = taken;
  let markLost: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => {
    markLost = resolve;
  });
  let stopped = false;
  let renewedAt = Date.now();
  o.log.info(
    { lease: o.name, epoch, mqttClientId: taken.mqttClientId },
    `${o.name} lease taken: this process is active`,
  );
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    markLost();
  };
  const renew = async () => {
    try {
      const { rowCount } = await session.query(
        `update role_leases set expires_at = now() + make_interval(secs => $3), holder_pid = pg_backend_pid()
          where name = $1 and epoch = $2`,
        [o.name, epoch, ttlS],
      );
      if (stopped) return;
      if (rowCount === 0) {
        o.log.error(
          { lease: o.name, epoch },
          `${o.name} lease lost: another process took over; this one stops writing`,
        );
        stop();
        return;
      }
      renewedAt = Date.now();
    } catch (err) {
      if (stopped) return;
      o.log.error({ err, lease: o.name }, 'lease: renewal failed');
      // Not renewed for a whole TTL: a standby may hold it by now (the fence stops our writes anyway).
      if (Date.now() - renewedAt > o.ttlMs) stop();
    }
  };
  const timer = setInterval(() => void renew(), Math.max(200, o.ttlMs / 3));
  timer.unref();
  return {
    name: o.name,
    epoch,
    mqttClientId: taken.mqttClientId,
    fence: leaseFence(o.name, epoch, stop),
    lost,
    async release() {
      if (stopped) {
        session.close();
        return;
      }
      stop();
      await session
        .query(
          `update role_leases set holder_pid = null, expires_at = '-infinity' where name = $1 and epoch = $2`,
          [o.name, epoch],
        )
        .catch((err: unknown) => o.log.warn({ err, lease: o.name }, 'lease: release failed (it expires)'));
      session.close();
    },
  };
}
