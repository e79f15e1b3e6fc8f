import { demoDevicePassword } from '@towerwatch/fleet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/passwords.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('server foundation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('ran the migrations in a fresh schema and seeded the demo accounts', async () => {
    const { rows } = await t.pool.query<{ schema: string; n: number }>(
      'select current_schema() as schema, (select count(*)::int from users) as n',
    );
    expect(rows[0]?.schema).toBe(t.schema);
    expect(rows[0]?.n).toBe(10);
    const mig = await t.pool.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    expect(mig.rows.map((r) => r.version)).toContain('0001_core');
  });

  it('seeded the demo fleet: sites per company, devices with demo credentials, pin configs', async () => {
    const { rows } = await t.pool.query<{ company_id: string; n: number }>(
      'select company_id, count(*)::int as n from sites group by company_id',
    );
    const byCompany = Object.fromEntries(rows.map((r) => [r.company_id, r.n]));
    expect(byCompany).toMatchObject({ ktbl: 145, ftb: 25, edc: 10 });
    const owner = await t.pool.query<{ user_uid: string }>(
      `select distinct user_uid from sites where company_id = 'ftb'`,
    );
    expect(owner.rows).toEqual([{ user_uid: '200' }]);
    const device = await t.pool.query<{ com_id: string; secret_hash: string }>(
      'select com_id, secret_hash from devices order by com_id limit 1',
    );
    const d = device.rows[0];
    expect(d).toBeDefined();
    expect(await verifyPassword(demoDevicePassword(d?.com_id ?? ''), d?.secret_hash ?? '')).toBe(true);
    expect(await verifyPassword('wrong', d?.secret_hash ?? '')).toBe(false);
    const pins = await t.pool.query<{ n: number }>('select count(*)::int as n from pin_configs');
    expect(pins.rows[0]?.n).toBeGreaterThan(1000);
  });

  it('seeding again changes nothing', async () => {
    const again = await seedDemoData({ pool: t.pool });
    expect(again).toEqual({ companies: 0, users: 0, sites: 0, devices: 0, pinConfigs: 0 });
  });

  it('creates monthly telemetry partitions and routes rows into them', async () => {
    const now = t.clock.now();
    await t.pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values) values ('X1', $1, '{p1}', '{1}')`,
      [now],
    );
    const { rows } = await t.pool.query<{ part: string }>(
      `select tableoid::regclass::text as part from telemetry where com_id = 'X1'`,
    );
    expect(rows[0]?.part).toMatch(/telemetry_y\d{4}m\d{2}$/);
  });

  it('answers unknown routes with a 404 error reply', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('authentication on every route', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses a tampered token', async () => {
    const token = await t.tokenFor('ktbl');
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: { authorization: `Bearer ${token.slice(0, -2)}xx` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('builds the caller from a valid token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: await t.auth('robi.viewer'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'robi.viewer',
      type: 'read_only',
      tenants: ['robi'],
      company_code: 'ktbl',
      root_user_uid: '100',
    });
  });

  it('refuses an access token once it is 18000 s old', async () => {
    const headers = await t.auth('ktbl');
    t.clock.advance(17_999_000);
    expect((await t.app.inject({ method: 'GET', url: '/user/auth/user', headers })).statusCode).toBe(200);
    t.clock.advance(1_000);
    const res = await t.app.inject({ method: 'GET', url: '/user/auth/user', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token expired');
  });
});
