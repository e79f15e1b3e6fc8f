/**
 * Issue 12 findings 5 and 7: the sign-in limit holds under concurrency; a TOTP code is single-use and
 * two-factor verify/disable have an attempt limit (docs/api.md "Auth and profile").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/auth/totp.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const MAX = 10;
const login = (username: string, password: string, remoteAddress = '127.0.0.1', otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/auth/login',
    remoteAddress,
    payload: { username, password, ...(otp ? { otp } : {}) },
  });
function statuses(codes: number[]): Record<number, number> {
  const count: Record<number, number> = {};
  for (const c of codes) count[c] = (count[c] ?? 0) + 1;
  return count;
}

describe('finding 5: the login limit holds under concurrency', () => {
  it('60 concurrent wrong passwords: at most 10 are evaluated, the rest get 429', async () => {
    const res = await Promise.all(
      Array.from({ length: 60 }, () => login('ktbl.employee', 'wrong-password', '10.1.1.1')),
    );
    const count = statuses(res.map((r) => r.statusCode));
    expect(count[401] ?? 0).toBeLessThanOrEqual(MAX);
    expect(count[429] ?? 0).toBeGreaterThanOrEqual(60 - MAX);
    expect((count[401] ?? 0) + (count[429] ?? 0)).toBe(60);
  });

  it('59 wrong + 1 right concurrently: at most 10 attempts are evaluated', async () => {
    const attempts = Array.from({ length: 60 }, (_, i) =>
      login('ktbl.rms', i === 59 ? DEMO_PASSWORD : 'wrong-password', '10.1.1.2'),
    );
    const count = statuses((await Promise.all(attempts)).map((r) => r.statusCode));
    expect((count[401] ?? 0) + (count[200] ?? 0)).toBeLessThanOrEqual(MAX);
    expect(count[429] ?? 0).toBeGreaterThanOrEqual(60 - MAX);
  });

  it('an address is limited across accounts under concurrency too', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`ghost-${i}`, 'wrong-password', '10.1.1.3')),
    );
    const count = statuses(res.map((r) => r.statusCode));
    expect(count[401] ?? 0).toBeLessThanOrEqual(MAX);
    expect(count[429] ?? 0).toBeGreaterThanOrEqual(30 - MAX);
  });
});

describe('finding 7: two-factor', () => {
  let secret = '';
  let access = '';
  const twoFactor = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/user/auth/two-factor',
      headers: { authorization: `Bearer ${access}` },
      payload,
    });

  beforeAll(async () => {
    const res = await login('ftb', DEMO_PASSWORD, '10.2.0.1');
    access = res.json().access_token;
    secret = (await twoFactor({ action: 'setup' })).json().secret;
    expect((await twoFactor({ action: 'verify', otp: totpCode(secret, t.clock.now()) })).statusCode).toBe(
      200,
    );
  });

  it('a code is single-use: a replay in the same or an earlier step is refused', async () => {
    // The code that turned two-factor on is spent.
    expect((await login('ftb', DEMO_PASSWORD, '10.2.0.2', totpCode(secret, t.clock.now()))).statusCode).toBe(
      401,
    );
    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.now());
    expect((await login('ftb', DEMO_PASSWORD, '10.2.0.3', code)).statusCode).toBe(200);
    const replay = await login('ftb', DEMO_PASSWORD, '10.2.0.4', code);
    expect(replay.statusCode).toBe(401);
    // The previous step's code is still within the drift window, but older than the accepted one.
    const earlier = totpCode(secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await login('ftb', DEMO_PASSWORD, '10.2.0.5', earlier)).statusCode).toBe(401);
  });

  it('two concurrent logins with the same code: only one is signed in', async () => {
    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.now());
    const [a, b] = await Promise.all([
      login('ftb', DEMO_PASSWORD, '10.2.0.6', code),
      login('ftb', DEMO_PASSWORD, '10.2.0.7', code),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });

  it('disable has an attempt limit: 429 after 10 wrong codes, even with the right one', async () => {
    t.clock.advance(30_000);
    for (let i = 0; i < MAX; i++) {
      const res = await twoFactor({ action: 'disable', otp: '000000' });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await twoFactor({ action: 'disable', otp: totpCode(secret, t.clock.now()) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many/);
    t.clock.advance(15 * 60_000 + 1000);
    const ok = await twoFactor({ action: 'disable', otp: totpCode(secret, t.clock.now()) });
    expect(ok.statusCode).toBe(200);
  });
});
