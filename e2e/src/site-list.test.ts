/**
 * The site list (search, dashboard tile filters, a 50,000-site list page by page) and the site-down
 * history page, in Chromium against the real server.
 */
import { siteEndpoints, siteReportEndpoints } from '@towerwatch/contract';

import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, navigateInApp, newContext, signIn, sitesOf } from './browser.ts';
import { openSiteList, raised, type Site, siteRows } from './site-pages.ts';

const chromium = chromiumForFile();

const withPage = chromium.withPage;

describe('site list', () => {
  it('lists every visible site with a bounded number of DOM rows, and searches by name and ID', async () => {
    const sites = await sitesOf('ktbl');
    expect(sites.length).toBeGreaterThan(30);
    await withPage('ktbl', async (page) => {
      await openSiteList(page);
      await expect
        .poll(() => page.getByTestId('site-count').textContent())
        .toBe(`${sites.length.toLocaleString('en-US')} of ${sites.length.toLocaleString('en-US')} sites`);
      // Virtualized: only the rows in view (plus overscan) are in the DOM.
      expect(await siteRows(page).count()).toBeLessThan(40);
      await page.getByTestId('site-list-scroll').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      const last = sites.at(-1);
      if (!last) throw new Error('no site');
      await page.locator(`tr[data-site-uid]`).last().waitFor();
      expect(await siteRows(page).count()).toBeLessThan(40);

      const target = sites[Math.floor(sites.length / 2)];
      if (!target) throw new Error('no site');
      const byName = sites.filter((s) => s.name.toLowerCase().includes(target.name.toLowerCase()));
      await page.getByLabel('Search sites').fill(target.name);
      await expect.poll(() => siteRows(page).count()).toBe(byName.length);
      await expect.poll(() => page.locator(`tr[data-site-uid="${target.uid}"]`).count()).toBe(1);
      const id = target.meta.generic_site_id ?? target.uid;
      await page.getByLabel('Search sites').fill(id);
      await expect.poll(() => page.locator(`tr[data-site-uid="${target.uid}"]`).count()).toBe(1);
      await page.getByLabel('Search sites').fill('no such site zzz');
      await page.getByText('No site matches.').waitFor();
    });
  });

  it("a dashboard tile lands on the list filtered by the tile's filter, shown as a removable chip", async () => {
    const sites = await sitesOf('ktbl');
    const withDevices = sites.filter((s) => s.devices.length > 0).length;
    expect(withDevices).toBeGreaterThan(0);
    await withPage('ktbl', async (page) => {
      await page.goto('/dashboard/business');
      await page.locator('[data-tile="rms_installed"]').waitFor();
      await page.locator('[data-tile="rms_installed"] a, a[data-tile="rms_installed"]').first().click();
      await page.waitForURL(/\/site\/list\?/);
      await page.getByRole('table', { name: 'Sites' }).waitFor();
      await expect
        .poll(() => page.getByTestId('site-count').textContent())
        .toBe(`${withDevices.toLocaleString('en-US')} of ${sites.length.toLocaleString('en-US')} sites`);
      const chip = page.getByRole('button', { name: /^Remove filter / });
      expect(await chip.count()).toBe(1);
      await chip.click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect
        .poll(() => page.getByTestId('site-count').textContent())
        .toBe(`${sites.length.toLocaleString('en-US')} of ${sites.length.toLocaleString('en-US')} sites`);
    });
  });

  it('the JSON filter of a tile link (door open) lists exactly the sites with an open door', async () => {
    await withPage('ktbl', async (page) => {
      const filter = encodeURIComponent(
        JSON.stringify({ type: 'alarm', id: 'door_status', expected: false }),
      );
      await navigateInApp(page, `/site/list?filter=${filter}`);
      await page.getByRole('table', { name: 'Sites' }).waitFor();
      // The simulator opens and closes doors while the test runs: the page (live) and the API must
      // agree on one reading, so both sides are read again on each poll.
      await expect
        .poll(
          async () => {
            const sites = await sitesOf('ktbl');
            const open = sites.filter((s) => raised(s, ['door_status'])).length;
            const shown = await page.getByTestId('site-count').textContent();
            return (
              shown === `${open.toLocaleString('en-US')} of ${sites.length.toLocaleString('en-US')} sites`
            );
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await page.getByRole('button', { name: 'Remove filter Door Status: alarm' }).waitFor();
    });
  });
});

/** A fixture site (for the 50,000-site list): the shape of GET /user/site/fetch items. */
function fixtureSite(index: number): Site {
  const id = String(index).padStart(5, '0');
  return {
    uid: `FX-${id}`,
    name: `Fixture Site ${id}`,
    user_uid: '100',
    company: 'ktbl',
    tenants: ['robi'],
    devices: index % 2 === 0 ? [`RMSFX${id}`] : [],
    alarms: [],
    status: index % 7 === 0 ? 'offline' : 'online',
    rectifier: { rectifier_type: null, rectifier_type_2: null },
    dc_load: [{ tenant: 'robi', value: 'NORMAL' }],
    battery_max: 200,
    battery_left: null,
    device_vendor: null,
    place: { thana: null, district: null, division: null },
    location: null,
    meta: { generic_site_id: `FX${id}` },
    more_details: {},
    settings: {},
    inc: {},
    bms: {},
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('site history', () => {
  it('lists the site-down periods of the last 7 days as the API reports them', async () => {
    const token = await apiToken('ktbl');
    await withPage('ktbl', async (page) => {
      await navigateInApp(page, '/site/history');
      const from = await page.getByLabel('From').inputValue();
      const until = await page.getByLabel('Until').inputValue();
      const reply = await apiGet<{ total: number; items: { siteName: string }[] }>(
        token,
        `${siteReportEndpoints.downHistory.path}?from_date=${from}&until_date=${until}&limit=50`,
      );
      await expect
        .poll(() => page.getByText(/site-down periods$/).textContent())
        .toBe(`${reply.total.toLocaleString('en-US')} site-down periods`);
      const rows = page.getByRole('table', { name: 'Site-down history' }).locator('tbody tr');
      if (reply.total === 0) await page.getByText('No site was down in this period.').waitFor();
      else await expect.poll(() => rows.count()).toBe(reply.items.length);
    });
  });
});

describe('site list at scale', () => {
  it('a 50,000-site list loads page by page and scrolls with a bounded number of DOM rows', async () => {
    const TOTAL = 50_000;
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      // The fixture: the site list endpoint answers from 50,000 generated sites, page by page.
      const asked: URLSearchParams[] = [];
      await page.route(`**${siteEndpoints.siteFetch.path}?**`, async (route) => {
        const url = new URL(route.request().url());
        asked.push(url.searchParams);
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        const pageNo = Number(url.searchParams.get('page') ?? 1);
        const start = (pageNo - 1) * limit;
        const items = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - start)) }, (_, i) =>
          fixtureSite(start + i),
        );
        await route.fulfill({ json: { items, total: TOTAL, page: pageNo, limit } });
      });
      await signIn(page, 'ktbl');
      await openSiteList(page);
      await expect
        .poll(() => page.getByTestId('site-count').textContent(), { timeout: 60_000 })
        .toBe('50,000 of 50,000 sites');
      expect(await siteRows(page).count()).toBeLessThan(40);
      // The list asked for every page of 1000 in the compact form, each page once.
      const listPages = asked.filter((q) => q.get('compact') === 'true').map((q) => Number(q.get('page')));
      expect([...new Set(listPages)].sort((a, b) => a - b)).toEqual(
        Array.from({ length: TOTAL / 1000 }, (_, i) => i + 1),
      );
      expect(asked.filter((q) => q.get('compact') === 'true').every((q) => q.get('limit') === '1000')).toBe(
        true,
      );
      const scroller = page.getByTestId('site-list-scroll');
      // Rows of the second and third loads (beyond the first 1000) are reached by scrolling.
      for (const [index, uid] of [
        [1500, 'FX-01500'],
        [2999, 'FX-02999'],
      ] as const) {
        await scroller.evaluate((el, at) => {
          el.scrollTop = (el.scrollHeight * at) / 50_000;
        }, index);
        await expect.poll(() => page.locator(`tr[data-site-uid="${uid}"]`).count()).toBe(1);
        expect(await siteRows(page).count()).toBeLessThan(40);
      }
      await scroller.evaluate((el) => {
        el.scrollTop = el.scrollHeight / 2;
      });
      await expect.poll(() => page.locator('tr[data-site-uid="FX-25000"]').count()).toBe(1);
      expect(await siteRows(page).count()).toBeLessThan(40);
      await scroller.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect.poll(() => page.locator('tr[data-site-uid="FX-49999"]').count()).toBe(1);
      expect(await siteRows(page).count()).toBeLessThan(40);
      // FX-49990 … FX-49999.
      await page.getByLabel('Search sites').fill('FX-4999');
      await expect.poll(() => siteRows(page).count()).toBe(10);
    } finally {
      await context.close();
    }
  });
});
