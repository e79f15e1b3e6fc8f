/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, plus the
 * helpers every test uses (sign in, read the side menu). Elements are found by role and label.
 */
import { authEndpoints, type SiteListReply, siteEndpoints } from '@towerwatch/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** The demo password of every demo account. */
export const DEMO_PASSWORD = 'towerwatch';

/** Launches headless Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The server's base URL from the global setup. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** A fresh browser context (own storage) on the test server (or on `base`, a server of the test's own). */
export function newContext(browser: Browser, base = baseUrl()): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
}

/** Signs in through the login form and waits for /welcome. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome');
  await expect.poll(() => page.getByRole('heading', { name: /^Welcome, / }).count()).toBe(1);
}

/** Runs `run` on a page of a fresh context signed in as `username`; the context is closed after. */
export async function withSignedInPage(
  browser: Browser,
  username: string,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await signIn(page, username);
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * One Chromium for a test file: launched before its tests, closed after them. `browser` is there
 * once the file's tests run; `withPage` is {@link withSignedInPage} on it.
 */
export function chromiumForFile(): {
  readonly browser: Browser;
  withPage: (username: string, run: (page: Page) => Promise<void>) => Promise<void>;
} {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchChromium();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const current = (): Browser => {
    if (!launched) throw new Error('Chromium is launched in beforeAll: use it inside a test');
    return launched;
  };
  return {
    get browser() {
      return current();
    },
    withPage: (username, run) => withSignedInPage(current(), username, run),
  };
}

/**
 * Client-side navigation inside the loaded app (the router follows popstate): the app, its caches
 * and its live socket stay as they are, as when a user follows a link in the app.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens the side menu and returns the labels of its items, in order. */
export async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const labels = await nav.locator('a, button').allInnerTexts();
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'detached' });
  return labels.map((label) => label.trim()).filter(Boolean);
}

/** Labels of the dashboard tiles, in order. */
export async function tileLabels(page: Page): Promise<string[]> {
  const tiles = page.locator('[data-tile]');
  await tiles.first().waitFor();
  return tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

/** Signs in with the API directly and returns the access token (for API cross-checks). */
export async function apiToken(username: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** GET an API path with a token. */
export async function apiGet<T>(token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A site as GET /user/site/fetch returns it. */
export type ApiSite = SiteListReply['items'][number];

/** The first 1,000 sites of `username` from the API, with their devices (what the pages are checked against). */
export async function sitesOf(username: string): Promise<ApiSite[]> {
  const token = await apiToken(username);
  return (await apiGet<SiteListReply>(token, `${siteEndpoints.siteFetch.path}?limit=1000&with_devices=true`))
    .items;
}
