/** The one `pg` Pool factory. Repositories receive a `Pool` (or a client inside a transaction). */
import pg from 'pg';

// int8 (bigint: event ids, counts) as JS numbers: our ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

export interface PoolOptions {
  connectionString: string;
  /** Schema to use (tests use a fresh schema per run); default: the server's search_path. */
  searchPath?: string;
  max?: number;
  applicationName?: string;
}

/**
 * How often PostgreSQL checks, while it runs a statement, that the session's client is still there
 * (`client_connection_check_interval`, PostgreSQL 14+). Without it the statement of a process that died
 * (kill -9, a lost lease's worker, a restarted jobs role) runs on to its end: a daily rollup statement
 * of a stopped server ran 20 more minutes, holding the rows its successor had to recompute.
 */
const CONNECTION_CHECK_MS = 5000;

/**
 * Creates a pool of UTC sessions without JIT compilation whose statements end soon after their
 * process dies ({@link CONNECTION_CHECK_MS}); with `searchPath` every connection uses that schema first.
 *
 * JIT off (docs/decisions/no-jit-in-server-sessions.md): on a PostgreSQL built
 * with LLVM (Debian's, most hosted ones; the embedded build has none) a site list page of 1,000
 * sites spent 231 of its 329 ms compiling expressions, because the planner's cost of its per-site
 * subqueries passed `jit_above_cost`; with JIT off the same page takes 95 ms.
 */
export function createPool(opts: PoolOptions): pg.Pool {
  return poolFromSpec(
    {
      connectionString: opts.connectionString,
      applicationName: opts.applicationName ?? 'towerwatch',
      // UTC sessions everywhere (ARCHITECTURE "Time is stored in UTC"), whatever the server's TimeZone.
      options: `-c TimeZone=UTC -c jit=off -c client_connection_check_interval=${CONNECTION_CHECK_MS}${opts.searchPath ? ` -c search_path=${opts.searchPath}` : ''}`,
    },
    opts.max ?? 10,
  );
}

/** What another thread needs to open a pool like `pool` (same database, schema and session settings). */
export interface PoolSpec {
  connectionString: string;
  options: string;
  applicationName: string;
}

/** The {@link PoolSpec} of a pool made by {@link createPool}. */
export function poolSpecOf(pool: pg.Pool): PoolSpec {
  const o = pool.options as pg.PoolConfig & { options?: string; application_name?: string };
  return {
    connectionString: o.connectionString ?? '',
    options: o.options ?? '',
    applicationName: o.application_name ?? 'towerwatch',
  };
}

/** A pool of `max` connections with `spec`'s database and session settings (another thread's too). */
export function poolFromSpec(spec: PoolSpec, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: spec.connectionString,
    max,
    application_name: spec.applicationName,
    options: spec.options,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `fn` in a transaction on one client: commit on success, rollback on error. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
