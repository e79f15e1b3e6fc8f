import { authEndpoints, userEndpoints } from '@towerwatch/contract';
/**
 * The one-time-password step of /login (docs/requirements.md#sign-in-flow, issue 5 §2): a user with
 * two-factor on is asked for the code after the password; a wrong code shows a clear error; the
 * right one signs in. The user is created for this test through the API (signup by ktbl).
 */
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, baseUrl, launchChromium, newContext } from './browser.ts';

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits), written here independently of the server's. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secretBase32.replace(/=+$/, '').toUpperCase()]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function typeCode(page: Page, code: string) {
  const boxes = page.getByRole('group', { name: 'One-time password' }).locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
}

describe('two-factor sign-in', () => {
  it('asks for the one-time password, refuses a wrong one and accepts the right one', async () => {
    const username = `e2e.otp.${Date.now().toString(36)}`;
    const password = 'otp-e2e-password';
    await post(
      userEndpoints.signup.path,
      { username, password, name: 'OTP Tester', type: 'employee' },
      await apiToken('ktbl'),
    );
    const login = await post<{ access_token: string }>(authEndpoints.login.path, { username, password });
    const setup = await post<{ secret: string }>(
      authEndpoints.twoFactor.path,
      { action: 'setup' },
      login.access_token,
    );
    await post(
      authEndpoints.twoFactor.path,
      { action: 'verify', otp: totp(setup.secret) },
      login.access_token,
    );

    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();

      // A code is single-use: the step that turned two-factor on is spent, so sign in with the next one.
      const next = () => totp(setup.secret, Date.now() + 30_000);
      const right = next();
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      await typeCode(page, wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('one-time password is wrong');
      expect(new URL(page.url()).pathname).toBe('/login');

      await typeCode(page, next());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/welcome');
      await page.getByRole('heading', { name: 'Welcome, OTP Tester' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
