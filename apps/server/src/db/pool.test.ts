/**
 * The pool's sessions on a real PostgreSQL: UTC, no JIT compilation, the schema asked for first, and a
 * statement whose process was killed ends soon after instead of running on.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from './pool.ts';

const url = () => inject('towerwatchDbUrl');
const schema = `tw_pool_${randomBytes(6).toString('hex')}`;
let pool: Pool;

beforeAll(async () => {
  const admin = createPool({ connectionString: url(), max: 1 });
  await admin.query(`create schema ${schema}`);
  await admin.end();
  pool = createPool({ connectionString: url(), searchPath: schema, max: 2 });
});
afterAll(async () => {
  await pool.end();
  const admin = createPool({ connectionString: url(), max: 1 });
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
});

describe('pool sessions', () => {
  it('run in UTC, without JIT compilation, with the schema first on the search path', async () => {
    const { rows } = await pool.query<{ tz: string; jit: string; schema: string }>(
      `select current_setting('TimeZone') as tz, current_setting('jit') as jit, current_schema() as schema`,
    );
    expect(rows[0]).toEqual({ tz: 'UTC', jit: 'off', schema });
  });

  it('keep JIT off in every connection of the pool, not only the first', async () => {
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ jit: string }>(`select current_setting('jit') as jit`);
        expect(rows[0]?.jit).toBe('off');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('end a statement soon after its process is killed (kill -9), not when the statement would end', async () => {
    const marker = `tw_orphan_${randomBytes(4).toString('hex')}`;
    const poolModule = fileURLToPath(new URL('./pool.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createPool } from ${JSON.stringify(poolModule)};
         const pool = createPool({ connectionString: ${JSON.stringify(url())}, max: 1 });
         await pool.query("select pg_sleep(600) as ${marker}");`,
      ],
      { stdio: 'ignore' },
    );
    const backend = async () =>
      (
        await pool.query<{ pid: number }>(
          `select pid from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
          [`%as ${marker}%`],
        )
      ).rows[0]?.pid;
    try {
      await expect.poll(backend, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);
      child.kill('SIGKILL');
      // Checked every 5 s: gone well before the 600 s sleep would end.
      await expect.poll(backend, { timeout: 60_000, interval: 500 }).toBeUndefined();
    } finally {
      child.kill('SIGKILL');
      await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
        [`%as ${marker}%`],
      );
    }
  });
});
