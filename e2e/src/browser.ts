/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, plus the
 * helpers every test uses (sign in, read the side menu). Elements are found by role and label.
 *
 * Signing in: {@link signIn} and {@link withSignedInPage} put a real session (the token pair of
 * `POST /user/auth/login`, stored as the web app stores it) into the browser context before the page
 * loads: no form, one page load. Only the tests of the sign-in form itself use {@link signInWithForm}.
 */
import { authEndpoints, type LoginReply, type SiteListReply, siteEndpoints } from '@towerwatch/contract';
import { authStorageKey } from '@towerwatch/domain';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { leasedServer } from './server-lease.ts';

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

/** The base URL of the server this file holds (server-lease.ts). */
export function baseUrl(): string {
  return leasedServer().baseUrl;
}

/** The MQTT URL of the embedded broker of the server this file holds (devices connect there). */
export function mqttUrl(): string {
  return leasedServer().mqttUrl;
}

/** The test hooks of the simulator of the server this file holds (docs/device-protocol.md). */
export function simControlUrl(): string {
  return leasedServer().simControlUrl;
}

/**
 * How long a page may take to load or an element to show on a busy machine (load average 8 and more;
 * 45 s holds at the load averages of 25–35 a shared 2-core machine reaches):
 * the default of every Playwright action, wait and navigation of a context from {@link newContext}.
 */
export const PAGE_TIMEOUT_MS = 45_000;

/** The server each context was opened on (for signing in through the API of the right server). */
const contextBase = new WeakMap<BrowserContext, string>();
/** Sessions put into each context so far (a later one wins; see {@link putSession}). */
const contextSessions = new WeakMap<BrowserContext, number>();

/** A fresh browser context (own storage) on the test server (or on `base`, a server of the test's own). */
export async function newContext(browser: Browser, base = baseUrl()): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
  contextBase.set(context, base);
  return context;
}

/** Signs in with the API of `base`: the token pair the login form would get. */
async function loginTokens(
  base: string,
  username: string,
  password: string,
): Promise<Extract<LoginReply, { access_token: string }>> {
  const response = await fetch(`${base}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as LoginReply;
  if (!response.ok || !('access_token' in body))
    throw new Error(`login of ${username} failed (${response.status}): ${JSON.stringify(body)}`);
  return body;
}

/**
 * Puts a session into the context as the web app stores one after a sign-in (apps/web/src/lib/token-store.ts:
 * the tokens in localStorage under `auth.*`, the `auth.loggedIn` cookie), before any page of it loads.
 * The tokens are written once per session (an init script with a session number), so a logout in
 * the browser stays a logout on the next page load.
 */
async function putSession(
  context: BrowserContext,
  base: string,
  tokens: Extract<LoginReply, { access_token: string }>,
): Promise<void> {
  const session = (contextSessions.get(context) ?? 0) + 1;
  contextSessions.set(context, session);
  await context.addCookies([
    {
      name: authStorageKey('loggedIn'),
      value: '1',
      url: base,
      expires: Math.floor(Date.now() / 1000) + tokens.refresh_expires_in,
      sameSite: 'Lax',
    },
  ]);
  await context.addInitScript(
    ({ origin, session, marker, entries, expired }) => {
      if (window.location.origin !== origin) return;
      if (Number(window.localStorage.getItem(marker) ?? 0) >= session) return;
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
      window.localStorage.removeItem(expired);
      window.localStorage.setItem(marker, String(session));
    },
    {
      origin: new URL(base).origin,
      session,
      marker: 'e2e.session',
      entries: [
        [authStorageKey('access_token'), tokens.access_token],
        [authStorageKey('refresh_token'), tokens.refresh_token],
      ] as [string, string][],
      expired: authStorageKey('expired'),
    },
  );
}

/**
 * Opens `path` signed in as `username` (a session from the API put into the page's context, no form);
 * resolves once the page is loaded: wait for what the test needs on it.
 */
export async function openSignedIn(
  page: Page,
  username: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const context = page.context();
  const base = contextBase.get(context) ?? baseUrl();
  await putSession(context, base, await loginTokens(base, username, password));
  await page.goto(path);
}

/**
 * Signs in as `username` and waits for /welcome, where a sign-in lands. The session comes from the
 * API and is put into the context before the page loads (the form is tested by {@link signInWithForm}).
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await openSignedIn(page, username, '/welcome', password);
  await expect
    .poll(() => page.getByRole('heading', { name: /^Welcome, / }).count(), { timeout: PAGE_TIMEOUT_MS })
    .toBe(1);
}

/** Signs in through the login form, as a user does, and waits for /welcome (the sign-in tests only). */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome');
  await expect
    .poll(() => page.getByRole('heading', { name: /^Welcome, / }).count(), { timeout: PAGE_TIMEOUT_MS })
    .toBe(1);
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

/** Signs in with the API directly and returns the access token (for API cross-checks). */
export async function apiToken(username: string): Promise<string> {
  return (await loginTokens(baseUrl(), username, DEMO_PASSWORD)).access_token;
}

/** GET an API path with a token. */
export async function apiGet<T>(token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST a JSON body to an API path with a token. */
export async function apiPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
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

/**
 * Applies a simulator scenario to the server's RUNNING simulator (its `POST /scenario` test hook), so
 * the site's own device keeps reporting the new state. A scenario published by a second client
 * (`runScenario`) would race the running device, whose next message reports its own state again.
 */
export async function simScenario(siteUid: string, scenario: string): Promise<void> {
  const response = await fetch(`${simControlUrl()}/scenario`, {
    method: 'POST',
    body: JSON.stringify({ siteUid, scenario }),
  });
  expect(response.status, await response.text()).toBe(200);
}
