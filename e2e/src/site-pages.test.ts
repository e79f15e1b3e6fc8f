import { siteEndpoints, siteReportEndpoints } from '@towerwatch/contract';
import { tenantLabel } from '@towerwatch/domain';
import { runScenario } from '@towerwatch/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiSite,
  apiGet,
  apiToken,
  launchChromium,
  navigateInApp,
  newContext,
  signIn,
  sitesOf,
  withSignedInPage,
} from './browser.ts';

type Site = ApiSite;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const raised = (site: Site, ids: string[]) =>
  site.alarms.some((a) => ids.includes(a.id) && a.isAvailable && !a.isNormal);

const withPage = (username: string, run: (page: Page) => Promise<void>) =>
  withSignedInPage(browser, username, run);

const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr');

async function openSiteList(page: Page, path = '/site/list') {
  await navigateInApp(page, path);
  await page.getByRole('table', { name: 'Sites' }).waitFor();
  await siteRows(page).first().waitFor();
}

/** Opens a site from the list by searching its uid and clicking its row. */
async function openFromList(page: Page, site: Site) {
  await openSiteList(page);
  await page.getByLabel('Search sites').fill(site.uid);
  await expect.poll(() => siteRows(page).count()).toBe(1);
  await page.locator(`tr[data-site-uid="${site.uid}"]`).click();
  await page.waitForURL('**/site');
  await page.getByRole('heading', { name: site.name, level: 2 }).waitFor();
  // The site's live session is on the socket once the connection is open.
  await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 15_000 }).toBe(1);
}

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

describe('site info', () => {
  it("shows the focused site's identity and its pin configuration", async () => {
    const token = await apiToken('ktbl');
    const sites = await sitesOf('ktbl');
    const site = sites[1];
    if (!site) throw new Error('no site');
    const details = await apiGet<{ pinConfigs: unknown[] }>(
      token,
      `${siteEndpoints.siteDetails.path}?site_uid=${site.uid}`,
    );
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await navigateInApp(page, '/site/info');
      await page.getByRole('heading', { name: site.name, level: 2 }).waitFor();
      await page.getByText(site.uid, { exact: true }).first().waitFor();
      const rows = page.getByRole('table', { name: 'Pin configuration' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(details.pinConfigs.length);
    });
  });
});

describe('site list at scale', () => {
  it('a 50,000-site list loads page by page and scrolls with a bounded number of DOM rows', async () => {
    const TOTAL = 50_000;
    const context = await newContext(browser);
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
      // The list asked for every page of 1000 in the lean form, each page once.
      const listPages = asked.filter((q) => q.get('lean') === 'true').map((q) => Number(q.get('page')));
      expect([...new Set(listPages)].sort((a, b) => a - b)).toEqual(
        Array.from({ length: TOTAL / 1000 }, (_, i) => i + 1),
      );
      expect(asked.filter((q) => q.get('lean') === 'true').every((q) => q.get('limit') === '1000')).toBe(
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

describe('site overview', () => {
  it('opening a site shows its values; a door-open scenario updates the page and events live', async () => {
    const sites = await sitesOf('ktbl');
    const site = sites.find(
      (s) =>
        s.alarms.some((a) => a.id === 'door_status' && a.isAvailable && a.isNormal && !a.isDisable) &&
        !raised(s, ['security_breach']),
    );
    if (!site) throw new Error('no ACS site with a closed door');
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      for (const region of [
        'Mains',
        'Generators',
        'Rectifier & DC load',
        'Battery',
        'Climate',
        'Door & lock',
      ]) {
        await page.getByRole('region', { name: region }).waitFor();
      }
      const door = page.getByRole('region', { name: 'Door & lock' });
      await door.getByText('CLOSE').first().waitFor();
      const events = page.getByRole('list', { name: 'Site events' });
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'door-open' });
      await expect
        .poll(() => door.getByText('OPEN', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => events.getByText('Door Open', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByRole('row', { name: 'Door Status' }).getByTestId('alarm-value').textContent(), {
          timeout: 20_000,
        })
        .toBe('OPEN');
    });
  });

  it('a dc-low-voltage scenario raises DC Low Voltage on the open site and in its events', async () => {
    const sites = await sitesOf('ktbl');
    const site = sites.find(
      (s) =>
        s.alarms.some((a) => a.id === 'dc_low_voltage' && a.isAvailable) && !raised(s, ['dc_low_voltage']),
    );
    if (!site) throw new Error('no site with a normal DC voltage');
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      const row = page
        .getByRole('table', { name: 'Site alarms' })
        .getByRole('row', { name: 'DC Low Voltage' });
      expect(await row.first().getByTestId('alarm-value').textContent()).toBe('NO');
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'dc-low-voltage' });
      await expect
        .poll(() => row.first().getByTestId('alarm-value').textContent(), { timeout: 20_000 })
        .toBe('YES');
      const events = page.getByRole('list', { name: 'Site events' });
      await expect
        .poll(() => events.getByText('DC Low Voltage', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
    });
  });

  it("an ftb user reads 'Grid Fail' for a mains failure, live in the events list", async () => {
    const sites = await sitesOf('ftb');
    const site = sites.find((s) => !raised(s, ['mains_fail', 'ac_line_fail']));
    if (!site) throw new Error('no calm ftb site');
    await withPage('ftb', async (page) => {
      await openFromList(page, site);
      const events = page.getByRole('list', { name: 'Site events' });
      const before = await events.getByText('Grid Fail', { exact: true }).count();
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'mains-fail' });
      await expect
        .poll(() => events.getByText('Grid Fail', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(before);
      expect(await page.getByText('AC Line Fail').count()).toBe(0);
    });
  });

  it("a read-only user's acknowledge is refused with the permission toast", async () => {
    const sites = await sitesOf('noc');
    const site = sites.find((s) => !raised(s, ['mains_fail', 'ac_line_fail']));
    if (!site) throw new Error('no calm site for noc');
    await withPage('noc', async (page) => {
      await openFromList(page, site);
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'mains-fail' });
      const acknowledge = page.getByRole('button', { name: 'Acknowledge' }).first();
      await acknowledge.waitFor({ timeout: 20_000 });
      await acknowledge.click();
      await page.getByText("Sorry! You don't have the necessary permission to acknowledge events.").waitFor();
    });
  });

  it('the site guard sends /site to /site/list when no site could be opened', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signIn(page, 'ktbl');
      // The site list fails to load (platform-core §8): no site is focused.
      await page.route(`**${siteEndpoints.siteFetch.path}**`, (route) => route.abort());
      await page.goto('/site');
      await page.waitForURL('**/site/list');
      expect(new URL(page.url()).pathname).toBe('/site/list');
    } finally {
      await context.close();
    }
  });
});

