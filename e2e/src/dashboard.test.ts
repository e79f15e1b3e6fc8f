/**
 * The smart dashboard in Chromium against the real server (issue 5 "Done when"): the numbers are the
 * server's, a tile click lands on /site/list with the tile's filter in the URL, and finance (no sites)
 * is sent to its work. Which tiles each role sees, read-only masking and every tile's link are
 * component tests (apps/web/src/features/dashboard/components/dashboard-tiles.test.tsx).
 */
import { type DashboardCountReply, networkEndpoints } from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, newContext, openSignedIn } from './browser.ts';

const chromium = chromiumForFile();

/** Runs `run` on a page opened at `path` signed in as `username` (a context of its own). */
async function openAs<T>(username: string, path: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await newContext(chromium.browser);
  try {
    const page = await context.newPage();
    await openSignedIn(page, username, path);
    return await run(page);
  } finally {
    await context.close();
  }
}

const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('smart dashboard', () => {
  // finance holds no sites: no dashboard is its home (docs/decisions/every-role-lands-on-its-work.md).
  it('finance is sent from /dashboard to its work, the Payment List (issue 19)', async () => {
    await openAs('finance', '/dashboard/business', async (page) => {
      await page.waitForURL('**/billing/list');
      await expect.poll(() => page.getByRole('heading', { name: /payment/i }).count()).toBeGreaterThan(0);
      expect(await page.locator('[data-tile]').count()).toBe(0);
    });
  });

  it("the Total Sites tile shows the server's count; Device Offline opens /site/list filtered to offline devices", async () => {
    const counts = await apiGet<DashboardCountReply>(
      await apiToken('ktbl'),
      networkEndpoints.dashboardCount.path,
    );
    expect(counts.siteCount.total).toBeGreaterThan(0);
    await openAs('ktbl', '/dashboard/business', async (page) => {
      const count = tile(page, 'Total Sites').getByTestId('tile-count');
      await expect.poll(() => count.textContent()).toBe(String(counts.siteCount.total));
      await tile(page, 'Device Offline').getByRole('link').click();
      await page.waitForURL('**/site/list?**');
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({ type: 'alarm', id: 'device_online', expected: 'false' });
      await page.getByRole('heading', { name: 'All Sites', level: 1 }).waitFor();
    });
  });

  it('a read-only user gets the masked dashboard of the real server', async () => {
    await openAs('robi.viewer', '/dashboard', async (page) => {
      await page.waitForURL('**/dashboard/robi');
      await tile(page, 'Total Sites').getByTestId('tile-count').waitFor();
      expect(await page.locator('[data-tile][data-masked]').count()).toBeGreaterThan(0);
      expect(await tile(page, 'Device Offline').getByRole('link').count()).toBe(0);
    });
  });
});
