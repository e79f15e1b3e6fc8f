/**
 * The analytics reports on the real test server: company and tenant scoping (the tenant rule on
 * tenant-less power events), coercion of the report numbers, bad input as 400s naming the field, a
 * period still running at now, compare, and battery and temperature figures from rollups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-11-20T12:00:00+06:00');
let t: TestServer;

/** A pin of KT-1's device with a latest value. */
async function buildPowerPin(p: {
  comId: string;
  siteUid: string;
  pinName: string;
  type: string;
  value: number;
}) {
  await t.pool.query(
    `insert into pin_configs (com_id, pin_name, type, site_uid, user_uid, label) values ($1, $2, $3, $4, '100', $2)`,
    [p.comId, p.pinName, p.type, p.siteUid],
  );
  await t.pool.query(`insert into pin_latest (com_id, pin_name, value, ts) values ($1, $2, $3, now())`, [
    p.comId,
    p.pinName,
    p.value,
  ]);
}

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  await buildTwoCompanyFleet(t.pool);
  const ev = (siteUid: string, name: string, tenant: string, at: number, active: boolean) =>
    buildEvent(t.pool, { siteUid, name, tenant, time: new Date(at), active });
  // KT-1: a tenant-less mains outage (counts as banglalink) of 60 min, a robi outage of 30 min.
  await ev(KT1, 'mains_fail', '', NOW - 10 * HOUR, true);
  await ev(KT1, 'mains_fail', '', NOW - 9 * HOUR, false);
  await ev(KT1, 'mains_fail', 'robi', NOW - 5 * HOUR, true);
  await ev(KT1, 'mains_fail', 'robi', NOW - 5 * HOUR + 30 * MIN, false);
  // KT-2: an outage still going at now (2 h), FT-1 (the other company): a 45-min outage.
  await ev(KT2, 'mains_fail', 'robi', NOW - 2 * HOUR, true);
  await ev(FT1, 'mains_fail', 'banglalink', NOW - 3 * HOUR, true);
  await ev(FT1, 'mains_fail', 'banglalink', NOW - 3 * HOUR + 45 * MIN, false);
  // KT-1: a 3 h DG run, two high-temperature episodes.
  await ev(KT1, 'dg_power', '', NOW - 8 * HOUR, true);
  await ev(KT1, 'dg_power', '', NOW - 5 * HOUR, false);
  await ev(KT1, 'high_temperature', '', NOW - 7 * HOUR, true);
  await ev(KT1, 'high_temperature', '', NOW - 6 * HOUR, false);
  await ev(KT1, 'high_temperature', '', NOW - 4 * HOUR, true);
  await ev(KT1, 'high_temperature', '', NOW - 4 * HOUR + 20 * MIN, false);
  // KT-1's battery: 100 Ah at 51 V (full) under 40 A of load → 2.5 h of backup.
  await t.pool.query('update sites set battery_max = 100 where uid = $1', [KT1]);
  await buildPowerPin({
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am10',
    type: 'battery_current_critical',
    value: 40,
  });
  await t.pool.query(`update pin_latest set value = 51 where com_id = 'RMS-KT1' and pin_name = 'am6'`);
  await buildPowerPin({
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am4',
    type: 'temperature',
    value: 40,
  });
  await t.pool.query(
    `insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count)
     select 'RMS-KT1', p.pin, $1::timestamptz + g * interval '1 hour', p.v, p.v + p.spread, (p.v + p.spread / 2) * 60, 60
       from generate_series(0, 9) g, (values ('am6', 51.0, 0.0), ('am10', 40.0, 0.0), ('am4', 38.0, 10.0)) p(pin, v, spread)`,
    [new Date(NOW - 10 * HOUR)],
  );
});
afterAll(async () => {
  await t?.close();
});

const DAY_RANGE = `from_time=${new Date(NOW - 24 * HOUR).toISOString()}&until_time=${new Date(NOW + 12 * HOUR).toISOString()}`;
const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
/** A report row: its site uid and figures. */
type Row = { siteUid: string; [figure: string]: unknown };
const site = (body: { sites: Row[] }, uid: string) => body.sites.find((s) => s.siteUid === uid);

