/**
 * GET /user/site/availability: per-site availability over Asia/Dhaka days from the site-down
 * history, scoped to the caller (company, allowed tenants), with overlapping periods merged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDownPeriod } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // Now: 2026-01-20 18:00 in Dhaka (12:00Z); Dhaka day 2026-01-20 = 2026-01-19T18:00Z .. 2026-01-20T18:00Z.
  t.clock.set('2026-01-20T12:00:00Z');
  // KT1: 17:00Z–19:00Z (1 h inside the 20th, 1 h in the 19th), then 20:00Z–20:30Z and 20:15Z–20:45Z
  // overlapping (45 min merged).
  await buildDownPeriod(t.pool, KT1, at('2026-01-19T17:00:00Z'), at('2026-01-19T19:00:00Z'));
  await buildDownPeriod(t.pool, KT1, at('2026-01-19T20:00:00Z'), at('2026-01-19T20:30:00Z'));
  await buildDownPeriod(t.pool, KT1, at('2026-01-19T20:15:00Z'), at('2026-01-19T20:45:00Z'));
  // KT2: down since 11:00Z, still down.
  await buildDownPeriod(t.pool, KT2, at('2026-01-20T11:00:00Z'), null);
  // FT1 (ftb): down 2 h on the 20th.
  await buildDownPeriod(t.pool, FT1, at('2026-01-20T01:00:00Z'), at('2026-01-20T03:00:00Z'));
  // KT1 a week earlier: outside the ranges asked below.
  await buildDownPeriod(t.pool, KT1, at('2026-01-12T01:00:00Z'), at('2026-01-12T02:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

type Item = {
  siteUid: string;
  tenants: string[];
  downSeconds: number;
  outages: number;
  downNow: boolean;
  availability: number;
};
const pct = (down: number, span: number) => Math.round((1 - down / span) * 10000) / 100;

describe('GET /user/site/availability', () => {
  it('today so far by default: merged down time, outages and down-now per site; every site listed', async () => {
    const res = await get('/user/site/availability');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Item[]; from: string; until: string; spanSeconds: number }>();
    expect(body.from).toBe('2026-01-19T18:00:00.000Z');
    expect(body.until).toBe('2026-01-20T12:00:00.000Z');
    expect(body.spanSeconds).toBe(18 * 3600);
    const bySite = new Map(body.items.map((i) => [i.siteUid, i]));
    expect(bySite.get(KT1)).toMatchObject({
      downSeconds: 3600 + 45 * 60,
      outages: 3,
      downNow: false,
      availability: pct(3600 + 45 * 60, 18 * 3600),
    });
    expect(bySite.get(KT2)).toMatchObject({
      downSeconds: 3600,
      outages: 1,
      downNow: true,
      availability: pct(3600, 18 * 3600),
    });
    // Only ktbl's sites: all of them, the ones never down at 100 %.
    expect(bySite.has(FT1)).toBe(false);
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from sites where company_id = 'ktbl'`,
    );
    expect(body.items).toHaveLength(rows[0]?.n ?? -1);
    const calm = body.items.filter((i) => i.siteUid !== KT1 && i.siteUid !== KT2);
    expect(calm.length).toBeGreaterThan(0);
    expect(calm.every((i) => i.availability === 100 && i.downSeconds === 0 && i.outages === 0)).toBe(true);
  });

  it('a range of days counts every period inside it, and a past day counts in full', async () => {
    const range = (await get('/user/site/availability?from_date=2026-01-19&until_date=2026-01-20')).json<{
      items: Item[];
      spanSeconds: number;
    }>();
    expect(range.spanSeconds).toBe(42 * 3600);
    const kt1 = range.items.find((i) => i.siteUid === KT1);
    expect(kt1).toMatchObject({ downSeconds: 2 * 3600 + 45 * 60, outages: 3 });
    const day = (await get('/user/site/availability?from_date=2026-01-19&until_date=2026-01-19')).json<{
      items: Item[];
      spanSeconds: number;
    }>();
    expect(day.spanSeconds).toBe(24 * 3600);
    expect(day.items.find((i) => i.siteUid === KT1)).toMatchObject({
      downSeconds: 3600,
      outages: 1,
      availability: pct(3600, 24 * 3600),
    });
    expect(day.items.find((i) => i.siteUid === KT2)).toMatchObject({ downSeconds: 0, availability: 100 });
  });

  it("another company sees only its own sites' figures", async () => {
    const body = (await get('/user/site/availability', 'ftb')).json<{ items: Item[] }>();
    expect(body.items.map((i) => i.siteUid)).toContain(FT1);
    expect(body.items.map((i) => i.siteUid)).not.toContain(KT1);
    expect(body.items.find((i) => i.siteUid === FT1)).toMatchObject({ downSeconds: 7200, outages: 1 });
  });

  it('narrows to a tenant and reduces tenants to the allowed ones', async () => {
    const gp = (await get('/user/site/availability?tenant=grameenphone')).json<{ items: Item[] }>();
    expect(gp.items.map((i) => i.siteUid)).toContain(KT2);
    expect(gp.items.map((i) => i.siteUid)).not.toContain(KT1);
    const viewer = (await get('/user/site/availability', 'robi.viewer')).json<{ items: Item[] }>();
    expect(viewer.items.length).toBeGreaterThan(0);
    expect(viewer.items.every((i) => i.tenants.every((tenant) => tenant === 'robi'))).toBe(true);
    const refused = await get('/user/site/availability?tenant=banglalink', 'robi.viewer');
    expect(refused.statusCode).toBe(403);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await get('/user/site/availability?from_date=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from_date');
    const reversed = await get('/user/site/availability?from_date=2026-01-20&until_date=2026-01-19');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('from_date');
    const tooLong = await get('/user/site/availability?from_date=2024-01-01&until_date=2026-01-19');
    expect(tooLong.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/site/availability' });
    expect(res.statusCode).toBe(401);
  });
});
