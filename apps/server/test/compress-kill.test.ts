/**
 * Compressed history under kill -9 (docs/requirements.md#compressed-history): a real server process
 * (`src/main.ts`, ROLES=jobs, TELEMETRY_COMPRESS_AFTER_DAYS=1) packs three weeks of telemetry; it is
 * killed with SIGKILL midway (some days packed, some still raw). Every reading is then still there
 * exactly once (count and checksum of raw + packed readings unchanged); a second process finishes the
 * job, and after it no raw reading older than the age is left and the readings are still the same.
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
const DEVICES = 30;
const DAYS = 21;

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
    // Three weeks ending three days ago, one reading a minute of 30 devices (907,200 messages).
    const end = Math.floor((Date.now() - 3 * DAY) / DAY) * DAY;
    const from = new Date(end - DAYS * DAY);
    for (let d = 0; d < DAYS; d++)
      await pool.query(
        `insert into telemetry (com_id, ts, pin_names, pin_values)
         select 'KILL' || c, $1::timestamptz + m * interval '1 minute' + c * interval '1 second', '{am6,am4,di1}',
                array[50 + ((m * 7 + c) % 23) * 0.13, 30 + (m % 11) * 0.5, (m / 600) % 2]
           from generate_series(0, 1439) m cross join generate_series(1, ${DEVICES}) c`,
        [new Date(from.getTime() + d * DAY)],
      );
    const before = await readings(from, new Date(end));
    expect(before).toMatchObject({ n: DAYS * 1440 * DEVICES, raw: DAYS * 1440 * DEVICES, packed: 0 });

    const first = await startJobs('first');
    // Midway: some device-days packed, raw readings still left.
    await until(
      'some days packed',
      async () => {
        const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from telemetry_days');
        return (rows[0]?.n ?? 0) >= 2 * DEVICES ? true : null;
      },
      240_000,
    );
    sigkill(first.child);
    await first.exited;
    const killed = await readings(from, new Date(end));
    expect(killed.raw).toBeGreaterThan(0);
    expect(killed.packed).toBeGreaterThan(0);
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
    expect(done.packed).toBe((DAYS + 1) * DEVICES); // 22 Dhaka days: the first and last in part
    expect({ n: done.n, sum: done.sum }).toEqual({ n: before.n, sum: before.sum });
    sigkill(second.child);
    await second.exited;
  });
});
