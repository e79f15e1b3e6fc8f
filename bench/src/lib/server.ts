/**
 * Starts the REAL Towerwatch server (apps/server/src/main.ts under tsx) as a child process on
 * loopback for a benchmark:
 * - database `embedded`: a temporary DATA_DIR (embedded PostgreSQL 18 on a free port we choose, so the
 *   benchmark can load data and count rows itself); `system`: a fresh schema on the system PostgreSQL
 *   (127.0.0.1:5432, db `test`) owned by a throw-away role whose search_path is that schema;
 * - broker `embedded`: the server's aedes broker on a free port; `mosquitto`: MQTT_URL pointing at the
 *   benchmarks' own Mosquitto (mosquitto.ts; configured as docs/operations.md asks).
 * The server seeds the demo data on first start. `stop()` shuts it down (SIGTERM) and removes the
 * temporary data / schema.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authEndpoints, EVENT_LOOP_DELAY_METRICS, type EventLoopDelayWindow } from '@towerwatch/contract';
import pg from 'pg';
import type { BrokerKind, DbKind } from './cli.ts';
import { benchMosquittoUrl } from './mosquitto.ts';
import { BENCH_NATS_PARTITIONS, type BenchWorkers, startBenchNats, startBenchWorkers } from './nats.ts';
import { cpuSeconds, descendants, rssMb } from './proc.ts';
import { freePort, REPO_ROOT, sleep } from './util.ts';

pg.types.setTypeParser(20, (v) => Number(v));

/** The system PostgreSQL the tests use (override with BENCH_SYSTEM_DATABASE_URL). */
export const SYSTEM_DATABASE_URL =
  process.env.BENCH_SYSTEM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Fixed token secret of benchmark servers (so the bench can derive the internal MQTT credential). */
export const BENCH_TOKEN_SECRET = 'bench-token-secret-bench-token-secret-0123456789';

export interface ServerOptions {
  db: DbKind;
  broker: BrokerKind;
  /** Extra environment (e.g. WEB_DIST, DB_POOL_MAX). */
  env?: Record<string, string>;
  /** Log level of the server (default warn). */
  logLevel?: string;
  /** Extra node arguments of the server process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** broker `nats`: ingest worker processes beside the server (default 1). */
  workers?: number;
  /**
   * db `system`: run on this existing schema (left by `keepSchema`) instead of a fresh one; it is kept
   * at stop.
   */
  reuseSchema?: string;
  /** db `system`: leave the schema (and its role) at stop, to measure its data again with `reuseSchema`. */
  keepSchema?: boolean;
}