async function tileCount(page: Page, tile: string): Promise<number> {
  const count = page.locator(`[data-tile="${tile}"] [data-testid="tile-count"]`);
  await count.waitFor();
  return Number((await count.textContent())?.replace(/\D/g, ''));
}

async function apiPost(token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('alarms and settings', () => {
  it('the alarm page filters by alarm group', async () => {
    const sites = await sitesOf('ktbl');
    const site = sites.find((s) => s.alarms.some((a) => a.id === 'door_status' && a.isAvailable));
    if (!site) throw new Error('no ACS site');
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await navigateInApp(page, '/alarm');
      const table = page.getByRole('table', { name: 'Site alarms' });
      await table.getByRole('row', { name: 'Door Status' }).waitFor();
      await table.getByRole('row', { name: 'Mains Fail' }).waitFor();
      await page.getByText('Access', { exact: true }).click();
      await expect.poll(() => table.getByRole('row', { name: 'Mains Fail' }).count()).toBe(0);
      expect(await table.getByRole('row', { name: 'Door Status' }).count()).toBe(1);
      await page.getByText('Power', { exact: true }).click();
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
    // Paused Alarms is a tile of RMS-only users (platform-core §2): ktbl.rms watches, ktbl pauses.
    const watcherContext = await newContext(browser);
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

describe('live routing to the site modules', () => {
  it("a routed live event of the open site appears on its module's page (power events for the focused tenant)", async () => {
    const sites = await sitesOf('ktbl');
    const site = sites.find(
      (s) =>
        !raised(s, ['mains_fail', 'ac_line_fail']) &&
        s.alarms.some((a) => a.id === 'door_status' && a.isAvailable && a.isNormal && !a.isDisable) &&
        !raised(s, ['security_breach']),
    );
    if (!site) throw new Error('no calm ACS site');
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await navigateInApp(page, '/mains');
      const routed = page.getByRole('list', { name: 'Routed live events' });
      await page.getByText('No event yet.').waitFor();
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'mains-fail' });
      await expect
        .poll(() => routed.getByText('Mains Fail', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      // Only the focused tenant's power events: no entry of the site's other tenants.
      const heading = await page.getByText(/^Live events of /).textContent();
      const focused = /\(([^)]+)\)$/.exec(heading ?? '')?.[1];
      expect(site.tenants.map(tenantLabel)).toContain(focused);
      const entries = await routed.locator('li').allTextContents();
      expect(entries.some((text) => text.includes(`${focused} ·`))).toBe(true);
      for (const other of site.tenants.map(tenantLabel).filter((label) => label !== focused)) {
        expect(entries.filter((text) => text.includes(`${other} ·`))).toEqual([]);
      }
      // A door event goes to access, not to mains.
      const before = await routed.locator('li').count();
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'door-open' });
      await navigateInApp(page, '/access');
      await expect
        .poll(() => page.getByRole('list', { name: 'Routed live events' }).getByText('Door Open').count(), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      await navigateInApp(page, '/mains');
      await routed.waitFor();
      expect(await routed.getByText('Door Open').count()).toBe(0);
      expect(await routed.locator('li').count()).toBeGreaterThanOrEqual(before);
    });
  });
});
