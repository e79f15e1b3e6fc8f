/**
 * Page loads (issue 37 points 5 and 6, docs/requirements.md#page-loads,
 * docs/decisions/spa-and-api-paths.md): a full page load of a web route whose path is also an API
 * endpoint's shows the app, never the API's JSON; an unknown route is an HTTP 404 document showing
 * 'This page could not be found'; a missing hashed asset is a 404, not the page; a chunk that fails to
 * load reloads the page once, and not again within 60 s.
 */
import { ALL_ENDPOINTS } from '@towerwatch/contract';
import { ERROR_PAGE, isWebRoute } from '@towerwatch/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  chromiumForFile,
  navigateInApp,
  newContext,
  openSignedIn,
  PAGE_TIMEOUT_MS,
} from './browser.ts';

const chromium = chromiumForFile();
/** Web routes whose path an API endpoint has too: derived from both tables, so a new one is covered. */
const SHARED_PATHS = [...new Set(ALL_ENDPOINTS.map((e) => e.path).filter((p) => isWebRoute(p)))];

async function withPage(run: (page: Page) => Promise<void>) {
  const context = await newContext(chromium.browser);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The app is on screen: its frame or its sign-in page, not a JSON document. */
async function expectApp(page: Page) {
  await expect.poll(async () => (await page.locator('#root').innerText()).trim().length).toBeGreaterThan(0);
  const text = (await page.locator('body').innerText()).trim();
  expect(text).not.toMatch(/^\{/);
  expect(text).not.toContain('"statusCode"');
}

describe('web routes that share a path with the API', () => {
  it('include /telegram/alarm-settings', () => {
    expect(SHARED_PATHS).toContain('/telegram/alarm-settings');
  });

  it('a signed-in full page load of each shows the app, not JSON', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl', '/welcome');
      for (const path of SHARED_PATHS) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(response?.headers()['content-type'], path).toContain('text/html');
        await expectApp(page);
      }
    });
  });

  it('/telegram/alarm-settings loads as the Telegram alarm settings page for a telegram user', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl', '/telegram/alarm-settings');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/telegram/alarm-settings');
      await expectApp(page);
    });
  });

  it('a signed-out page load of /telegram/alarm-settings shows the sign-in page, not a 401 JSON', async () => {
    await withPage(async (page) => {
      const response = await page.goto('/telegram/alarm-settings');
      expect(response?.headers()['content-type']).toContain('text/html');
      await page.waitForURL('**/login');
      await page.getByLabel('Username').waitFor();
    });
  });
});

describe('errors the spec defines', () => {
  it('an unknown route is an HTTP 404 document showing the 404 page', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl', '/welcome');
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: ERROR_PAGE.notFoundMessage }).waitFor();
      expect(ERROR_PAGE.notFoundMessage).toBe('This page could not be found');
    });
  });

  it('a missing hashed asset is a 404, not the HTML page', async () => {
    await withPage(async (page) => {
      await page.goto('/login');
      const answer = await page.evaluate(async () => {
        const response = await fetch('/assets/index-gone00000.js');
        return { status: response.status, type: response.headers.get('content-type') ?? '' };
      });
      expect(answer.status).toBe(404);
      expect(answer.type).not.toContain('text/html');
    });
  });

  it('a chunk that fails to load reloads the page once, not again within 60 s', async () => {
    // No service worker: its cache would answer the chunk past the page's request interception.
    const context = await chromium.browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block' });
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
    try {
      const page = await context.newPage();
      await openSignedIn(page, 'ktbl', '/welcome');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      // The ticket list's chunk is not loaded yet; every request for it fails from now on.
      await page.route(/\/assets\/ticket-list-page-[^/]*\.js$/, (route) => route.abort());
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await navigateInApp(page, '/ticket');
      // One reload, then the error page: the second failure within 60 s shows it instead of reloading
      // again (a reload would show "Loading the new version…", never the status code).
      await page.getByLabel('Status code').waitFor();
      expect(loads).toBe(1);
      const stamp = await page.evaluate(() => sessionStorage.getItem('towerwatch.chunk-reload-at'));
      expect(Number(stamp)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