export interface ServerHandle {
  db: DbKind;
  broker: BrokerKind;
  baseUrl: string;
  wsUrl: string;
  /** URL devices and load generators publish to. */
  mqttUrl: string;
  /** Pool on the server's database/schema, for loading data and counting rows. */
  pool: pg.Pool;
  /** PostgreSQL version of the server's database. */
  pgVersion: string;
  pid: number;
  /** The server's processes: the server, and with broker `nats` its ingest workers. */
  serverPids(): number[];
  /** A separate broker's process (nats-server), whose CPU is neither the server's nor the database's. */
  brokerPids(): number[];
  /** Processes whose CPU is the database's (embedded: its process tree; system: our backends). */
  dbPids(): Promise<number[]>;
  /** RSS of the server process (MiB). */
  rssMb(): number;
  /** RSS of the database processes (MiB, sum). */
  dbRssMb(): Promise<number>;
  /** The last lines the server printed (for error messages). */
  log(): string;
  /** Stops the server (graceful, then SIGKILL) and starts it again on the same data. */
  restart(): Promise<void>;
  /** kill -9 of the server process (nothing flushed; its database and broker connections drop). */
  crash(): Promise<void>;
  /** Starts the server again on the same data after crash(); resolves when /healthz answers. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The server's internal MQTT credential (apps/server/src/broker/embedded-broker.ts convention). */
export function internalMqttCredentials(tokenSecret = BENCH_TOKEN_SECRET): {
  username: string;
  password: string;
} {
  return {
    username: '$towerwatch',
    password: createHmac('sha256', tokenSecret).update('towerwatch mqtt internal v1').digest('base64url'),
  };
}

/** A short random id. */
export const randomId = () => randomBytes(5).toString('hex');

interface SystemSchema {
  role: string;
  url: string;
  drop(): Promise<void>;
}

async function createSystemSchema(reuse: string | undefined, keep: boolean): Promise<SystemSchema> {
  if (reuse !== undefined && !/^twbench_[0-9a-f]{10}$/.test(reuse))
    throw new Error(`reuseSchema: '${reuse}' is not a benchmark schema (twbench_ and 10 hex digits)`);
  const role = reuse ?? `twbench_${randomId()}`;
  const admin = new pg.Client({ connectionString: SYSTEM_DATABASE_URL });
  await admin.connect();
  try {
    if (reuse === undefined) {
      await admin.query(`create role ${role} login`);
      await admin.query(`create schema ${role} authorization ${role}`);
      await admin.query(`alter role ${role} set search_path = ${role}`);
    } else {
      const { rowCount } = await admin.query('select 1 from pg_namespace where nspname = $1', [role]);
      if (!rowCount) throw new Error(`reuseSchema: no schema ${role}`);
    }
  } finally {
    await admin.end();
  }
  if (keep || reuse !== undefined)
    console.log(`benchmark schema ${role} is kept at stop (drop it when done)`);
  const url = new URL(SYSTEM_DATABASE_URL);
  url.username = role;
  url.password = '';
  return {
    role,
    url: url.toString(),
    async drop() {
      if (keep || reuse !== undefined) return;
      const c = new pg.Client({ connectionString: SYSTEM_DATABASE_URL });
      await c.connect();
      try {
        await c.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where usename = $1 and pid <> pg_backend_pid()',
          [role],
        );
        await c.query(`drop schema if exists ${role} cascade`);
        await c.query(`drop role if exists ${role}`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Starts a server; resolves when /healthz answers. */
export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  const port = await freePort();
  const mqttPort = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-bench-'));
  const system =
    opts.db === 'system' ? await createSystemSchema(opts.reuseSchema, opts.keepSchema === true) : null;
  const { DATABASE_URL: _d, MQTT_URL: _m, ...inherited } = process.env;
  const mosquittoUrl = opts.broker === 'mosquitto' ? await benchMosquittoUrl() : null;
  const nats = opts.broker === 'nats' ? await startBenchNats() : null;
  let workers: BenchWorkers | null = null;
  const env: Record<string, string | undefined> = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    MQTT_PORT: String(mqttPort),
    TOKEN_SECRET: BENCH_TOKEN_SECRET,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    SIMULATOR: 'off',
    SEED_ON_EMPTY: 'on',
    // Autocannon hammers login from one address; the limit counts failures only, keep it generous.
    LOGIN_MAX_FAILURES: '1000000',
    // Publishers send hundreds of messages per second per device (a handful of devices in tiny runs):
    // far above the device protocol's 10/s, so the limit is raised (its check stays on the hot path).
    DEVICE_MAX_MSG_PER_S: '100000',
    ...(system ? { DATABASE_URL: system.url } : {}),
    // Mosquitto: the ingest subscription is a persistent session; one of its own per benchmark server
    // (kept across restart() and crash()), short-lived so sessions of finished runs do not pile up.
    ...(mosquittoUrl
      ? {
          MQTT_URL: mosquittoUrl,
          MQTT_CLIENT_ID: `towerwatch-bench-${randomId()}`,
          MQTT_SESSION_EXPIRY_S: '120',
        }
      : {}),
    // NATS: this process serves the API; ingest runs in the workers (started once it seeded).
    ...(nats
      ? { NATS_URL: nats.url, NATS_PARTITIONS: String(BENCH_NATS_PARTITIONS), ROLES: 'api,live,jobs' }
      : {}),
    ...opts.env,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(
      process.execPath,
      [
        ...productNodeFlags(),
        ...(opts.nodeArgs ?? []),
        '--import',
        'tsx',
        path.join('apps', 'server', 'src', 'main.ts'),
      ],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not become healthy in 180 s:\n${output}`);
      await sleep(200);
    }
  };

  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  const dbUrlOf = () =>
    system
      ? system.url
      : `postgres://postgres:${encodeURIComponent(readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim())}@127.0.0.1:${pgPort}/towerwatch`;
  try {
    await launch();
    if (nats)
      workers = await startBenchWorkers(env, dbUrlOf(), opts.workers ?? 1, [
        ...productNodeFlags(),
        ...(opts.nodeArgs ?? []),
      ]);
  } catch (err) {
    await workers?.stop().catch(() => undefined);
    await halt().catch(() => undefined);
    await nats?.stop().catch(() => undefined);
    await system?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const dbUrl = dbUrlOf();
  const pool = new pg.Pool({
    connectionString: dbUrl,
    max: 4,
    application_name: 'towerwatch-bench',
    options: '-c TimeZone=UTC',
  });
  pool.on('error', () => undefined);
  const { rows } = await pool.query<{ v: string }>("select current_setting('server_version') as v");
  const pgVersion = rows[0]?.v ?? 'unknown';

  const dbPids = async (): Promise<number[]> => {
    if (!system) return descendants(child.pid as number).filter((pid) => pid !== child.pid);
    const res = await pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where usename = current_user and application_name = 'towerwatch'`,
    );
    return res.rows.map((r) => r.pid);
  };

  return {
    db: opts.db,
    broker: opts.broker,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}/wss`,
    mqttUrl: nats?.mqttUrl ?? mosquittoUrl ?? `mqtt://127.0.0.1:${mqttPort}`,
    pool,
    pgVersion,
    get pid() {
      return child.pid as number;
    },
    serverPids: () => [child.pid as number, ...(workers?.pids() ?? [])],
    brokerPids: () => (nats ? [nats.pid] : []),
    dbPids,
    rssMb: () => rssMb(child.pid as number),
    async dbRssMb() {
      const pids = await dbPids();
      return pids.reduce((sum, pid) => sum + rssMb(pid), 0);
    },
    log: () => output,
    async restart() {
      await halt();
      await launch();
    },
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
    start: () => launch(),
    async stop() {
      await pool.end().catch(() => undefined);
      await workers?.stop();
      await halt();
      await nats?.stop();
      await system?.drop().catch((err: unknown) => console.warn(`could not drop ${system.role}: ${err}`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The node flags the product runs its server with: those of `npm start` (apps/server/package.json's
 * `start` script, `node <flags> --import tsx src/main.ts`), read from there so the benchmarks measure the
 * server as it is deployed (docs/decisions/young-generation-64mb.md). A run's
 * `--node-flags` come after them (V8 takes the last value of a flag).
 */
export function productNodeFlags(): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'apps', 'server', 'package.json'), 'utf8'),
  ) as {
    scripts?: { start?: string };
  };
  const start = manifest.scripts?.start ?? '';
  const match = /^node((?:\s+--[^\s]+)*)\s+--import tsx\s/.exec(start);
  if (!match) throw new Error(`apps/server's start script is not "node [flags] --import tsx …": ${start}`);
  return (match[1] ?? '').split(/\s+/).filter((flag) => flag.length > 0);
}

/** CPU seconds of the server process (for sampling). */
export function serverCpuSeconds(server: ServerHandle): number {
  return cpuSeconds(server.pid);
}

/** POST /user/auth/login; returns the access token. */
export async function login(baseUrl: string, username: string, password = 'towerwatch'): Promise<string> {
  const res = await fetch(`${baseUrl}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token)
    throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Ingest counters and gauges from GET /metrics (Prometheus text; a scrape starts a new event-loop window). */
export async function ingestMetrics(baseUrl: string): Promise<Record<string, number>> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const out: Record<string, number> = {};
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [key, value] = line.split(' ');
    if (key && value !== undefined) out[key] = Number(value);
  }
  return out;
}

/**
 * The server's event-loop delay (ms) since the previous scrape of GET /metrics, which starts a new
 * window: read once before a step (discarded) and once at its end. Null when /metrics cannot be read.
 */
export async function eventLoopDelay(baseUrl: string): Promise<EventLoopDelayWindow | null> {
  try {
    const m = await ingestMetrics(baseUrl);
    const value = (name: string) => {
      const v = m[name];
      return v === undefined || Number.isNaN(v) ? null : v;
    };
    return {
      p50Ms: value(EVENT_LOOP_DELAY_METRICS.p50Ms),
      p99Ms: value(EVENT_LOOP_DELAY_METRICS.p99Ms),
      maxMs: value(EVENT_LOOP_DELAY_METRICS.maxMs),
      meanMs: value(EVENT_LOOP_DELAY_METRICS.meanMs),
      samples: value(EVENT_LOOP_DELAY_METRICS.samples) ?? 0,
    };
  } catch {
    return null;
  }
}
