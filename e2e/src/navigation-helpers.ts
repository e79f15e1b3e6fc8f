/**
 * Helpers of the navigation test (issue 21): reach screens by clicking only (menu items, links, the
 * site sub-navigation) and check that no screen shows placeholder wording or an empty dashboard.
 * Waits are sized for a busy machine ({@link PAGE_TIMEOUT_MS}).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { newContext, openSignedIn, PAGE_TIMEOUT_MS } from './browser.ts';

/** Developer wording that must never reach a customer's screen. */
export const PLACEHOLDER_WORDING = /coming|later issue|feature areas/i;

/** The path of the current page. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the app shows the page at `path` (top bar title rendered, loading done). */
export async function settled(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: PAGE_TIMEOUT_MS });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect
    .poll(() => page.getByLabel('Loading', { exact: true }).count(), { timeout: PAGE_TIMEOUT_MS })
    .toBe(0);
}

/** Checks the page shows no placeholder wording and, on a dashboard, that it has sites. */
export async function checkScreen(page: Page): Promise<void> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text, pathOf(page)).not.toMatch(PLACEHOLDER_WORDING);
  expect(text, pathOf(page)).not.toMatch(/not available for your account/i);
  if (pathOf(page).startsWith('/dashboard/') && !pathOf(page).startsWith('/dashboard/legacy')) {
    await expect
      .poll(() => page.getByText(/^\d[\d,]* sites · /).count(), { timeout: PAGE_TIMEOUT_MS })
      .toBe(1);
    const subtitle = (await page.getByText(/^\d[\d,]* sites · /).textContent()) ?? '';
    expect(Number(subtitle.split(' ')[0]?.replace(/,/g, '')), `${pathOf(page)}: ${subtitle}`).toBeGreaterThan(
      0,
    );
  }
}

/** Clicks a side-menu item (the menu opened from the current page) and waits for its page. */
export async function clickMenuItem(page: Page, item: { label: string; path: string }): Promise<string> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: item.label, exact: true }).click();
  await nav.waitFor({ state: 'detached' });
  // Wait for the item's page, not the page we came from. Site Overview without an open site goes to
  // All Sites to choose one (guard 5: an operator's sign-in opens no site).
  const targets = item.path === '/site' ? ['/site', '/site/list'] : [item.path];
  await page.waitForURL((url) => targets.includes(url.pathname), { timeout: PAGE_TIMEOUT_MS });
  const path = pathOf(page);
  await settled(page, path);
  return path;
}

/** Clicks a link by its accessible name inside `scope` (a locator's role container) and waits. */
export async function clickLink(page: Page, name: string, expected: string): Promise<void> {
  await page.getByRole('link', { name, exact: true }).first().click();
  await settled(page, expected);
}

/** Opens the first site of the All Sites list by clicking its row; returns to the site overview. */
export async function openFirstSite(page: Page): Promise<void> {
  const rows = page.getByRole('table', { name: 'Sites' }).locator('tbody tr');
  await rows.first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  await rows.first().click();
  await settled(page, '/site');
}

/**
 * One signed-in page for the tests of a `describe`: opened on `home` (a session from the API, no form)
 * in beforeAll and closed in afterAll, so its tests move by clicking as a user does, without reloading
 * the app. A test that failed leaves the page anywhere: the next one starts from a fresh load of `home`.
 */
export function sharedSignedInPage(
  browser: () => Browser,
  username: string,
  home: string,
): { readonly page: Page } {
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  let reload = false;
  // Hooks may not poll with expect (settled does): the tests' clicks wait for the page to settle.
  const landed = async () => {
    await page().waitForURL((url) => url.pathname === home);
    await page().getByRole('heading', { level: 1 }).first().waitFor();
  };
  const page = (): Page => {
    if (!current) throw new Error('the shared page opens in beforeAll: use it inside a test');
    return current;
  };
  beforeAll(async () => {
    context = await newContext(browser());
    current = await context.newPage();
    await openSignedIn(current, username, home);
    await landed();
  });
  afterAll(async () => {
    await context?.close();
  });
  beforeEach(async () => {
    if (!reload) return;
    reload = false;
    await page().goto(home);
    await landed();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') reload = true;
  });
  return {
    get page() {
      return page();
    },
  };
}

/** Makes sure a site is open (its sub-navigation shows): else opens the first site of All Sites. */
export async function ensureSiteOpen(page: Page): Promise<void> {
  if (await page.getByRole('navigation', { name: 'Site pages' }).isVisible()) return;
  await clickMenuItem(page, { label: 'All Sites', path: '/site/list' });
  await openFirstSite(page);
}

/** Clicks a link of the open site's sub-navigation and waits for its page. */
export async function clickSiteNav(page: Page, label: string, path: string): Promise<void> {
  await ensureSiteOpen(page);
  if (pathOf(page) === path) return settled(page, path);
  await page
    .getByRole('navigation', { name: 'Site pages' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await settled(page, path);
}
