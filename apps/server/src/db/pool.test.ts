/** The pool's sessions on a real PostgreSQL: UTC, no JIT compilation, the schema asked for first. */
import { randomBytes } from 'node:crypto';
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
});
