/**
 * The smart dashboard (issue 5 "Done when"): each demo account sees exactly the tiles its role
 * allows (docs/requirements.md#dashboard-tiles tile table: ACS-only tiles, Paused Alarms only for rms-only users);
 * read-only users get masked tiles with the ban icon except Total Sites, DC No Load and DC Overload;
 * a tile click lands on /site/list with the tile's filter in the URL; the numbers are the server's.
 */
import { type DashboardCountReply, networkEndpoints } from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, newContext, signIn, tileLabels } from './browser.ts';

const ACS_TILES = [
  'Total Sites',
  'RMS Installed',
  'ACS Installed',
  'Device Offline',
  'PG ON',
  'DC No Load',
  'DC Overload',
  'Door Open',
  'Security Breach',
];
const RMS_ONLY_TILES = [
  'Total Sites',
  'RMS Installed',
  'Device Offline',
  'PG ON',
  'Paused Alarms',
  'DC No Load',
  'DC Overload',
];

const EXPECTED_TILES: Record<string, { path: string; tiles: string[] }> = {
  ktbl: { path: '/dashboard/business', tiles: ACS_TILES },
  super: { path: '/dashboard/business', tiles: ACS_TILES },
  'ktbl.rms': { path: '/dashboard/business', tiles: RMS_ONLY_TILES },
  'ktbl.employee': { path: '/dashboard/business', tiles: ACS_TILES },
  'robi.viewer': { path: '/dashboard/robi', tiles: ACS_TILES },
  noc: { path: '/dashboard/business', tiles: ACS_TILES },
  ftb: { path: '/dashboard/business', tiles: ACS_TILES },
};
const UNMASKED = ['Total Sites', 'DC No Load', 'DC Overload'];

const chromium = chromiumForFile();

async function withUser<T>(username: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await newContext(chromium.browser);
  const page = await context.newPage();
  try {
    await signIn(page, username);
    return await run(page);
  } finally {
    await context.close();
  }
}

const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('tiles by role', () => {
  for (const [username, { path, tiles }] of Object.entries(EXPECTED_TILES)) {
    it(`${username} sees exactly its tiles on ${path}`, async () => {
      await withUser(username, async (page) => {
        await page.goto('/dashboard');
        await page.waitForURL(`**${path}`);
        expect(await tileLabels(page)).toEqual(tiles);
      });
    });
  }

  // finance holds no sites: no dashboard is its home (docs/decisions/every-role-lands-on-its-work.md).
  it('finance is sent from /dashboard to its work, the Payment List (issue 19)', async () => {
    await withUser('finance', async (page) => {
      await page.goto('/dashboard/business');
      await page.waitForURL('**/billing/list');
      await expect.poll(() => page.getByRole('heading', { name: /payment/i }).count()).toBeGreaterThan(0);
      expect(await page.locator('[data-tile]').count()).toBe(0);
    });
  });

  it("the Total Sites tile shows the server's count", async () => {
    const counts = await apiGet<DashboardCountReply>(
      await apiToken('ktbl'),
      networkEndpoints.dashboardCount.path,
    );
    expect(counts.siteCount.total).toBeGreaterThan(0);
    await withUser('ktbl', async (page) => {
      await page.goto('/dashboard/business');
      const count = tile(page, 'Total Sites').getByTestId('tile-count');
      await expect.poll(() => count.textContent()).toBe(String(counts.siteCount.total));
    });
  });
});

describe('read-only masking', () => {
  for (const username of ['robi.viewer', 'noc']) {
    it(`${username}: tiles are masked with the ban icon except total, DC no load and DC overload`, async () => {
      await withUser(username, async (page) => {
        await page.goto('/dashboard');
        const labels = await tileLabels(page);
        for (const label of labels) {
          const group = tile(page, label);
          if (UNMASKED.includes(label)) {
            expect(await group.getByRole('img', { name: 'Masked' }).count(), label).toBe(0);
            expect(await group.getByRole('link').count(), label).toBe(1);
          } else {
            expect(await group.getByRole('img', { name: 'Masked' }).count(), label).toBe(1);
            expect(await group.getByRole('link').count(), label).toBe(0);
            expect(await group.getByTestId('tile-count').count(), label).toBe(0);
          }
        }
        // No hover breakdown for read-only users.
        await tile(page, 'Device Offline').hover();
        await page.waitForTimeout(400);
        expect(await page.getByText('<24 Hours').count()).toBe(0);
      });
    });
  }

  it('a monitoring user sees no masks and the hover breakdowns', async () => {
    await withUser('ktbl', async (page) => {
      await page.goto('/dashboard/business');
      await tile(page, 'Total Sites').getByTestId('tile-count').waitFor();
      expect(await page.getByRole('img', { name: 'Masked' }).count()).toBe(0);
      await tile(page, 'Device Offline').hover();
      const breakdown = page.getByLabel('Device Offline breakdown');
      await breakdown.waitFor();
      const text = (await breakdown.textContent()) ?? '';
      for (const bucket of ['<24 Hours', '<48 Hours', '<72 Hours', '>72 Hours'])
        expect(text).toContain(bucket);
      await tile(page, 'RMS Installed').hover();
      await page.getByLabel('RMS Installed breakdown').getByText('Rectifier Integrated').waitFor();
    });
  });
});

describe('tile links', () => {
  it('Device Offline opens /site/list filtered to offline devices', async () => {
    await withUser('ktbl', async (page) => {
      await page.goto('/dashboard/business');
      await tile(page, 'Device Offline').getByRole('link').click();
      await page.waitForURL('**/site/list?**');
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({ type: 'alarm', id: 'device_online', expected: 'false' });
    });
  });

  it('DC Overload on a tenant dashboard keeps the tenant in the filter', async () => {
    await withUser('robi.viewer', async (page) => {
      await page.goto('/dashboard/robi');
      await tile(page, 'DC Overload').getByRole('link').click();
      await page.waitForURL('**/site/list?**');
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({
        type: 'property',
        id: 'dc_load',
        value: 'OVER',
        tenant: 'robi',
      });
    });
  });

  it('Paused Alarms is not a link', async () => {
    await withUser('ktbl.rms', async (page) => {
      await page.goto('/dashboard/business');
      await tile(page, 'Paused Alarms').waitFor();
      expect(await tile(page, 'Paused Alarms').getByRole('link').count()).toBe(0);
    });
  });
});
