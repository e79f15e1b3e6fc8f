/**
 * /site/availability in Chromium against the real server: the figures shown are the API's for the
 * same user and range; a company user sees only its own sites; a site going down (its down history
 * answered by a fixture, the demo fleet has no site-down input) drops its availability, colours it,
 * sorts it first and shows its down periods on the time line.
 */
import {
  type DownHistoryReply,
  type SiteAvailabilityItem,
  type SiteAvailabilityReply,
  siteReportEndpoints,
} from '@towerwatch/contract';
import { formatDuration } from '@towerwatch/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, navigateInApp } from './browser.ts';

const chromium = chromiumForFile();

const withPage = chromium.withPage;

const table = (page: Page) => page.getByRole('table', { name: 'Site availability' });
const rows = (page: Page) => table(page).locator('tbody tr');
const n = (value: number) => value.toLocaleString('en-US');
const pct = (value: number) => `${value.toFixed(2)} %`;

async function openAvailability(page: Page) {
  await navigateInApp(page, '/site/availability');
  await table(page).waitFor();
}

async function availabilityOf(token: string, from: string, until: string): Promise<SiteAvailabilityReply> {
  return apiGet<SiteAvailabilityReply>(
    token,
    `${siteReportEndpoints.siteAvailability.path}?from_date=${from}&until_date=${until}`,
  );
}

