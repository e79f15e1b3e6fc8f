/**
 * Helpers of the site page tests (site-list, site-overview, site-alarms .test.ts): finding sites in a
 * state, the site list's rows, opening a site the way a user does.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ApiSite, navigateInApp, sitesOf } from './browser.ts';

export type Site = ApiSite;

/** True when one of `ids` is raised (available and not normal) on the site. */
export const raised = (site: Site, ids: string[]) =>
  site.alarms.some((a) => ids.includes(a.id) && a.isAvailable && !a.isNormal);

/**
 * The first of `username`'s sites matching `test`, waiting for one (up to 30 s): the simulator starts
 * with the server, so a state its devices report (e.g. a door status) may not be there yet when a
 * file's first test runs.
 */
export async function siteWhere(
  username: string,
  test: (site: Site) => boolean,
  what: string,
): Promise<Site> {
  let found: Site | undefined;
  await expect
    .poll(
      async () => {
        found = (await sitesOf(username)).find(test);
        return found !== undefined;
      },
      { timeout: 30_000, interval: 500, message: `no ${what} among ${username}'s sites` },
    )
    .toBe(true);
  return found as Site;
}

/** The rendered rows of the site list. */
export const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr');

/** Navigates to the site list (optionally with a filter in the path) and waits for its first row. */
export async function openSiteList(page: Page, path = '/site/list') {
  await navigateInApp(page, path);
  await page.getByRole('table', { name: 'Sites' }).waitFor();
  await siteRows(page).first().waitFor();
}

/** Opens a site from the list by searching its uid and clicking its row. */
export async function openFromList(page: Page, site: Site) {
  await openSiteList(page);
  await page.getByLabel('Search sites').fill(site.uid);
  await expect.poll(() => siteRows(page).count()).toBe(1);
  await page.locator(`tr[data-site-uid="${site.uid}"]`).click();
  await page.waitForURL('**/site');
  await page.getByRole('heading', { name: site.name, level: 2 }).waitFor();
  // The site's live session is on the socket once the connection is open.
  await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 15_000 }).toBe(1);
}
