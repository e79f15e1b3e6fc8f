/**
 * The site map (issue 6, /site/map) in Chromium against the real server and simulator: every site of
 * the user as markers and clusters that add up to the API's count (a company sees only its own sites),
 * a cluster click zooms in, a site's panel opens it the way the site list does, the bundled base map
 * draws with no request leaving 127.0.0.1, a mains failure recolours the marker live, and a 10,000-site
 * fixture draws as a bounded number of markers.
 */
import { type SiteListReply, siteEndpoints } from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiGet,
  apiToken,
  baseUrl,
  chromiumForFile,
  newContext,
  openSignedIn,
  simScenario,
} from './browser.ts';

type Site = SiteListReply['items'][number];

const chromium = chromiumForFile();

async function sitesOf(username: string): Promise<Site[]> {
  const token = await apiToken(username);
  const reply = await apiGet<SiteListReply>(token, `${siteEndpoints.siteFetch.path}?limit=1000`);
  expect(reply.items.length).toBe(reply.total);
  return reply.items;
}

const markers = (page: Page) => page.locator('[data-map-item]');
const mapElement = (page: Page) => page.getByTestId('site-map');

/** Sites drawn: a cluster counts its sites, a site marker one. */
async function sitesDrawn(page: Page): Promise<number> {
  const counts = await markers(page).evaluateAll((nodes) =>
    nodes.map((node) => Number((node as HTMLElement).dataset.count)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

async function siteMarkerUids(page: Page): Promise<string[]> {
  return page
    .locator('[data-map-item="site"]')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.siteUid ?? ''));
}

async function zoomOf(page: Page): Promise<number> {
  return Number(await mapElement(page).getAttribute('data-zoom'));
}

/** Waits until the open map shows `total` sites and draws its markers. */
async function mapShows(page: Page, total: number) {
  await expect
    .poll(() => page.getByTestId('map-site-count').textContent(), { timeout: 30_000 })
    .toMatch(new RegExp(`^${total.toLocaleString('en-US')} sites`));
  await markers(page).first().waitFor();
}

/**
 * Runs `run` on /site/map opened signed in as `username` (one page load, a context of its own) once it
 * shows `total` sites; `prepare` runs on the page before it loads (request listeners, routes).
 */
async function withMap(
  username: string,
  total: number | null,
  run: (page: Page) => Promise<void>,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(chromium.browser);
  try {
    const page = await context.newPage();
    await prepare?.(page);
    await openSignedIn(page, username, '/site/map');
    if (total !== null) await mapShows(page, total);
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * Indexes of the markers (of `kind`) that stand clear of the map's edges and its legend, so a real
 * click reaches them, with their site counts.
 */
async function clearMarkers(
  page: Page,
  kind: 'site' | 'cluster',
): Promise<{ index: number; count: number }[]> {
  const map = await mapElement(page).boundingBox();
  const legend = await page.getByRole('list', { name: 'Legend' }).boundingBox();
  if (!map) throw new Error('no map');
  const locator = page.locator(`[data-map-item="${kind}"]`);
  const boxes = await locator.evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return {
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
        count: Number((node as HTMLElement).dataset.count),
      };
    }),
  );
  const margin = 40;
  return boxes
    .map((box, index) => ({ ...box, index }))
    .filter(
      (b) =>
        b.x > map.x + margin &&
        b.x < map.x + map.width - margin &&
        b.y > map.y + margin &&
        b.y < map.y + map.height - margin &&
        !(legend && b.x < legend.x + legend.width + margin && b.y > legend.y - margin),
    );
}

/** Clicks the cluster with the most sites (among those clear of the edges). */
async function clickLargestCluster(page: Page) {
  const clusters = await clearMarkers(page, 'cluster');
  if (clusters.length === 0) throw new Error('no cluster clear of the map edges');
  const largest = clusters.reduce((best, c) => (c.count > best.count ? c : best));
  await page.locator('[data-map-item="cluster"]').nth(largest.index).click();
}

/** A site marker clear of the edges, or null. */
async function clearSiteMarker(page: Page) {
  const [first] = await clearMarkers(page, 'site');
  return first ? page.locator('[data-map-item="site"]').nth(first.index) : null;
}