describe('scope and the tenant rule', () => {
  it('a company sees its own sites only; the other company its own', async () => {
    const ktbl = (await get(`/analytics/mains-report?${DAY_RANGE}`)).json();
    expect(site(ktbl, KT1)).toBeDefined();
    expect(site(ktbl, FT1)).toBeUndefined();
    const ftb = (await get(`/analytics/mains-report?${DAY_RANGE}`, 'ftb')).json();
    expect(site(ftb, KT1)).toBeUndefined();
    expect(site(ftb, FT1)).toMatchObject({ outageMinutes: 45, outageCount: 1 });
  });

  it('tenant-less power events count as banglalink: hidden from a robi-only viewer', async () => {
    const ktbl = (await get(`/analytics/mains-report?${DAY_RANGE}`)).json();
    expect(site(ktbl, KT1)).toMatchObject({ outageMinutes: 90, outageCount: 2 });
    const robi = (await get(`/analytics/mains-report?${DAY_RANGE}`, 'robi.viewer')).json();
    expect(site(robi, KT1)).toMatchObject({ outageMinutes: 30, outageCount: 1 });
    const narrowed = (await get(`/analytics/mains-report?${DAY_RANGE}&tenant=robi`)).json();
    expect(site(narrowed, KT1)?.outageMinutes).toBe(30);
    expect(narrowed.tenant).toBe('robi');
  });

  it('a tenant outside the allowed ones is 403; another user_uid 404; no rms access 403', async () => {
    expect((await get('/analytics/dg-report?tenant=banglalink', 'robi.viewer')).statusCode).toBe(403);
    expect((await get('/analytics/dg-report?user_uid=200')).statusCode).toBe(404);
    expect((await get('/analytics/dg-report', 'finance')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/analytics/dg-report' })).statusCode).toBe(401);
    const ops = (await get(`/analytics/mains-report?${DAY_RANGE}&user_uid=200`, 'ops')).json();
    expect(ops.sites.every((s: { siteUid: string }) => !s.siteUid.startsWith('KT-'))).toBe(true);
    expect(site(ops, FT1)?.outageMinutes).toBe(45);
  });
});

describe('figures', () => {
  it('an outage still going counts up to now; the period ends at now', async () => {
    const body = (await get(`/analytics/mains-report?${DAY_RANGE}`)).json();
    expect(body.period.end).toBe(new Date(NOW).toISOString());
    expect(site(body, KT2)).toMatchObject({
      outageMinutes: 120,
      elapsedMinutes: 1440,
      availabilityPct: 91.67,
    });
  });

  it('DG run hours, fuel and cost, split between the tenants', async () => {
    const body = (await get(`/analytics/dg-report?${DAY_RANGE}&fuel_price=100`)).json();
    const kt1 = site(body, KT1);
    expect(kt1).toMatchObject({ dgRunHours: 3, dgStarts: 1, dgRunning: false, meanLoadKw: 2.04 });
    // 51 V × 40 A = 2.04 kW; 3 h × (0.9 + 0.3 × 2.04) L/h = 4.536 → 4.5 L (one decimal), 100 BDT/L.
    expect(kt1).toMatchObject({ fuelLitres: 4.5, cost: 450 });
    expect(kt1?.tenantShares).toEqual([
      { tenant: 'banglalink', fuelLitres: 2.25, cost: 225 },
      { tenant: 'robi', fuelLitres: 2.25, cost: 225 },
    ]);
    expect(body.parameters.fuelPricePerLitre).toBe(100);
  });

  it('compare=previous_period gives the period before side by side', async () => {
    const range = `from_time=${new Date(NOW - 12 * HOUR).toISOString()}&until_time=${new Date(NOW).toISOString()}`;
    const body = (await get(`/analytics/mains-report?${range}&compare=previous_period`)).json();
    expect(body.comparePeriod).toMatchObject({ from: new Date(NOW - 24 * HOUR).toISOString() });
    expect(site(body, KT1)).toMatchObject({ outageMinutes: 90, previous: { outageMinutes: 0 } });
    expect(body.previousTotals.sites).toBe(body.totals.sites);
    const none = (await get(`/analytics/mains-report?${range}`)).json();
    expect(none).toMatchObject({ compare: 'none', comparePeriod: null, previousTotals: null });
    expect(site(none, KT1)?.previous).toBeNull();
  });

  it('battery: sites under min_backup_hour with their backup; the default until is a year ahead', async () => {
    const body = (await get('/analytics/battery-report?min_backup_hour=3')).json();
    expect(Date.parse(body.period.until)).toBe(Date.parse('2027-11-20T12:00:00+06:00'));
    const ours = (b: { sites: { siteUid: string }[] }) => b.sites.filter((s) => s.siteUid.startsWith('KT-'));
    expect(ours(body).map((s) => s.siteUid)).toEqual([KT1]);
    expect(site(body, KT1)).toMatchObject({ backupHours: 2.5, capacityAh: 100, volts: 51, meanLoadAmps: 40 });
    expect(body.totals.sitesBelow).toBe(body.sites.length);
    const none = (await get('/analytics/battery-report?min_backup_hour=2.5')).json();
    expect(ours(none)).toEqual([]);
  });

  it('temperature: minutes above, episodes per month and the monthly_frequency flag', async () => {
    const body = (await get(`/analytics/temperature-report?${DAY_RANGE}&monthly_frequency=30`)).json();
    const kt1 = site(body, KT1);
    // 2 episodes in one elapsed day → 60.88 per month ≥ 30.
    expect(kt1).toMatchObject({
      minutesAbove: 80,
      episodes: 2,
      episodesPerMonth: 60.88,
      frequent: true,
      maxC: 48,
      meanC: 43,
    });
    const rare = (await get(`/analytics/temperature-report?${DAY_RANGE}&monthly_frequency=100`)).json();
    expect(site(rare, KT1)?.frequent).toBe(false);
  });
});

describe('input', () => {
  it('coerces the report numbers (query strings become numbers)', async () => {
    const body = (await get(`/analytics/mains-report?${DAY_RANGE}&daily_avg=22.2`)).json();
    expect(body.parameters.dailyAvgHours).toBe(22.2);
    // KT-1: 90 min out of a day → 22.5 mains h/day; KT-2: 120 min → 22 h/day.
    expect(site(body, KT2)).toMatchObject({ belowDailyAvg: true });
    expect(site(body, KT1)?.belowDailyAvg).toBe(false);
  });

  it.each([
    ['/analytics/mains-report?daily_avg=lots', 'daily_avg'],
    ['/analytics/mains-report?daily_avg=25', 'daily_avg'],
    ['/analytics/battery-report?min_backup_hour=-1', 'min_backup_hour'],
    ['/analytics/temperature-report?monthly_frequency=often', 'monthly_frequency'],
    ['/analytics/dg-report?compare=lastweek', 'compare'],
    ['/analytics/dg-report?from_time=yesterday', 'from_time'],
    ['/analytics/dg-report?from_time=2026-11-10&until_time=2026-11-01', 'until_time'],
    ['/analytics/dg-report?from_time=2020-01-01&until_time=2026-11-01', 'until_time'],
    ['/analytics/dg-report?excel=maybe', 'excel'],
    ['/analytics/dg-report?fuel_price=-5', 'fuel_price'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toContain(field);
  });
});
