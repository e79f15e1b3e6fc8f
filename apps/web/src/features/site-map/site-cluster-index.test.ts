import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM, type MapItem, SiteClusterIndex, sitesBounds } from './site-cluster-index.ts';
import { MAP_STATUSES, type MapSite, type MapStatus } from './site-map-model.ts';

/** Bangladesh, roughly. */
const COUNTRY: [number, number, number, number] = [88.0, 20.6, 92.7, 26.7];

/** Deterministic pseudo-random numbers (the test must not depend on Math.random). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function mapSite(index: number, lat: number, lng: number, status: MapStatus = 'normal'): MapSite {
  return {
    uid: `S-${index}`,
    name: `Site ${index}`,
    genericSiteId: `G${index}`,
    tenants: [],
    place: '',
    position: { lat, lng },
    defaultPosition: false,
    status,
    alarmIds: [],
  };
}

function spread(count: number, seed = 1): MapSite[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) =>
    mapSite(
      i,
      COUNTRY[1] + next() * (COUNTRY[3] - COUNTRY[1]),
      COUNTRY[0] + next() * (COUNTRY[2] - COUNTRY[0]),
      MAP_STATUSES[i % 4 === 0 ? 3 : Math.floor(next() * 4)],
    ),
  );
}

/** The bounds of a 1440 × 900 px view centred on a point at a zoom (Web Mercator, 256 px tiles). */
function view(lat: number, lng: number, zoom: number): [number, number, number, number] {
  const scale = 256 * 2 ** zoom;
  const x = ((lng + 180) / 360) * scale;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  const toLng = (px: number) => (px / scale) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / scale))) * 180) / Math.PI;
  return [toLng(x - 720), toLat(y + 450), toLng(x + 720), toLat(y - 450)];
}

const sitesIn = (items: MapItem[]) =>
  items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);

