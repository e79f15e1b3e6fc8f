/**
 * Compressed history under kill -9 (docs/requirements.md#compressed-history): a real server process
 * (`src/main.ts`, ROLES=jobs, TELEMETRY_COMPRESS_AFTER_DAYS=1) packs eight days of telemetry; it is
 * killed with SIGKILL midway: the test holds a lock on one raw row of the fourth day, so the process has
 * packed the days before it and waits inside the statement of that day when it is killed (its database
 * session is then ended, as a crashed client's is). Every reading is then still there exactly once (count
 * and checksum of raw + packed readings unchanged); a second process finishes the job, and after it no raw
 * reading older than the age is left and the readings are still the same.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { cloneTemplate } from './test-databases.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const DAY = 86_400_000;
const DEVICES = 12;
const DAYS = 8;
/** The day (from the first) whose statement the first process is killed in. */
const BLOCKED_DAY = 3;

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-compress-'));

/** A server process running the jobs role only, in its own process group. */
async function startJobs(name: string): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dataDir, name),
      PORT: String(await freePort()),
      ROLES: 'jobs',
      TELEMETRY_COMPRESS_AFTER_DAYS: '1',
      TOKEN_SECRET: 'compress-test-secret-compress-test-secret-0123',
      SIMULATOR: 'off',
      SEED_ON_EMPTY: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
  });
  children.push(child);
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

function sigkill(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // gone already
  }
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Count and checksum of every reading of the sample, raw or packed; and the raw ones left. */
async function readings(from: Date, to: Date) {
  const { rows } = await pool.query<{ n: number; sum: string; raw: number; packed: number }>(
    `select (select count(*)::int from telemetry_between($1, $2)) as n,
            (select sum(hashtext(com_id || ts::text || pin_names::text || pin_values::text)::bigint)::text
               from telemetry_between($1, $2)) as sum,
            (select count(*)::int from telemetry where ts >= $1 and ts < $2) as raw,
            (select count(*)::int from telemetry_days) as packed`,
    [from, to],
  );
  return rows[0] as { n: number; sum: string; raw: number; packed: number };
}

beforeAll(async () => {
  db = await cloneTemplate(inject('towerwatchDbUrl'), inject('towerwatchTemplates').seeded);
  pool = createPool({ connectionString: db.url, max: 3 });
});
afterAll(async () => {
  for (const c of children) sigkill(c);
  await pool?.end();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('telemetry compression killed midway', () => {
  it('loses and doubles no reading, and the next process finishes the job', async () => {
    // Eight days ending three days ago, one reading a minute of 12 devices (138,240 messages).
    const end = Math.floor((Date.now() - 3 * DAY) / DAY) * DAY;
    const from = new Date(end - DAYS * DAY);
    await pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values)
       select 'KILL' || c, $1::timestamptz + m * interval '1 minute' + c * interval '1 second', '{am6,am4,di1}',
              array[50 + ((m * 7 + c) % 23) * 0.13, 30 + (m % 11) * 0.5, (m / 600) % 2]
         from generate_series(0, ${DAYS * 1440 - 1}) m cross join generate_series(1, ${DEVICES}) c`,
      [from],
    );
    const before = await readings(from, new Date(end));
    expect(before).toMatchObject({ n: DAYS * 1440 * DEVICES, raw: DAYS * 1440 * DEVICES, packed: 0 });

    // A reading at noon (UTC) of the blocked day, locked: packing its Dhaka day waits for the lock.
    const lock = await pool.connect();
    try {
      await lock.query('begin');
      const noon = new Date(from.getTime() + BLOCKED_DAY * DAY + DAY / 2);
      const locked = await lock.query(
        "select 1 from telemetry where com_id = 'KILL1' and ts >= $1 and ts < $1::timestamptz + interval '1 minute' for update",
        [noon],
      );
      expect(locked.rowCount).toBe(1);

      const first = await startJobs('first');
      // Midway: the days before the blocked one are packed, and the process waits in the blocked day's statement.
      await until(
        'the first process waiting on the locked day',
        async () => {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%telemetry_compress_day%'`,
          );
          return (rows[0]?.n ?? 0) > 0 ? true : null;
        },
        240_000,
      );
      sigkill(first.child);
      await first.exited;
      // The killed process's sessions end as a crashed client's do (the statement in flight is rolled back).
      await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like '%telemetry_compress_day%' and pid <> pg_backend_pid()`,
      );
      await until(
        'the killed process has no session left',
        async () => {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and query like '%telemetry_compress_day%' and pid <> pg_backend_pid()`,
          );
          return rows[0]?.n === 0 ? true : null;
        },
        60_000,
      );
    } finally {
      await lock.query('rollback');
      lock.release();
    }
    const killed = await readings(from, new Date(end));
    // The Dhaka days before the blocked one are packed (the first of them in part), the rest raw.
    expect(killed.packed).toBe(BLOCKED_DAY * DEVICES);
    expect(killed.raw).toBeGreaterThan(0);
    expect({ n: killed.n, sum: killed.sum }).toEqual({ n: before.n, sum: before.sum });

    const second = await startJobs('second');
    await until(
      'every day packed',
      async () => {
        const { rows } = await pool.query<{ n: number }>(
          'select count(*)::int as n from telemetry where ts >= $1 and ts < $2',
          [from, new Date(end)],
        );
        return rows[0]?.n === 0 ? true : null;
      },
      600_000,
    );
    const done = await readings(from, new Date(end));
    expect(done.packed).toBe((DAYS + 1) * DEVICES); // 9 Dhaka days: the first and last in part
    expect({ n: done.n, sum: done.sum }).toEqual({ n: before.n, sum: before.sum });
    sigkill(second.child);
    await second.exited;
  });
});