describe('site map', () => {
  it("shows every site of a company user, clustered, adding up to the API's count", async () => {
    const ktbl = await sitesOf('ktbl');
    const ktblUids = new Set(ktbl.map((s) => s.uid));
    await withMap('ktbl', ktbl.length, async (page) => {
      await expect.poll(() => sitesDrawn(page)).toBe(ktbl.length);
      // Clustered: fewer markers than sites, and the legend's counts add up to every site too.
      expect(await markers(page).count()).toBeLessThan(ktbl.length);
      expect(await page.locator('[data-map-item="cluster"]').count()).toBeGreaterThan(0);
      const legend = await page
        .locator('[data-testid^="legend-"]')
        .evaluateAll((nodes) => nodes.map((node) => Number(node.textContent?.replace(/,/g, ''))));
      expect(legend.reduce((sum, n) => sum + n, 0)).toBe(ktbl.length);
      for (const uid of await siteMarkerUids(page)) expect(ktblUids.has(uid)).toBe(true);
    });
  });

  it("another company's user sees only its own sites, zoomed in to single sites", async () => {
    const ktbl = await sitesOf('ktbl');
    const ftb = await sitesOf('ftb');
    const ktblUids = new Set(ktbl.map((s) => s.uid));
    const ftbUids = new Set(ftb.map((s) => s.uid));
    expect(ftb.length).toBeGreaterThan(0);
    expect(ktbl.length).toBeGreaterThan(ftb.length);
    expect(ftb.some((s) => ktblUids.has(s.uid))).toBe(false);
    await withMap('ftb', ftb.length, async (page) => {
      await expect.poll(() => sitesDrawn(page)).toBe(ftb.length);
      // Zoom in until single sites show: each is one of FTB's, none of KTBL's.
      for (let i = 0; i < 6 && (await siteMarkerUids(page)).length === 0; i++) {
        const zoom = await zoomOf(page);
        await clickLargestCluster(page);
        await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
      }
      const shown = await siteMarkerUids(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const uid of shown) {
        expect(ftbUids.has(uid)).toBe(true);
        expect(ktblUids.has(uid)).toBe(false);
      }
    });
  });

  it('a cluster click zooms in; a site shows its name, ID and status, and Open site focuses it on /site', async () => {
    const sites = await sitesOf('ktbl');
    await withMap('ktbl', sites.length, async (page) => {
      for (let i = 0; i < 8 && (await clearSiteMarker(page)) === null; i++) {
        const zoom = await zoomOf(page);
        await clickLargestCluster(page);
        await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
      }
      const marker = await clearSiteMarker(page);
      if (!marker) throw new Error('no site marker after zooming in');
      const uid = await marker.getAttribute('data-site-uid');
      const site = sites.find((s) => s.uid === uid);
      if (!site) throw new Error(`marker of an unknown site ${uid}`);
      // Markers are buttons: chosen with the keyboard here (clusters are clicked above).
      await marker.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: site.name });
      await panel.waitFor();
      await panel.getByText(site.meta.generic_site_id ?? site.uid, { exact: true }).waitFor();
      expect(await panel.getByText(/^(Power alarm|Offline|Other alarm|Normal)$/).count()).toBe(1);

      await panel.getByRole('button', { name: 'Open site' }).click();
      await page.waitForURL('**/site');
      await page.getByRole('heading', { name: site.name, level: 2 }).waitFor();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'last_site_uid')?.value).toBe(site.uid);
    });
  });

  it('draws the bundled base map of Bangladesh with no request leaving 127.0.0.1', async () => {
    const sites = await sitesOf('ktbl');
    const requests: string[] = [];
    const listen = async (page: Page) => {
      page.on('request', (request) => requests.push(request.url()));
      page.on('websocket', (socket) => requests.push(socket.url()));
    };
    await withMap(
      'ktbl',
      sites.length,
      async (page) => {
        await expect.poll(() => mapElement(page).getAttribute('data-base-map')).toBe('ready');
        for (const division of ['Dhaka', 'Chattogram', 'Sylhet', 'Rangpur', 'Khulna']) {
          await page.locator('.site-map-division', { hasText: division }).waitFor();
        }
        // The country and its divisions are painted on the canvas (headless Chromium, no GPU).
        const painted = await page.locator('.leaflet-overlay-pane canvas').evaluate((node) => {
          const canvas = node as HTMLCanvasElement;
          const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
          if (!data) return 0;
          let opaque = 0;
          for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) opaque++;
          return opaque / (canvas.width * canvas.height);
        });
        expect(painted).toBeGreaterThan(0.05);
        expect(requests.length).toBeGreaterThan(0);
        const host = new URL(baseUrl()).host;
        const outside = requests.filter((url) => !url.startsWith('data:') && new URL(url).host !== host);
        expect(outside).toEqual([]);
      },
      listen,
    );
  });

  it('the side menu opens above the map: its items are clickable (issue 21)', async () => {
    const sites = await sitesOf('ktbl');
    await withMap('ktbl', sites.length, async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const item = page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'All Sites' });
      await item.waitFor();
      // The menu item, not the map, receives the pointer at its centre (polled: the drawer slides in).
      const onTop = () =>
        item.evaluate((node) => {
          const box = node.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && node.contains(hit);
        });
      await expect.poll(onTop).toBe(true);
      await item.click();
      await page.waitForURL('**/site/list');
    });
  });

  it('a mains failure at a site recolours its marker live, without a reload', async () => {
    const sites = await sitesOf('ktbl');
    const calm = sites.find(
      (s) => s.status === 'online' && !s.alarms.some((a) => a.isAvailable && !a.isNormal && !a.isDisable),
    );
    if (!calm) throw new Error('no calm online site for ktbl');
    await withMap('ktbl', sites.length, async (page) => {
      await page.getByLabel('Find a site').fill(calm.uid);
      await page.getByLabel('Find a site').press('Enter');
      const marker = page.locator(`[data-map-item="site"][data-site-uid="${calm.uid}"]`);
      await marker.waitFor();
      await page.getByRole('dialog', { name: calm.name }).waitFor();
      expect(await marker.getAttribute('data-status')).not.toBe('critical');
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      await simScenario(calm.uid, 'mains-fail');
      await expect.poll(() => marker.getAttribute('data-status'), { timeout: 20_000 }).toBe('critical');
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    });
  });
});