describe('SiteClusterIndex', () => {
  it('draws 20,000 sites over the country as a bounded number of items that still count every site', () => {
    const sites = spread(20_000);
    const index = new SiteClusterIndex(sites);
    for (const zoom of [5, 6, 7]) {
      const items = index.items(COUNTRY, zoom);
      expect(sitesIn(items)).toBe(20_000);
      // A 1440 × 900 view holds about (1440 / 60) × (900 / 60) = 360 cluster cells.
      expect(items.length).toBeLessThan(600);
      expect(items.some((item) => item.kind === 'cluster')).toBe(true);
    }
    // Zoomed in anywhere, a full view is still bounded.
    for (let zoom = 8; zoom <= MAP_MAX_ZOOM; zoom++) {
      expect(index.items(view(23.8, 90.4, zoom), zoom).length).toBeLessThan(600);
    }
  });

  it('stays bounded when zoomed into a dense city (10,000 sites within a few km)', () => {
    const next = random(7);
    const sites = Array.from({ length: 10_000 }, (_, i) =>
      mapSite(i, 23.78 + next() * 0.05, 90.38 + next() * 0.05),
    );
    const index = new SiteClusterIndex(sites);
    for (let zoom = 10; zoom <= MAP_MAX_ZOOM; zoom++) {
      const items = index.items(view(23.805, 90.405, zoom), zoom);
      expect(items.length).toBeLessThan(600);
      if (zoom === 10) expect(sitesIn(items)).toBe(10_000);
    }
    // At the lowest zoom the whole city is one cluster.
    const far = index.items(COUNTRY, 5);
    expect(far).toHaveLength(1);
    expect(far[0]?.kind === 'cluster' && far[0].count).toBe(10_000);
  });

  it('keeps sites that share one point in one cluster even at the highest zoom, and lists them', () => {
    const together = Array.from({ length: 5_000 }, (_, i) => mapSite(i, 23.817494, 90.371763));
    const index = new SiteClusterIndex(together);
    const items = index.items([90.3, 23.7, 90.5, 23.9], MAP_MAX_ZOOM);
    expect(items).toHaveLength(1);
    const cluster = items[0];
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(cluster.count).toBe(5_000);
    expect(index.expansionZoom(cluster.id)).toBeGreaterThan(MAP_MAX_ZOOM);
    expect(index.sitesOf(cluster.id, 50)).toHaveLength(50);
    expect(index.sitesOf(cluster.id, 10_000).map((s) => s.uid)).toHaveLength(5_000);
  });

  it('colours a cluster by the worst status of its sites and counts each status', () => {
    const sites = [
      mapSite(1, 23.8, 90.4, 'normal'),
      mapSite(2, 23.8001, 90.4001, 'alarm'),
      mapSite(3, 23.8002, 90.4002, 'offline'),
      mapSite(4, 24.9, 91.87, 'normal'),
      mapSite(5, 24.9001, 91.8701, 'normal'),
      mapSite(6, 22.35, 91.8, 'critical'),
      mapSite(7, 22.3501, 91.8001, 'offline'),
    ];
    const index = new SiteClusterIndex(sites);
    const items = index.items(COUNTRY, 7);
    const clusters = items.filter((item) => item.kind === 'cluster');
    expect(clusters).toHaveLength(3);
    const byCount = (lat: number) => clusters.find((c) => Math.abs(c.lat - lat) < 0.1);
    expect(byCount(23.8)).toMatchObject({
      worst: 'offline',
      count: 3,
      counts: { critical: 0, offline: 1, alarm: 1, normal: 1 },
    });
    expect(byCount(24.9)).toMatchObject({ worst: 'normal', count: 2 });
    expect(byCount(22.35)).toMatchObject({ worst: 'critical', count: 2 });
    // A parent cluster's counts are its own; its children's stay theirs.
    const all = index.items(COUNTRY, 0);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      count: 7,
      worst: 'critical',
      counts: { critical: 1, offline: 2, alarm: 1, normal: 3 },
    });
    expect(byCount(23.8)).toMatchObject({ counts: { critical: 0, offline: 1, alarm: 1, normal: 1 } });
    expect(index.items(COUNTRY, 7)).toEqual(items);
  });

  it('keeps its clusters for new statuses (live), and re-clusters when a site moves or is added', () => {
    const sites = [mapSite(1, 23.8, 90.4), mapSite(2, 23.8001, 90.4001), mapSite(3, 24.9, 91.87)];
    const index = new SiteClusterIndex(sites);
    const before = index.items(COUNTRY, 7);
    expect(before.find((item) => item.kind === 'cluster')).toMatchObject({ worst: 'normal', count: 2 });

    const live = index.withSites(sites.map((s) => (s.uid === 'S-2' ? { ...s, status: 'critical' } : s)));
    expect(live.sharesClustersWith(index)).toBe(true);
    expect(live.items(COUNTRY, 7).find((item) => item.kind === 'cluster')).toMatchObject({
      worst: 'critical',
      count: 2,
      counts: { critical: 1, offline: 0, alarm: 0, normal: 1 },
    });
    // The older index still answers with its own statuses.
    expect(index.items(COUNTRY, 7)).toEqual(before);

    const moved = live.withSites(
      sites.map((s) => (s.uid === 'S-3' ? { ...s, position: { lat: 22.35, lng: 91.8 } } : s)),
    );
    expect(moved.sharesClustersWith(live)).toBe(false);
    expect(
      moved.items([91.7, 22.3, 91.9, 22.4], 12).map((item) => item.kind === 'site' && item.site.uid),
    ).toEqual(['S-3']);
    const grown = live.withSites([...sites, mapSite(4, 24.9001, 91.8701)]);
    expect(grown.sharesClustersWith(live)).toBe(false);
    expect(sitesIn(grown.items(COUNTRY, 7))).toBe(4);
  });

  it('splits a cluster at its expansion zoom', () => {
    const sites = [mapSite(1, 23.8, 90.4), mapSite(2, 23.82, 90.42)];
    const index = new SiteClusterIndex(sites);
    const [cluster] = index.items(COUNTRY, 6);
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = index.expansionZoom(cluster.id);
    expect(zoom).toBeLessThanOrEqual(MAP_MAX_ZOOM);
    const split = index.items(COUNTRY, zoom);
    expect(split.map((item) => item.kind)).toEqual(['site', 'site']);
  });

  it('returns only what lies in the view', () => {
    const index = new SiteClusterIndex([mapSite(1, 23.8, 90.4), mapSite(2, 24.9, 91.87)]);
    const items = index.items([90.3, 23.7, 90.5, 23.9], 12);
    expect(items.map((item) => item.kind === 'site' && item.site.uid)).toEqual(['S-1']);
  });
});

describe('sitesBounds', () => {
  it('is the box around the sites with a margin, or null without sites', () => {
    expect(sitesBounds([])).toBeNull();
    expect(sitesBounds([mapSite(1, 23, 90), mapSite(2, 25, 92)], 0.5)).toEqual([89.5, 22.5, 92.5, 25.5]);
  });
});
