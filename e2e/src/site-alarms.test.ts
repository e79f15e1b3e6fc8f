/**
 * The alarm page of an opened site (filter by group) and its alarm settings (pause, permission), with
 * the paused alarms counted on the dashboard.
 */
import { siteEndpoints } from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, chromiumForFile, navigateInApp, newContext, signIn, sitesOf } from './browser.ts';
import { openFromList, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();

const withPage = chromium.withPage;

async function tileCount(page: Page, tile: string): Promise<number> {
  const count = page.locator(`[data-tile="${tile}"] [data-testid="tile-count"]`);
  await count.waitFor();
  return Number((await count.textContent())?.replace(/\D/g, ''));
}

async function apiPost(token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('alarms and settings', () => {
  it('the alarm page filters by alarm group', async () => {
    // One tenant: the page lists power alarms once per tenant, and the rows are counted below.
    const site = await siteWhere(
      'ktbl',
      (s) => s.tenants.length === 1 && s.alarms.some((a) => a.id === 'door_status' && a.isAvailable),
      'single-tenant ACS site',
    );
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await navigateInApp(page, '/alarm');
      const table = page.getByRole('table', { name: 'Site alarms' });
      await table.getByRole('row', { name: 'Door Status' }).waitFor();
      await table.getByRole('row', { name: 'Mains Fail' }).waitFor();
      // The group filter, not the site sub-navigation's Access page (issue 13).
      const groups = page.getByLabel('Alarm group');
      await groups.getByText('Access', { exact: true }).click();
      await expect.poll(() => table.getByRole('row', { name: 'Mains Fail' }).count()).toBe(0);
      expect(await table.getByRole('row', { name: 'Door Status' }).count()).toBe(1);
      await groups.getByText('Power', { exact: true }).click();
      await table.getByRole('row', { name: 'Mains Fail' }).waitFor();
      expect(await table.getByRole('row', { name: 'Door Status' }).count()).toBe(0);
    });
  });

  it('pausing an alarm in settings counts it under Paused Alarms', async () => {
    const token = await apiToken('ktbl');
    const sites = await sitesOf('ktbl');
    const site = sites.find((s) =>
      s.alarms.some((a) => a.id === 'door_status' && a.isAvailable && !a.isDisable),
    );
    if (!site) throw new Error('no ACS site with door_status enabled');
    const paused = site.alarms.filter((a) => a.id === 'door_status' && a.isAvailable).length;
    // Paused Alarms is a tile of RMS-only users (docs/requirements.md#dashboard-tiles): ktbl.rms watches, ktbl pauses.
    const watcherContext = await newContext(chromium.browser);
    const watcher = await watcherContext.newPage();
    try {
      await signIn(watcher, 'ktbl.rms');
      await watcher.goto('/dashboard/business');
      const before = await tileCount(watcher, 'paused_alarms');
      await withPage('ktbl', async (page) => {
        await openFromList(page, site);
        await navigateInApp(page, '/settings');
        const badge = page.getByLabel(/^Paused alarms \d+$/);
        await badge.waitFor();
        const pausedBefore = Number((await badge.getAttribute('aria-label'))?.replace(/\D/g, ''));
        await page.getByRole('switch', { name: 'Door Status enabled' }).click({ force: true });
        await page.getByLabel(`Paused alarms ${pausedBefore + paused}`).waitFor();
      });
      await expect
        .poll(
          async () => {
            await watcher.goto('/dashboard/business');
            return tileCount(watcher, 'paused_alarms');
          },
          { timeout: 20_000 },
        )
        .toBe(before + paused);
    } finally {
      await watcherContext.close();
      const response = await apiPost(token, siteEndpoints.settingsSave.path, {
        siteUid: site.uid,
        prop: 'door_status',
        value: true,
      });
      expect(response.status).toBe(200);
    }
  });

  it("a read-only user's settings change is refused with the permission toast", async () => {
    const sites = await sitesOf('noc');
    const site = sites.find((s) => s.alarms.some((a) => a.id === 'door_status' && a.isAvailable));
    if (!site) throw new Error('no ACS site for noc');
    await withPage('noc', async (page) => {
      await openFromList(page, site);
      await navigateInApp(page, '/settings');
      await page.getByRole('switch', { name: 'Door Status enabled' }).click({ force: true });
      await page
        .getByText("Sorry! You don't have the necessary permission to change the site settings.")
        .waitFor();
    });
  });
});
