/**
 * GET /analytics/sla-report on both databases: a known March 2020 outage history of KT-1 (robi) with
 * one outage of each cause and a device-offline gap, checked against figures computed here by hand;
 * a running outage counting to now; company and tenant scoping; bad input naming the field; the .xlsx
 * read back with exceljs.
 */
import { availabilityPercent } from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { spooledResult } from '../../../test/spooled.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { createSlaRepository } from './sla.repository.ts';
import { createSlaService } from './sla.service.ts';

let t: TestServer;
const at = (local: string) => new Date(`${local}+06:00`);

/** A raise and a clear of `name` for `tenant` on a site. */
async function period(site: string, name: string, tenant: string, from: string, until: string | null) {
  await buildEvent(t.pool, { siteUid: site, name, tenant, time: at(from), active: true });
  if (until) await buildEvent(t.pool, { siteUid: site, name, tenant, time: at(until), active: false });
}

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // The fleet exists since 2019 (the time before a site's first record is a gap).
  await t.pool.query(`update sites set created_at = '2019-01-01T00:00:00+06:00'`);
  // A: mains failure, 120 min (the battery took over at the same moment: not "ran on battery first").
  await period(KT1, 'mains_fail', 'robi', '2020-03-05T10:00', '2020-03-05T12:00');
  await period(KT1, 'battery_power', 'robi', '2020-03-05T10:00', '2020-03-05T12:00');
  await period(KT1, 'site_down', 'robi', '2020-03-05T10:00', '2020-03-05T12:00');
  // B: battery exhausted, 60 min.
  await period(KT1, 'mains_fail', 'robi', '2020-03-10T08:00', '2020-03-10T12:00');
  await period(KT1, 'battery_power', 'robi', '2020-03-10T08:00', '2020-03-10T11:00');
  await period(KT1, 'site_down', 'robi', '2020-03-10T11:00', '2020-03-10T12:00');
  // C: DG failure, 30 min.
  await period(KT1, 'mains_fail', 'robi', '2020-03-15T09:00', '2020-03-15T10:00');
  await period(KT1, 'dg_start_fail', 'robi', '2020-03-15T09:01', '2020-03-15T09:40');
  await period(KT1, 'site_down', 'robi', '2020-03-15T09:05', '2020-03-15T09:35');
  // D: other (mains present), 10 min.
  await period(KT1, 'site_down', 'robi', '2020-03-20T14:00', '2020-03-20T14:10');
  // E: 120 min down, 60 of them while the device was offline (a gap of 360 min): 60 min count.
  await period(KT1, 'device_offline', '', '2020-03-25T00:00', '2020-03-25T06:00');
  await period(KT1, 'site_down', 'robi', '2020-03-25T05:00', '2020-03-25T07:00');
  // FT-1 (ftb) is down the whole of March: never in ktbl's report.
  await period(FT1, 'site_down', 'banglalink', '2020-02-20T00:00', null);
});
afterAll(async () => {
  await t?.close();
});

const get = async (query: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url: `/analytics/sla-report?${query}`, headers: await t.auth(user) });

const MARCH_MINUTES = 31 * 1440;

