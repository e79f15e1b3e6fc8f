/**
 * Integration-test harness: a real app (`buildApp`) on a real PostgreSQL — the system server or the
 * embedded one, chosen per vitest project (see global-setup.ts) — in a database of its own, copied
 * from the run's template (migrated, and seeded with the demo data unless `seed: false`).
 * Use `app.inject(...)` for requests.
 *
 *   const t = await startTestServer();
 *   const res = await t.app.inject({ method: 'GET', url: '/user/auth/user', headers: await t.auth('ktbl') });
 *   await t.close();
 */
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { signAccessToken } from '../src/auth/tokens.ts';
import { createManualClock, type ManualClock } from '../src/clock.ts';
import { type Container, createContainer } from '../src/composition.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type IngestRole, type IngestRoleDeps, startIngestRole } from '../src/ingest/ingest-role.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { createLogger } from '../src/logger.ts';
import { cloneTemplate } from './test-databases.ts';

export interface TestServer {
  app: App;
  /** Pool of this server's database (for arranging and asserting rows). */
  pool: Pool;
  /** URL of this server's own database (for more pools or child processes). */
  url: string;
  container: Container;
  config: Config;
  /** The app's clock: starts at the real time, tests move it. */
  clock: ManualClock;
  /** The schema its tables are in (`public` of its own database). */
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
  const dbKind = inject('towerwatchDbKind');
  const templates = inject('towerwatchTemplates');
  const db = await cloneTemplate(
    inject('towerwatchDbUrl'),
    opts.seed === false ? templates.bare : templates.seeded,
  );
  const schema = 'public';
  const pool = createPool({ connectionString: db.url, max: 5 });
  const config = loadConfig({
    TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clock = opts.clock ?? createManualClock();
  const log = createLogger(config.logLevel);
  const container = createContainer({ config, pool, clock, log });
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
    url: db.url,
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
      await db.drop();
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
