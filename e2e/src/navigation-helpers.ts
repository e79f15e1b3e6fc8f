/**
 * Helpers of the navigation test (issue 21): reach screens by clicking only (menu items, links, the
 * site sub-navigation) and check that no screen shows placeholder wording or an empty dashboard.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Developer wording that must never reach a customer's screen. */
export const PLACEHOLDER_WORDING = /coming|later issue|feature areas/i;

/** The path of the current page. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the app shows the page at `path` (top bar title rendered, loading done). */
export async function settled(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.getByLabel('Loading', { exact: true }).count(), { timeout: 20_000 }).toBe(0);
}

/** Checks the page shows no placeholder wording and, on a dashboard, that it has sites. */
export async function checkScreen(page: Page): Promise<void> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text, pathOf(page)).not.toMatch(PLACEHOLDER_WORDING);
  expect(text, pathOf(page)).not.toMatch(/not available for your account/i);
  if (pathOf(page).startsWith('/dashboard/') && !pathOf(page).startsWith('/dashboard/legacy')) {
    await expect.poll(() => page.getByText(/^\d[\d,]* sites · /).count(), { timeout: 20_000 }).toBe(1);
    const subtitle = (await page.getByText(/^\d[\d,]* sites · /).textContent()) ?? '';
    expect(Number(subtitle.split(' ')[0]?.replace(/,/g, '')), `${pathOf(page)}: ${subtitle}`).toBeGreaterThan(
      0,
    );
  }
}

/** Opens the side menu and returns its links (label and path), Logout left out. */
export async function menuLinks(page: Page): Promise<{ label: string; path: string }[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const links = await nav
    .getByRole('link')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ label: node.textContent?.trim() ?? '', path: node.getAttribute('href') ?? '' })),
    );
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'detached' });
  return links;
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
  await page.waitForURL((url) => targets.includes(url.pathname), { timeout: 20_000 });
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
  await rows.first().waitFor({ timeout: 20_000 });
  await rows.first().click();
  await settled(page, '/site');
}

/** The links of the site sub-navigation (label and path). */
export async function siteNavLinks(page: Page): Promise<{ label: string; path: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Site pages' });
  await nav.waitFor();
  return nav
    .getByRole('link')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ label: node.textContent?.trim() ?? '', path: node.getAttribute('href') ?? '' })),
    );
}
