/**
 * The audit log (docs/api.md "Audit log"): what is recorded, that secrets never are, who reads which
 * entries, the filters, and that the table is append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1 } from '../../../test/two-company-fleet.ts';
import { totpCode } from '../../auth/totp.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

interface Entry {
  id: number;
  at: string;
  action: string;
  actor_uid: string | null;
  company_id: string | null;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

const post = async (user: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
const list = async (user: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/user/audit/list?${query.includes('limit=') ? '' : 'limit=200'}${query}`,
    headers: await t.auth(user),
  });
const entries = async (user: string, query = '') => (await list(user, query)).json().items as Entry[];
const login = (username: string, password: string, remoteAddress = '10.7.0.1', otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/auth/login',
    remoteAddress,
    payload: { username, password, ...(otp ? { otp } : {}) },
  });

describe('what is recorded', () => {
  it('a sign-in, with the address', async () => {
    expect((await login('ktbl.employee', DEMO_PASSWORD)).statusCode).toBe(200);
    const [e] = await entries('admin', '&action=auth.sign_in&actor=103');
    expect(e).toMatchObject({ actor_uid: '103', company_id: 'ktbl', ip: '10.7.0.1', target_id: '103' });
  });

  it('a burst of failed sign-ins is one entry, not one per failure', async () => {
    const res = await Promise.all(
      Array.from({ length: 25 }, () => login('noc', 'wrong-password', '10.7.0.2')),
    );
    expect(res.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    const blocked = await entries('admin', '&action=auth.sign_in_blocked&target=105');
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({ company_id: 'ktbl', ip: '10.7.0.2', actor_uid: null });
    expect(blocked[0]?.detail).toMatchObject({ username: 'noc', failures: 10 });
  });

  it('user create, update (before/after, password reset) and delete, never a hash or secret', async () => {
    const made = await post('ktbl', '/user/auth/signup', {
      username: 'audit.me',
      password: 'password-123',
      name: 'Audit Me',
      type: 'employee',
      meta: { accessRoles: ['rms'] },
    });
    expect(made.statusCode).toBe(200);
    const uid = made.json().uid as string;
    await post('ktbl', '/user/auth/update', { uid, name: 'Audited', password: 'password-456' });
    await post('ktbl', '/user/auth/delete', { uid });
    const rows = await entries('ktbl', `&target=${uid}`);
    expect(rows.map((r) => r.action)).toEqual(['user.delete', 'user.update', 'user.create']);
    const update = rows[1];
    expect(update?.before).toMatchObject({ name: 'Audit Me', access_roles: ['rms'] });
    expect(update?.after).toMatchObject({ name: 'Audited' });
    expect(update?.detail).toEqual({ password_reset: true });
    const raw = JSON.stringify((await t.pool.query('select * from audit_log')).rows);
    expect(raw).not.toMatch(/password_hash|passwordHash|totp_secret|password-456|password-123/);
    const hash = (await t.container.repos.users.findByUsername('ktbl'))?.passwordHash ?? 'none';
    expect(raw).not.toContain(hash);
  });

  it('password and two-factor changes', async () => {
    const pw = await post('ftb', '/user/profile/change-password', {
      old_password: DEMO_PASSWORD,
      new_password: 'another-password-1',
    });
    expect(pw.statusCode).toBe(200);
    const headers = await t.auth('ftb');
    const tf = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/user/auth/two-factor', headers, payload });
    const { secret } = (await tf({ action: 'setup' })).json();
    expect((await tf({ action: 'verify', otp: totpCode(secret, t.clock.now()) })).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await tf({ action: 'disable', otp: totpCode(secret, t.clock.now()) })).statusCode).toBe(200);
    const actions = (await entries('ftb', '&actor=200')).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.password_change', 'auth.two_factor_enable', 'auth.two_factor_disable']),
    );
    expect(JSON.stringify(await entries('admin'))).not.toContain(secret);
  });

  it('device commands with their operator, site and settings changes', async () => {
    expect((await post('admin', '/user/site/unlock', { site_uid: KT1 })).statusCode).toBe(200);
    const [cmd] = await entries('ktbl', '&action=device.command');
    expect(cmd).toMatchObject({ actor_uid: '1', company_id: 'ktbl', target_type: 'device' });
    expect(cmd?.detail).toMatchObject({ command: 'unlock', site_uid: KT1 });

    const s = await post('ktbl', '/user/settings/save', {
      siteUid: KT1,
      prop: 'high_temperature_threshold',
      value: 41,
    });
    expect(s.statusCode).toBe(200);
    const [set] = await entries('ktbl', '&action=site.settings_save');
    expect(set).toMatchObject({ target_id: KT1, after: { high_temperature_threshold: 41 } });

    expect((await post('ktbl', '/user/site/update', { site_uid: KT1, name: 'Renamed' })).statusCode).toBe(
      200,
    );
    const [upd] = await entries('ktbl', '&action=site.update');
    expect(upd).toMatchObject({ target_id: KT1, after: { name: 'Renamed' } });
  });
});

describe('who reads it', () => {
  it('operators read every company; company admins only theirs; others are refused', async () => {
    await post('ftb', '/user/site/unlock', { site_uid: FT1 });
    const all = await entries('ops');
    expect(new Set(all.map((e) => e.company_id))).toEqual(new Set(['ktbl', 'ftb']));
    for (const admin of ['ktbl', 'super']) {
      const own = await entries(admin);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((e) => e.company_id === 'ktbl')).toBe(true);
    }
    expect((await entries('ftb')).every((e) => e.company_id === 'ftb')).toBe(true);
    for (const user of ['ktbl.rms', 'ktbl.employee', 'noc', 'finance']) {
      expect((await list(user)).statusCode, user).toBe(403);
    }
  });

  it('filters by time and pages newest first', async () => {
    const page1 = (await list('admin', '&limit=2&page=1')).json();
    const page2 = (await list('admin', '&limit=2&page=2')).json();
    expect(page1.total).toBeGreaterThan(4);
    expect(page1.items[0].id).toBeGreaterThan(page1.items[1].id);
    expect(page1.items[1].id).toBeGreaterThan(page2.items[0].id);
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await entries('admin', `&from=${encodeURIComponent(future)}`)).length).toBe(0);
    expect((await entries('admin', `&until=${encodeURIComponent(future)}`)).length).toBe(page1.total);
    const bad = await list('admin', '&action=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.action');
  });
});

describe('append-only', () => {
  it('refuses update, delete and truncate', async () => {
    await expect(t.pool.query(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.pool.query('truncate audit_log')).rejects.toThrow(/append-only/);
  });
});
