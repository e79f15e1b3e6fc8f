/**
 * Power event pages (100 per page, ids strictly below the cursor, first 2147483647), each page's own
 * names, the tenant rule (tenant-less power events count as banglalink), company isolation; DG run
 * hours and mains availability from transitions.
 */
import { dhakaDate, dhakaDayStart } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildEvents } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
let ids: number[];
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // The fleet exists since 2019: the time before a site's first record is a gap (docs/requirements.md#down-offline-rule).
  await t.pool.query(`update sites set created_at = '2019-01-01T00:00:00+06:00'`);
  ids = await buildEvents(t.pool, KT2, 250, 'battery_power');
  await buildEvents(t.pool, KT2, 5, 'mains_fail');
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
type Page = { items: { id: number; name: string; tenant: string | null }[]; nextOldestId: number | null };

describe('GET /battery/event/fetch paging', () => {
  it('pages 100, 100, 50 newest first, ids strictly below the cursor, only battery events', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    let cursor: number | null = 2147483647;
    while (cursor !== null) {
      const page: Page = (await get(`/battery/event/fetch?site_uid=${KT2}&oldest_id=${cursor}`)).json();
      const pageIds = page.items.map((e) => e.id);
      expect(pageIds.every((id) => id < (cursor as number))).toBe(true);
      expect(new Set(page.items.map((e) => e.name))).toEqual(new Set(['battery_power']));
      sizes.push(pageIds.length);
      seen.push(...pageIds);
      cursor = page.nextOldestId;
      if (sizes.length > 5) throw new Error('paging does not end');
    }
    expect(sizes).toEqual([100, 100, 50]);
    expect(seen).toEqual([...ids].reverse());
  });

  it('mains events list mains_fail only; 404 for another company; 400 for a bad cursor', async () => {
    const mains: Page = (await get(`/mains/event/fetch?site_uid=${KT2}`)).json();
    expect(mains.items).toHaveLength(5);
    expect(mains.nextOldestId).toBeNull();
    expect((await get(`/mains/event/fetch?site_uid=${KT2}`, 'ftb')).statusCode).toBe(404);
    expect((await get(`/battery/event/fetch?site_uid=${FT1}`)).statusCode).toBe(404);
    const bad = await get(`/battery/event/fetch?site_uid=${KT2}&oldest_id=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.oldest_id');
  });
});

describe('tenant rule on power events', () => {
  beforeAll(async () => {
    await buildEvent(t.pool, { siteUid: KT1, name: 'dc_low_voltage' }); // tenant-less power: banglalink
    await buildEvent(t.pool, { siteUid: KT1, name: 'battery_power', tenant: 'robi' });
    await buildEvent(t.pool, { siteUid: KT1, name: 'high_temperature' }); // site-wide
  });

  it('a tenant keeps its rows; tenant-less power rows only for banglalink', async () => {
    const robi: Page = (await get(`/battery/event/fetch?site_uid=${KT1}&tenant=robi`)).json();
    expect(robi.items.map((e) => [e.name, e.tenant])).toEqual([['battery_power', 'robi']]);
    const bl: Page = (await get(`/battery/event/fetch?site_uid=${KT1}&tenant=banglalink`)).json();
    expect(bl.items.map((e) => e.name)).toEqual(['dc_low_voltage']);
  });

  it('a robi-only viewer never sees the tenant-less power event; temperature events are site-wide', async () => {
    const page: Page = (await get(`/battery/event/fetch?site_uid=${KT1}`, 'robi.viewer')).json();
    expect(page.items.map((e) => e.name)).not.toContain('dc_low_voltage');
    const temp: Page = (await get(`/temperature/api/events?siteUid=${KT1}`)).json();
    expect(temp.items.map((e) => e.name)).toEqual(['high_temperature']);
    expect(
      (await get(`/battery/event/fetch?site_uid=${KT1}&tenant=banglalink`, 'robi.viewer')).statusCode,
    ).toBe(403);
  });
});

describe('GET /dg/api/run-hours and /dg/api/events', () => {
  const date = '2026-03-10';
  beforeAll(async () => {
    const day = dhakaDayStart(date).getTime();
    const at = (h: number) => new Date(day + h * 3_600_000);
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'dg_power',
      tenant: 'banglalink',
      time: at(2),
      active: true,
    });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'dg_power',
      tenant: 'banglalink',
      time: at(3.5),
      active: false,
    });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'dg_power',
      tenant: 'banglalink',
      time: at(23),
      active: true,
    });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'dg_power',
      tenant: 'banglalink',
      time: at(25),
      active: false,
    });
    await buildEvent(t.pool, { siteUid: KT1, name: 'fuel_theft_suspected', time: at(5), value: 24 });
  });

  it('sums run time per Dhaka day, splitting a run across midnight', async () => {
    const res = await get(
      `/dg/api/run-hours?siteUid=${KT1}&event=dg_power&fromDate=${date}&untilDate=2026-03-11&zoom=1440`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { hours: number }) => i.hours)).toEqual([2.5, 1]);
    expect(body.totalHours).toBe(3.5);
    expect(body.starts).toBe(2);
    expect(body.running).toBe(false);
  });

  it('defaults to this Dhaka month at 1440 minutes; event must be dg_power or pg_power', async () => {
    const body = (await get(`/dg/api/run-hours?siteUid=${KT1}&event=pg_power`)).json();
    expect(body.resolutionMinutes).toBe(1440);
    expect(body.from).toBe(dhakaDayStart(`${dhakaDate(t.clock.now()).slice(0, 7)}-01`).toISOString());
    const bad = await get(`/dg/api/run-hours?siteUid=${KT1}&event=mains_fail`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.event');
  });

  it('lists DG events, and fuel events when no event is given', async () => {
    const dg: Page = (await get(`/dg/api/events?siteUid=${KT1}&event=dg_power`)).json();
    expect(dg.items).toHaveLength(4);
    const all: Page = (await get(`/dg/api/events?siteUid=${KT1}`)).json();
    expect(all.items.map((e) => e.name)).toContain('fuel_theft_suspected');
    const fuel = (await get('/fuel/events')).json();
    expect(fuel.items.map((e: { siteName: string }) => e.siteName)).toEqual(['Gulshan Tower']);
    expect((await get('/fuel/events', 'ftb')).json().items).toEqual([]);
  });
});

describe('GET /mains/analytics/availability', () => {
  it('is the share of the day mains was present, the worst tenant counting', async () => {
    const date = '2026-03-12';
    const day = dhakaDayStart(date).getTime();
    const at = (h: number) => new Date(day + h * 3_600_000);
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_fail',
      tenant: 'banglalink',
      time: at(6),
      active: true,
    });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_fail',
      tenant: 'banglalink',
      time: at(12),
      active: false,
    });
    const body = (await get(`/mains/analytics/availability?site_uid=${KT1}&date=${date}&days=2`)).json();
    expect(body).toMatchObject({ date, mainsOffSeconds: 6 * 3600, outages: 1, availability: 75 });
    expect(body.days[1]).toMatchObject({ date: '2026-03-13', mainsOffSeconds: 0, availability: 100 });
    expect((await get(`/mains/analytics/availability?site_uid=${KT1}&date=${date}`, 'ftb')).statusCode).toBe(
      404,
    );
  });

  it('a tenant-less mains failure counts for banglalink only (tenant rule)', async () => {
    const date = '2026-03-14';
    const day = dhakaDayStart(date).getTime();
    await buildEvent(t.pool, { siteUid: KT1, name: 'mains_fail', time: new Date(day), active: true });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_fail',
      time: new Date(day + 12 * 3_600_000),
      active: false,
    });
    const url = `/mains/analytics/availability?site_uid=${KT1}&date=${date}`;
    expect((await get(`${url}&tenant=robi`)).json().availability).toBe(100);
    expect((await get(`${url}&tenant=banglalink`)).json().availability).toBe(50);
    expect((await get(url, 'robi.viewer')).json().availability).toBe(100);
  });
});
