import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
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

describe('user management scoping', () => {
  it('ktbl creates a user of its own company, with its root user', async () => {
    const res = await post(
      'ktbl',
      '/user/auth/signup',
      newUser('ktbl.new', { meta: { accessRoles: ['rms'] } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_code: 'ktbl',
      root_user_uid: '100',
      meta: { accessRoles: ['rms'] },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      payload: { username: 'ktbl.new', password: 'password-123' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('a manager cannot create a user of another company', async () => {
    const res = await post('ktbl', '/user/auth/signup', newUser('ktbl.sneaky', { company_id: 'ftb' }));
    expect(res.statusCode).toBe(403);
  });

  it('a manager cannot grant access or types it does not have', async () => {
    const acs = await post('ftb', '/user/auth/signup', newUser('ftb.x', { meta: { accessRoles: ['acs'] } }));
    expect(acs.statusCode).toBe(200);
    // ktbl.rms lacks manage_users altogether
    const noManage = await post('ktbl.rms', '/user/auth/signup', newUser('ktbl.y'));
    expect(noManage.statusCode).toBe(403);
    const sudoType = await post('ktbl', '/user/auth/signup', newUser('ktbl.z', { type: 'sudo' }));
    expect(sudoType.statusCode).toBe(403);
    const superType = await post('ktbl', '/user/auth/signup', newUser('ktbl.s', { type: 'superuser' }));
    expect(superType.statusCode).toBe(403);
  });

  it('ktbl cannot update or delete ftb users (404), sudo can', async () => {
    const ftbUser = await t.container.repos.users.findByUsername('ftb.x');
    expect(ftbUser).toBeDefined();
    const uid = ftbUser?.uid ?? '';
    expect((await post('ktbl', '/user/auth/update', { uid, name: 'Hacked' })).statusCode).toBe(404);
    expect((await post('ktbl', '/user/auth/delete', { uid })).statusCode).toBe(404);
    expect((await t.container.repos.users.findByUid(uid))?.name).toBe('ftb.x');
    const upd = await post('admin', '/user/auth/update', { uid, name: 'Renamed' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().name).toBe('Renamed');
    expect((await post('admin', '/user/auth/delete', { uid })).statusCode).toBe(200);
    expect(await t.container.repos.users.findByUid(uid)).toBeUndefined();
  });

  it('ktbl updates its own users; a disabled user can no longer sign in', async () => {
    const res = await post('ktbl', '/user/auth/update', { uid: '102', disabled: true });
    expect(res.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      payload: { username: 'ktbl.rms', password: 'towerwatch' },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await post('ktbl', '/user/auth/update', { uid: '102', disabled: false })).statusCode).toBe(200);
  });

  it('a read-only user is refused with the spec message', async () => {
    const res = await post('robi.viewer', '/user/auth/signup', newUser('robi.two'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Sorry! You don't have the necessary permission to create users.");
    const del = await post('noc', '/user/auth/delete', { uid: '103' });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe("Sorry! You don't have the necessary permission to delete users.");
  });

  it('sudo creates a company account; duplicate usernames are a 409 naming the field', async () => {
    const res = await post(
      'admin',
      '/user/auth/signup',
      newUser('stl', { type: 'company', company_id: 'stl' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_code: 'stl', root_user_uid: null });
    const dup = await post(
      'admin',
      '/user/auth/signup',
      newUser('STL', { type: 'company', company_id: 'stl' }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('body.username');
  });

  it('a company root with users cannot be deleted', async () => {
    const res = await post('admin', '/user/auth/delete', { uid: '100' });
    expect(res.statusCode).toBe(409);
  });
});

describe('user lists', () => {
  it('ktbl sees only ktbl users; sudo sees all', async () => {
    const ktbl = await t.app.inject({
      method: 'GET',
      url: '/user/user/list?limit=100',
      headers: await t.auth('ktbl'),
    });
    expect(ktbl.statusCode).toBe(200);
    const items = ktbl.json().items as Array<{ company_code: string | null }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((u) => u.company_code === 'ktbl')).toBe(true);
    expect(ktbl.json().total).toBe(items.length);

    const all = await t.app.inject({
      method: 'GET',
      url: '/user/user/list?limit=100',
      headers: await t.auth('admin'),
    });
    const codes = new Set(
      (all.json().items as Array<{ company_code: string | null }>).map((u) => u.company_code),
    );
    expect(codes).toContain('ftb');
    expect(codes).toContain(null);
  });

  it('pages with total and items', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/app/user-list?page=2&limit=2',
      headers: await t.auth('ktbl'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(2);
    expect(res.json().total).toBeGreaterThan(4);
  });

  it('the user list is refused without manage_users', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/user/list',
      headers: await t.auth('ktbl.rms'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('malformed input is a 400 naming the field', () => {
  const cases: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown; as?: string; field: string }> =
    [
      { method: 'POST', url: '/user/auth/login', payload: { password: 'x' }, field: 'body.username' },
      { method: 'POST', url: '/user/auth/login', payload: { username: 'ktbl' }, field: 'body.password' },
      {
        method: 'POST',
        url: '/user/auth/login',
        payload: { username: 'a', password: 'b', otp: '12' },
        field: 'body.otp',
      },
      { method: 'POST', url: '/user/auth/refresh', payload: {}, field: 'body.refresh_token' },
      {
        method: 'POST',
        url: '/user/auth/refresh',
        payload: { refresh_token: 5 },
        field: 'body.refresh_token',
      },
      { method: 'POST', url: '/user/auth/logout', payload: { all: 'yes' }, field: 'body.all' },
      {
        method: 'POST',
        url: '/user/auth/signup',
        payload: { ...newUser('ok.name'), type: 'boss' },
        field: 'body.type',
      },
      { method: 'POST', url: '/user/auth/signup', payload: newUser('bad name!'), field: 'body.username' },
      {
        method: 'POST',
        url: '/user/auth/signup',
        payload: { ...newUser('ok.name'), password: 'short' },
        field: 'body.password',
      },
      {
        method: 'POST',
        url: '/user/auth/signup',
        payload: { ...newUser('ok.name'), meta: { accessRoles: ['root'] } },
        field: 'body.meta.accessRoles.0',
      },
      { method: 'POST', url: '/user/auth/update', payload: { name: 'x' }, field: 'body.uid' },
      {
        method: 'POST',
        url: '/user/auth/update',
        payload: { uid: '103', email: 'not-mail' },
        field: 'body.email',
      },
      { method: 'POST', url: '/user/auth/delete', payload: {}, field: 'body.uid' },
      { method: 'POST', url: '/user/auth/two-factor', payload: { action: 'maybe' }, field: 'body.action' },
      {
        method: 'POST',
        url: '/user/auth/two-factor',
        payload: { action: 'verify', otp: 'abc' },
        field: 'body.otp',
      },
      { method: 'POST', url: '/user/profile/update', payload: { phone: 'call me' }, field: 'body.phone' },
      { method: 'POST', url: '/user/profile/update', payload: { name: '' }, field: 'body.name' },
      {
        method: 'POST',
        url: '/user/profile/change-password',
        payload: { old_password: 'towerwatch', new_password: 'short' },
        field: 'body.new_password',
      },
      {
        method: 'POST',
        url: '/user/profile/change-password',
        payload: { new_password: 'long-enough-1' },
        field: 'body.old_password',
      },
      { method: 'GET', url: '/user/user/list?page=0', field: 'query.page' },
      { method: 'GET', url: '/user/user/list?limit=abc', field: 'query.limit' },
      { method: 'GET', url: '/user/app/user-list?limit=5000', field: 'query.limit' },
    ];

  it.each(cases)('$method $url → $field', async ({ method, url, payload, as, field }) => {
    const res = await t.app.inject({
      method,
      url,
      headers: await t.auth(as ?? 'admin'),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    expect(res.json().message).toContain(field);
  });

  it('a body that is not JSON is a 400 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body');
  });
});