describe('site availability', () => {
  it("shows every site of the user with the API's figures for today and for the last 7 days", async () => {
    const token = await apiToken('ktbl');
    await withPage('ktbl', async (page) => {
      await openAvailability(page);
      const from = await page.getByLabel('From').inputValue();
      const until = await page.getByLabel('Until').inputValue();
      expect(from).toBe(until);
      const today = await availabilityOf(token, from, until);
      expect(today.items.length).toBeGreaterThan(30);
      await expect
        .poll(() => page.getByTestId('availability-count').textContent())
        .toBe(`${n(today.items.length)} of ${n(today.items.length)} sites`);
      // One page of 100 rows at most, worst first.
      expect(await rows(page).count()).toBe(Math.min(100, today.items.length));
      const worst = [...today.items].sort(
        (a, b) =>
          a.availability - b.availability ||
          a.siteName.localeCompare(b.siteName) ||
          a.siteUid.localeCompare(b.siteUid),
      )[0] as SiteAvailabilityItem;
      const first = rows(page).first();
      expect(await first.getAttribute('data-site-uid')).toBe(worst.siteUid);
      expect(await first.getByTestId('site-availability').textContent()).toBe(pct(worst.availability));
      expect(await first.getByTestId('site-outages').textContent()).toBe(String(worst.outages));

      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await expect.poll(() => page.getByLabel('From').inputValue()).not.toBe(from);
      const weekFrom = await page.getByLabel('From').inputValue();
      const week = await availabilityOf(token, weekFrom, until);
      const downSites = week.items.filter((i) => i.outages > 0).length;
      await expect.poll(() => page.getByTestId('sites-with-outages').textContent()).toBe(n(downSites));
      const all = week.items.length * week.spanSeconds;
      const down = week.items.reduce((sum, i) => sum + i.downSeconds, 0);
      const network = Math.round((1 - down / all) * 10000) / 100;
      expect(await page.getByTestId('network-availability').textContent()).toBe(pct(network));

      // The range is in the URL: a link opens the same view.
      expect(new URL(page.url()).searchParams.get('from')).toBe(weekFrom);
      await navigateInApp(page, `/site/availability?from=${weekFrom}&until=${weekFrom}`);
      await expect.poll(() => page.getByLabel('Until').inputValue()).toBe(weekFrom);
      const day = await availabilityOf(token, weekFrom, weekFrom);
      await expect
        .poll(() => page.getByTestId('sites-with-outages').textContent())
        .toBe(n(day.items.filter((i) => i.outages > 0).length));

      // Search by site ID narrows the table.
      const target = week.items[Math.floor(week.items.length / 2)] as SiteAvailabilityItem;
      await page.getByLabel('Search sites').fill(target.genericSiteId ?? target.siteUid);
      await expect.poll(() => table(page).locator(`tr[data-site-uid="${target.siteUid}"]`).count()).toBe(1);
    });
  });

  it('a company user sees only the sites of their company', async () => {
    const ftbToken = await apiToken('ftb');
    const ktblToken = await apiToken('ktbl');
    const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
    const ftb = await availabilityOf(ftbToken, today, today);
    const ktbl = await availabilityOf(ktblToken, today, today);
    const ftbUids = new Set(ftb.items.map((i) => i.siteUid));
    const ktblOnly = ktbl.items.find((i) => !ftbUids.has(i.siteUid));
    if (!ktblOnly) throw new Error('no ktbl-only site');
    await withPage('ftb', async (page) => {
      await openAvailability(page);
      await expect
        .poll(() => page.getByTestId('availability-count').textContent())
        .toBe(`${n(ftb.items.length)} of ${n(ftb.items.length)} sites`);
      await page.getByLabel('Search sites').fill(ktblOnly.siteUid);
      await page.getByText('No site matches.').waitFor();
    });
  });

  it('a site that went down drops in availability, turns red, sorts first and shows its periods', async () => {
    await withPage('ktbl', async (page) => {
      let victim: SiteAvailabilityItem | null = null;
      let periods: DownHistoryReply | null = null;
      let expectedDowntime = '';
      // Fixture: the real reply with one site down twice today (90 min, then since 30 min ago), both
      // periods inside the day so far: in its first 2.5 hours (Asia/Dhaka) the periods shrink with it.
      await page.route(`**${siteReportEndpoints.siteAvailability.path}?**`, async (route) => {
        const response = await route.fetch();
        const reply = (await response.json()) as SiteAvailabilityReply;
        const until = Date.parse(reply.until);
        const scale = Math.min(1, (0.9 * (until - Date.parse(reply.from))) / (150 * 60_000));
        const min = (m: number) => Math.round(m * scale * 60) * 1000;
        const site = reply.items[Math.floor(reply.items.length / 2)] as SiteAvailabilityItem;
        const downSeconds = (min(90) + min(30)) / 1000;
        expectedDowntime = formatDuration(downSeconds);
        victim = {
          ...site,
          downSeconds,
          outages: 2,
          downNow: true,
          availability: Math.round((1 - downSeconds / reply.spanSeconds) * 10000) / 100,
        };
        periods = {
          items: [
            {
              id: 2,
              siteUid: site.siteUid,
              siteName: site.siteName,
              tenant: null,
              downAt: new Date(until - min(30)).toISOString(),
              upAt: null,
              durationSeconds: min(30) / 1000,
            },
            {
              id: 1,
              siteUid: site.siteUid,
              siteName: site.siteName,
              tenant: null,
              downAt: new Date(until - min(150)).toISOString(),
              upAt: new Date(until - min(60)).toISOString(),
              durationSeconds: min(90) / 1000,
            },
          ],
          total: 2,
          page: 1,
          limit: 500,
        };
        const items = reply.items.map((item) => (item.siteUid === site.siteUid ? victim : item));
        await route.fulfill({ response, json: { ...reply, items } });
      });
      await page.route(`**${siteReportEndpoints.downHistory.path}?**`, async (route) => {
        const url = new URL(route.request().url());
        if (periods && url.searchParams.get('site_uid') === periods.items[0]?.siteUid)
          await route.fulfill({ json: periods });
        else await route.continue();
      });
      await openAvailability(page);
      await expect.poll(() => victim !== null).toBe(true);
      const site = victim as unknown as SiteAvailabilityItem;
      // Today is at most 24 h long: 2 h down (or 72 % of a young day) is below 95 %, the red band, the worst site.
      expect(site.availability).toBeLessThan(95);
      const first = rows(page).first();
      await expect.poll(() => first.getAttribute('data-site-uid')).toBe(site.siteUid);
      expect(await first.getByTestId('site-availability').textContent()).toBe(pct(site.availability));
      expect(await first.getByTestId('site-downtime').textContent()).toBe(expectedDowntime);
      expect(await first.getByTestId('site-outages').textContent()).toBe('2');
      expect(await first.getByText('Down', { exact: true }).count()).toBe(1);
      const badgeColour = await first
        .getByTestId('site-availability')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      const red = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--mantine-color-red-filled)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      expect(badgeColour).toBe(red);
      expect(await page.getByTestId('sites-down-now').textContent()).toBe('1');
      expect(await page.getByTestId('network-availability').textContent()).not.toBe(pct(100));

      await first.click();
      const detail = page.getByRole('region', { name: `Availability of ${site.siteName}` });
      await detail.waitFor();
      const periodRows = detail.getByRole('table', { name: 'Down periods' }).locator('tbody tr');
      await expect.poll(() => periodRows.count()).toBe(2);
      await detail.getByRole('img', { name: 'Down periods on the time line: 2' }).waitFor();
      expect(await periodRows.first().getByText('Still down').count()).toBe(1);
      await detail.getByRole('button', { name: 'Open site' }).click();
      await page.waitForURL('**/site');
      await page.getByRole('heading', { name: site.siteName, level: 2 }).waitFor();
    });
  });
});
