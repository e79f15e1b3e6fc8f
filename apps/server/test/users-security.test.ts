/**
 * Issue 12 findings 1, 2 and 10: a manager acts only on users whose rights are a subset of its own
 * and grants only what it holds (docs/requirements.md#user-management); user lists stay in scope;
 * logout takes an absent body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // The probe's manager: company user with manage_users, tenant robi only, roles rms + manage_users.
  const res = await post('ktbl', '/user/auth/signup', {
    ...newUser('robi.manager'),
    type: 'company',
    tenants: ['robi'],
    meta: { accessRoles: ['rms', 'manage_users'] },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function post(username: string, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: await t.auth(username), payload: payload as object });
}
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: 'password-123',
  name: username,
  type: 'employee',
  ...extra,
});
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/user/auth/login', payload: { username, password } });

describe('finding 1: takeover through user management', () => {
  it('a limited manager cannot reset the company root password, nor sign in as it', async () => {
    const res = await post('robi.manager', '/user/auth/update', { uid: '100', password: 'taken-over-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/root user of a company/);
    expect((await login('ktbl', 'taken-over-1')).statusCode).toBe(401);
    expect((await login('ktbl', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('cannot update, disable or delete users above it (superuser, more roles, more tenants)', async () => {
    for (const uid of ['101', '103', '105']) {
      const upd = await post('robi.manager', '/user/auth/update', { uid, password: 'taken-over-1' });
      expect(upd.statusCode, uid).toBe(403);
      expect((await post('robi.manager', '/user/auth/update', { uid, disabled: true })).statusCode).toBe(403);
      expect((await post('robi.manager', '/user/auth/delete', { uid })).statusCode).toBe(403);
    }
    const rms = await post('robi.manager', '/user/auth/update', { uid: '102', name: 'x' });
    expect(rms.statusCode).toBe(403);
    expect(rms.json().message).toMatch(/tenants you are not allowed: banglalink/);
    // a superuser cannot touch its company root either
    expect(
      (await post('super', '/user/auth/update', { uid: '100', password: 'taken-over-1' })).statusCode,
    ).toBe(403);
  });

  it('manages users within its rights, and grants only what it holds', async () => {
    const child = await post(
      'robi.manager',
      '/user/auth/signup',
      newUser('robi.child', { tenants: ['robi'], meta: { accessRoles: ['rms'] } }),
    );
    expect(child.statusCode).toBe(200);
    const uid = child.json().uid as string;
    expect(
      (await post('robi.manager', '/user/auth/update', { uid, password: 'new-password-1' })).statusCode,
    ).toBe(200);
    const acs = await post('robi.manager', '/user/auth/update', { uid, meta: { accessRoles: ['acs'] } });
    expect(acs.statusCode).toBe(403);
    expect(acs.json().message).toMatch(/access you do not have: acs/);
    const wider = await post('robi.manager', '/user/auth/update', { uid, tenants: ['robi', 'banglalink'] });
    expect(wider.statusCode).toBe(403);
    const up = await post('robi.manager', '/user/auth/update', { uid, type: 'superuser' });
    expect(up.statusCode).toBe(403);
    expect((await post('robi.manager', '/user/auth/delete', { uid })).statusCode).toBe(200);
  });

  it('sudo keeps full rights; the company root still manages its users', async () => {
    expect((await post('ktbl', '/user/auth/update', { uid: '103', name: 'Emp' })).statusCode).toBe(200);
    expect((await post('admin', '/user/auth/update', { uid: '100', name: 'KTBL' })).statusCode).toBe(200);
  });
});

describe('finding 2: widening tenants with an empty list', () => {
  it('a manager not allowed every tenant cannot create or update a user to "all tenants"', async () => {
    const empty = await post('robi.manager', '/user/auth/signup', newUser('robi.all', { tenants: [] }));
    expect(empty.statusCode).toBe(403);
    expect(empty.json().message).toMatch(/every installed tenant/);
    const missing = await post('robi.manager', '/user/auth/signup', newUser('robi.all2'));
    expect(missing.statusCode).toBe(403);
    const child = await post('robi.manager', '/user/auth/signup', newUser('robi.c2', { tenants: ['robi'] }));
    expect(child.statusCode).toBe(200);
    const widen = await post('robi.manager', '/user/auth/update', { uid: child.json().uid, tenants: [] });
    expect(widen.statusCode).toBe(403);
    expect((await t.container.repos.users.findByUsername('robi.c2'))?.tenants).toEqual(['robi']);
  });

  it('a manager allowed every tenant may', async () => {
    expect((await post('ktbl', '/user/auth/signup', newUser('ktbl.all', { tenants: [] }))).statusCode).toBe(
      200,
    );
  });
});

describe('finding 10: user list scope and logout without a body', () => {
  it('a superuser without a company does not list the operators', async () => {
    const made = await post(
      'admin',
      '/user/auth/signup',
      newUser('lone.super', { type: 'superuser', meta: { accessRoles: ['manage_users'] } }),
    );
    expect(made.statusCode).toBe(200);
    expect(made.json().company_id).toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/user/list?limit=100',
      headers: await t.auth('lone.super'),
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json().items as Array<{ username: string }>).map((u) => u.username);
    expect(names).not.toContain('admin');
    expect(names).not.toContain('ops');
    expect(names).not.toContain('finance');
    const app = await t.app.inject({
      method: 'GET',
      url: '/user/app/user-list?limit=100',
      headers: await t.auth('lone.super'),
    });
    const appNames =
      (app.json().items as Array<{ username: string }> | undefined)?.map((u) => u.username) ?? [];
    expect(appNames).not.toContain('admin');
  });

  it('POST /user/auth/logout with no body, or an empty JSON body, is a 200', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/user/auth/logout',
      headers: await t.auth('ops'),
    });
    expect(bare.statusCode).toBe(200);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/user/auth/logout',
      headers: { ...(await t.auth('ops')), 'content-type': 'application/json' },
    });
    expect(emptyJson.statusCode).toBe(200);
  });
});