/** Bangladesh, roughly (west, south, east, north). */
const COUNTRY = [88.3, 21.8, 92.2, 26.2] as const;

/** A fixture site of GET /user/site/fetch, placed deterministically over the country. */
function fixtureSite(index: number): Site {
  const id = String(index).padStart(5, '0');
  const fx = (index * 0.618_033_988_75) % 1;
  const fy = (index * 0.754_877_666_25) % 1;
  return {
    uid: `MX-${id}`,
    name: `Map Fixture ${id}`,
    user_uid: '100',
    company: 'ktbl',
    tenants: ['robi'],
    devices: [],
    alarms: [],
    status: index % 9 === 0 ? 'offline' : 'online',
    rectifier: { rectifier_type: null, rectifier_type_2: null },
    dc_load: [],
    battery_max: null,
    battery_left: null,
    device_vendor: null,
    place: { thana: null, district: null, division: null },
    location: {
      lat: COUNTRY[1] + fy * (COUNTRY[3] - COUNTRY[1]),
      lng: COUNTRY[0] + fx * (COUNTRY[2] - COUNTRY[0]),
    },
    meta: { generic_site_id: `MX${id}` },
    more_details: {},
    settings: {},
    inc: {},
    bms: {},
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('site map at scale', () => {
  it('10,000 sites draw as a bounded number of markers that add up to every site, also zoomed in', async () => {
    const TOTAL = 10_000;
    // The fixture: the site list endpoint answers from 10,000 generated sites, page by page.
    const fixture = async (page: Page) => {
      await page.route(`**${siteEndpoints.siteFetch.path}?**`, async (route) => {
        const url = new URL(route.request().url());
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        const pageNo = Number(url.searchParams.get('page') ?? 1);
        const start = (pageNo - 1) * limit;
        const items = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - start)) }, (_, i) =>
          fixtureSite(start + i),
        );
        await route.fulfill({ json: { items, total: TOTAL, page: pageNo, limit } });
      });
    };
    await withMap(
      'ktbl',
      null,
      async (page) => {
        await expect
          .poll(() => page.getByTestId('map-site-count').textContent(), { timeout: 60_000 })
          .toBe('10,000 sites');
        await expect.poll(() => sitesDrawn(page)).toBe(TOTAL);
        expect(await markers(page).count()).toBeLessThan(600);
        expect(await page.getByTestId('legend-offline').textContent()).toBe(
          Math.ceil(TOTAL / 9).toLocaleString('en-US'),
        );
        for (let i = 0; i < 3; i++) {
          const zoom = await zoomOf(page);
          await clickLargestCluster(page);
          await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
          expect(await markers(page).count()).toBeLessThan(600);
          expect(await sitesDrawn(page)).toBeLessThan(TOTAL);
        }
      },
      fixture,
    );
  });
});