describe('tenant SLA of a known month', () => {
  it('computes availability, outage minutes, gaps and causes per tenant and site', async () => {
    t.clock.set(at('2020-04-10T12:00'));
    const res = await get('month=2020-03&target=99.5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2020-02-29T18:00:00.000Z');
    const robiSites = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from sites where company_id = 'ktbl' and 'robi' = any(tenants)`,
    );
    const possible = MARCH_MINUTES - 360;
    const robi = body.tenants.find((r: { tenant: string }) => r.tenant === 'robi');
    expect(robi).toMatchObject({
      month: '2020-03',
      sites: robiSites.rows[0]?.n,
      sitesBreaching: 1,
      outageMinutes: 280,
      gapMinutes: 360,
      causes: { mains_failure: 120, dg_failure: 30, battery_exhausted: 60, other: 70 },
    });
    const n = robiSites.rows[0]?.n ?? 0;
    expect(robi.availability).toBe(availabilityPercent(280, n * MARCH_MINUTES - 360));
    expect(body.breaches).toEqual([
      {
        month: '2020-03',
        tenant: 'robi',
        siteUid: KT1,
        siteName: 'Gulshan Tower',
        genericSiteId: 'G-KT-1',
        availability: availabilityPercent(280, possible),
        outageMinutes: 280,
        gapMinutes: 360,
        outages: 5,
        downNow: false,
        causes: { mains_failure: 120, dg_failure: 30, battery_exhausted: 60, other: 70 },
      },
    ]);
    expect(availabilityPercent(280, possible)).toBe(99.37);
  });

  it('takes from_time/until_time as Dhaka dates, widened to whole months', async () => {
    const body = (await get('from_time=2020-03-01&until_time=2020-03-31')).json();
    expect(body.months).toEqual(['2020-03']);
    expect(body.breaches.map((b: { siteUid: string }) => b.siteUid)).toEqual([KT1]);
    const two = (await get('from_time=2020-02-15T00:00:00Z&until_time=2020-03-02')).json();
    expect(two.months).toEqual(['2020-02', '2020-03']);
  });

  it('keeps a site that meets a lower target out of the breaches', async () => {
    const body = (await get('month=2020-03&target=99')).json();
    expect(body.breaches).toEqual([]);
    expect(body.tenants.find((r: { tenant: string }) => r.tenant === 'robi').sitesBreaching).toBe(0);
  });

  it("does not count robi's site_down rows for banglalink (tenant rule)", async () => {
    const body = (await get('month=2020-03&tenant=banglalink')).json();
    expect(body.tenants.map((r: { tenant: string }) => r.tenant)).toEqual(['banglalink']);
    expect(body.tenants[0].outageMinutes).toBe(0);
    expect(body.breaches).toEqual([]);
  });

  it('counts a running outage up to now', async () => {
    t.clock.set(at('2020-04-10T12:00'));
    await period(KT2, 'site_down', 'grameenphone', '2020-04-10T10:00', null);
    const body = (await get('month=2020-04&tenant=grameenphone')).json();
    const kt2 = body.breaches.find((b: { siteUid: string }) => b.siteUid === KT2);
    expect(kt2).toMatchObject({ outageMinutes: 120, downNow: true, causes: { other: 120 } });
    expect(kt2.availability).toBe(availabilityPercent(120, 9 * 1440 + 12 * 60));
  });

  it("counts the time before a site's first record as a gap (KT-2 created on 5 April)", async () => {
    t.clock.set(at('2020-04-10T12:00'));
    await t.pool.query('update sites set created_at = $1 where uid = $2', [at('2020-04-05T00:00'), KT2]);
    try {
      const body = (await get('month=2020-04&tenant=grameenphone')).json();
      const kt2 = body.breaches.find((b: { siteUid: string }) => b.siteUid === KT2);
      // The running outage of the test before: 120 min of the 5 days 12 hours since creation.
      expect(kt2).toMatchObject({ outageMinutes: 120, gapMinutes: 4 * 1440 });
      expect(kt2.availability).toBe(availabilityPercent(120, 5 * 1440 + 12 * 60));
    } finally {
      await t.pool.query(`update sites set created_at = '2019-01-01T00:00:00+06:00' where uid = $1`, [KT2]);
    }
  });
});

describe('batches of sites', () => {
  it('gives the same report whatever the batch size', async () => {
    t.clock.set(at('2020-04-10T12:00'));
    const request = {
      scope: { companyId: 'ktbl', tenants: ['banglalink', 'robi', 'grameenphone'] },
      months: ['2020-03', '2020-04'],
      target: 99.5,
    };
    const deps = {
      repo: createSlaRepository(t.pool),
      sites: t.container.services.site.lookup,
      clock: t.clock,
    };
    const whole = await spooledResult(await createSlaService(deps).produce(request));
    const small = await spooledResult(await createSlaService({ ...deps, batchSize: 7 }).produce(request));
    expect(small).toEqual(whole);
    expect(whole.breaches.map((b) => b.siteUid)).toEqual([KT1, KT2]);
    expect(whole.completeness.length).toBeGreaterThan(7);
  });
});

describe('scope and input', () => {
  it("shows only the caller's company and allowed tenants", async () => {
    t.clock.set(at('2020-04-10T12:00'));
    const ftb = (await get('month=2020-03', 'ftb')).json();
    expect(ftb.breaches.map((b: { siteUid: string }) => b.siteUid)).toEqual([FT1]);
    const viewer = (await get('month=2020-03', 'robi.viewer')).json();
    expect(viewer.tenants.map((r: { tenant: string }) => r.tenant)).toEqual(['robi']);
    const refused = await get('month=2020-03&tenant=banglalink', 'robi.viewer');
    expect(refused.statusCode).toBe(403);
    const admin = (await get('month=2020-03&user_uid=ftb-root-not-a-user', 'admin')).statusCode;
    expect(admin).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [query, field] of [
      ['month=2020-13', 'month'],
      ['target=abc', 'target'],
      ['target=101', 'target'],
      ['month=2020-03&from_time=2020-03-01T00:00:00Z', 'month'],
      ['from_time=2020-05-01T00:00:00Z&until_time=2020-04-01T00:00:00Z', 'from_time'],
      ['from_time=2018-01-01T00:00:00Z&until_time=2020-04-01T00:00:00Z', 'from_time'],
      ['tenant=nobody', 'tenant'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  it('answers a real .xlsx with excel=yes that exceljs reads back', async () => {
    t.clock.set(at('2020-04-10T12:00'));
    const res = await get('month=2020-03&excel=yes&tenant=robi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['SLA by tenant', 'Sites below target', 'Parameters']);
    const sites = book.getWorksheet('Sites below target');
    expect(sites?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sites?.getRow(2);
    expect(row?.getCell(3).value).toBe('G-KT-1');
    expect(row?.getCell(5).value).toBe(99.37);
    expect(row?.getCell(6).value).toBe(280);
    expect(typeof row?.getCell(6).value).toBe('number');
    const params = book.getWorksheet('Parameters');
    const byLabel = new Map<string, unknown>();
    params?.eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(byLabel.get('Target %')).toBe(99.5);
    expect(byLabel.get('Months')).toBe('2020-03');
    expect(byLabel.get('Generated at (Asia/Dhaka)')).toBeInstanceOf(Date);
    // Completeness per site: KT-1 had 360 minutes offline in March.
    let kt1: ExcelJS.Row | undefined;
    params?.eachRow((row) => {
      if (row.getCell(1).value === 'G-KT-1') kt1 = row;
    });
    expect(kt1?.getCell(3).value).toBe(360);
    expect(kt1?.getCell(4).value).toBe(availabilityPercent(360, MARCH_MINUTES));
  });
});
