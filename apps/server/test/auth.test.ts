import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/auth/totp.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function login(username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/user/auth/login', payload: { username, password, ...extra } });
}

async function loginTokens(username: string, password = DEMO_PASSWORD) {
  const res = await login(username, password);
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.type] as const))(
    '%s (%s) signs in and reads its user',
    async (username, type) => {
      const res = await login(username);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 18000, refresh_expires_in: 86400 });
      const me = await t.app.inject({
        method: 'GET',
        url: '/user/auth/user',
        headers: bearer(body.access_token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ username, type });
      expect(me.json()).not.toHaveProperty('password_hash');
    },
  );

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await login('ktbl', 'nope-nope');
    const unknown = await login('nobody-here', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the used token is refused and its reuse ends the session', async () => {
    const first = await loginTokens('ktbl.rms');
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/user/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: bearer(second.access_token),
    });
    expect(me.statusCode).toBe(200);

    // Reuse of the first (already used) token: refused, and the whole family is revoked.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/user/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/user/auth/refresh',
      payload: { refresh_token: second.refresh_token },
    });
    expect(afterReuse.statusCode).toBe(401);
    const meAfter = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: bearer(second.access_token),
    });
    expect(meAfter.statusCode).toBe(401);
  });

  it('are refused after 86400 s', async () => {
    const pair = await loginTokens('ktbl.employee');
    t.clock.advance(86_400_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth/refresh',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Refresh token expired');
  });

  it('logout revokes the access and the refresh token', async () => {
    const pair = await loginTokens('noc');
    const out = await t.app.inject({
      method: 'POST',
      url: '/user/auth/logout',
      headers: bearer(pair.access_token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: bearer(pair.access_token),
    });
    expect(me.statusCode).toBe(401);
    const ref = await t.app.inject({
      method: 'POST',
      url: '/user/auth/refresh',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(ref.statusCode).toBe(401);
  });
});

describe('two-factor', () => {
  it('setup, verify, then login needs the one-time password', async () => {
    const { access_token } = await loginTokens('ftb');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/user/auth/two-factor',
      headers: bearer(access_token),
      payload: { action: 'setup' },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    expect(otpauth_uri).toContain(`secret=${secret}`);
    // Not on yet: login still gives tokens directly.
    expect((await login('ftb')).json()).toHaveProperty('access_token');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/auth/two-factor',
      headers: bearer(access_token),
      payload: { action: 'verify', otp: totpCode(secret, new Date(t.clock.now().getTime() + 300_000)) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.otp');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/user/auth/two-factor',
      headers: bearer(access_token),
      payload: { action: 'verify', otp: totpCode(secret, t.clock.now()) },
    });
    expect(verify.json()).toEqual({ two_factor_enabled: true });

    expect((await login('ftb')).json()).toEqual({ two_factor_required: true });
    expect((await login('ftb', DEMO_PASSWORD, { otp: '000000' })).statusCode).toBe(401);
    // The code that turned two-factor on is spent (single-use): sign in with the next step's code.
    t.clock.advance(30_000);
    const ok = await login('ftb', DEMO_PASSWORD, { otp: totpCode(secret, t.clock.now()) });
    expect(ok.json()).toHaveProperty('access_token');

    const status = await t.app.inject({
      method: 'POST',
      url: '/user/auth/session-status',
      headers: bearer(ok.json().access_token),
    });
    expect(status.json()).toMatchObject({ active: true, two_factor_enabled: true, otp_period: 30 });
    expect(status.json().otp_expires_in).toBeGreaterThan(0);
    expect(status.json().otp_expires_in).toBeLessThanOrEqual(30);
  });
});

describe('profile and password', () => {
  it('updates the profile', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/profile/update',
      headers: await t.auth('ktbl.employee'),
      payload: { name: 'Karim', email: 'karim@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Karim', email: 'karim@example.com' });
  });

  it('changes the password only with the old one, and ends other sessions', async () => {
    const other = await loginTokens('finance');
    const current = await loginTokens('finance');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/user/profile/change-password',
      headers: bearer(current.access_token),
      payload: { old_password: 'not-it-at-all', new_password: 'a-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('body.old_password');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/user/profile/change-password',
      headers: bearer(current.access_token),
      payload: { old_password: DEMO_PASSWORD, new_password: 'a-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login('finance')).statusCode).toBe(401);
    expect((await login('finance', 'a-new-password')).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: bearer(other.access_token),
    });
    expect(me.statusCode).toBe(401);
    const still = await t.app.inject({
      method: 'GET',
      url: '/user/auth/user',
      headers: bearer(current.access_token),
    });
    expect(still.statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  it('refuses an account after 10 failures within 15 minutes, then lets it in again', async () => {
    for (let i = 0; i < 10; i++) expect((await login('ops', 'wrong-password')).statusCode).toBe(401);
    const blocked = await login('ops');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login('ops')).statusCode).toBe(200);
  });

  it('refuses an address after 10 failures over any accounts', async () => {
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/auth/login',
        remoteAddress: '10.9.8.7',
        payload: { username: `ghost${i}`, password: 'x' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { username: 'ktbl', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      remoteAddress: '10.9.8.8',
      payload: { username: 'ktbl', password: DEMO_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the user and the session, read together for every request', () => {
  it("accepts a user's own live session only: another user's, a revoked or a malformed one is no session", async () => {
    const users = t.container.repos.users;
    const ops = await users.findByUsername('ops');
    const admin = await users.findByUsername('admin');
    if (!ops || !admin) throw new Error('demo users missing');
    const open = async (uid: string) =>
      (
        await t.pool.query<{ id: string }>('insert into auth_sessions (user_uid) values ($1) returning id', [
          uid,
        ])
      ).rows[0]?.id as string;
    const opsSession = await open(ops.uid);
    const adminSession = await open(admin.uid);

    const own = await users.findSignedIn(ops.uid, opsSession);
    expect(own?.user.username).toBe('ops');
    expect(own?.sessionActive).toBe(true);
    expect((await users.findSignedIn(ops.uid, adminSession))?.sessionActive).toBe(false);
    expect((await users.findSignedIn(ops.uid, 'not-a-uuid'))?.sessionActive).toBe(false);
    expect(await users.findSignedIn('no-such-user', opsSession)).toBeUndefined();

    await t.pool.query('update auth_sessions set revoked_at = now() where id = $1', [opsSession]);
    const revoked = await users.findSignedIn(ops.uid, opsSession);
    expect(revoked?.user.username).toBe('ops');
    expect(revoked?.sessionActive).toBe(false);
  });
});
