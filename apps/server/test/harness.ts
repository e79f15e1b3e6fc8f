/**
 * Integration-test harness: a real app (`buildApp`) on a real PostgreSQL — the system server or the
 * embedded one, chosen per vitest project (see global-setup.ts) — in a fresh schema, migrated and
 * seeded with the demo data. Use `app.inject(...)` for requests.
 *
 *   const t = await startTestServer();
 *   const res = await t.app.inject({ method: 'GET', url: '/user/auth/user', headers: await t.auth('ktbl') });
 *   await t.close();
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { signAccessToken } from '../src/auth/tokens.ts';
import { createManualClock, type ManualClock } from '../src/clock.ts';
import { type Container, createContainer } from '../src/composition.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type IngestRole, type IngestRoleDeps, startIngestRole } from '../src/ingest/ingest-role.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { createLogger } from '../src/logger.ts';
import { seedDemoData } from '../src/seed/seed.ts';

export interface TestServer {
  app: App;
  /** Pool bound to this server's schema (for arranging and asserting rows). */
  pool: Pool;
  container: Container;
  config: Config;
  /** The app's clock: starts at the real time, tests move it. */
  clock: ManualClock;
  /** The fresh schema this server uses. */
  schema: string;
  dbKind: 'system' | 'embedded';
  /** An access token of `username` (a new auth session each call), valid from the clock's now. */
  tokenFor(username: string): Promise<string>;
  /** `{ authorization: 'Bearer ...' }` for `username`. */
  auth(username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** Extra environment for loadConfig (e.g. LOGIN_MAX_FAILURES). */
  env?: Record<string, string>;
  clock?: ManualClock;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const url = inject('towerwatchDbUrl');
  const dbKind = inject('towerwatchDbKind');
  const schema = `tw_${randomBytes(6).toString('hex')}`;
  const admin = createPool({ connectionString: url, max: 1 });
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = createPool({ connectionString: url, searchPath: schema, max: 5 });
  await runMigrations(pool);
  const config = loadConfig({
    TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clock = opts.clock ?? createManualClock();
  const log = createLogger(config.logLevel);
  const container = createContainer({ config, pool, clock, log });
  if (opts.seed !== false) await seedDemoData({ pool });
  const app = await buildApp({ container, log, webDist: null });
  await app.ready();

  const tokenFor = async (username: string): Promise<string> => {
    const user = await container.repos.users.findByUsername(username);
    if (!user) throw new Error(`no user ${username}`);
    const sid = await container.repos.authSessions.createSession(user.uid, clock.now(), {});
    return signAccessToken({ sub: user.uid, sid }, config.tokenSecret, clock.now());
  };

  return {
    app,
    pool,
    container,
    config,
    clock,
    schema,
    dbKind,
    tokenFor,
    auth: async (username) => ({ authorization: `Bearer ${await tokenFor(username)}` }),
    close: async () => {
      await app.close();
      await pool.end();
      const drop = createPool({ connectionString: url, max: 1 });
      await drop.query(`drop schema ${schema} cascade`);
      await drop.end();
    },
  };
}

/**
 * The ingest role (embedded broker on a free port unless `mqttUrl` is given) wired to `t`'s pool, bus,
 * clock, log, token secret and ingest metrics; `overrides` for the rest (device rate, focused sites…).
 */
export function startTestIngestRole(
  t: TestServer,
  overrides: Partial<IngestRoleDeps> = {},
): Promise<IngestRole> {
  return startIngestRole({
    pool: t.pool,
    bus: t.container.bus,
    clock: t.clock,
    log: t.container.log,
    tokenSecret: t.config.tokenSecret,
    mqttPort: 0,
    metrics: t.container.ingestMetrics,
    ...overrides,
  });
}
