import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCaller } from '../src/auth/caller.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { siteScope, sqlParams, tenantScope } from '../src/kernel/scope/sql-scope.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function callerOf(username: string) {
  const user = await t.container.repos.users.findByUsername(username);
  if (!user) throw new Error(username);
  return buildCaller(user, '00000000-0000-0000-0000-000000000000', new Date());
}

async function visibleSites(username: string) {
  const caller = await callerOf(username);
  const p = sqlParams();
  const { rows } = await t.pool.query<{ company_id: string; tenants: string[] }>(
    `select s.company_id, s.tenants from sites s where ${siteScope(caller, p, 's')}`,
    p.values,
  );
  return rows;
}

describe('siteScope', () => {
  it('operators see every company', async () => {
    const rows = await visibleSites('admin');
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.company_id)).size).toBe(7);
  });

  it('a company user sees only its company', async () => {
    const ktbl = await visibleSites('ktbl');
    expect(ktbl.length).toBe(145);
    expect(ktbl.every((r) => r.company_id === 'ktbl')).toBe(true);
    const ftb = await visibleSites('ftb');
    expect(ftb.length).toBe(25);
    expect(ftb.every((r) => r.company_id === 'ftb')).toBe(true);
  });

  it('a tenant read-only user sees only sites with its tenant', async () => {
    const rows = await visibleSites('robi.viewer');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(145);
    expect(rows.every((r) => r.company_id === 'ktbl' && r.tenants.includes('robi'))).toBe(true);
  });

  it('a user without company who is not an operator sees nothing', async () => {
    expect(await visibleSites('finance')).toHaveLength(0);
  });
});

describe('tenantScope', () => {
  it('hides power rows without tenant when the first operator tenant is not allowed', async () => {
    const caller = await callerOf('robi.viewer');
    const p = sqlParams();
    const cond = tenantScope(caller, p, 'x.tenant', { eventName: 'x.name' });
    const { rows } = await t.pool.query<{ name: string; tenant: string }>(
      `select * from (values ('mains_fail', ''), ('door_open', ''), ('mains_fail', 'robi'), ('mains_fail', 'banglalink'))
       as x(name, tenant) where ${cond}`,
      p.values,
    );
    expect(rows).toEqual([
      { name: 'door_open', tenant: '' },
      { name: 'mains_fail', tenant: 'robi' },
    ]);
  });
});

describe('migrations', () => {
  it('two concurrent runners on a fresh schema both succeed and apply each file once', async () => {
    const schema = `${t.schema}_m`;
    await t.pool.query(`create schema ${schema}`);
    const url = (t.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const a = createPool({ connectionString: url, searchPath: schema, max: 1 });
    const b = createPool({ connectionString: url, searchPath: schema, max: 1 });
    try {
      const [ra, rb] = await Promise.all([runMigrations(a), runMigrations(b)]);
      expect([...ra, ...rb].sort()).toEqual([...new Set([...ra, ...rb])].sort());
      expect(ra.length + rb.length).toBeGreaterThanOrEqual(2);
      const { rows } = await a.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(ra.length + rb.length);
    } finally {
      await a.end();
      await b.end();
      await t.pool.query(`drop schema ${schema} cascade`);
    }
  });
});
