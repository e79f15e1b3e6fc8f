/**
 * Power charts on the shared time-series reader: raw buckets for short ranges, rollups (plus the raw
 * hours after the rollup watermark) for long ones, the same figures either way; health history
 * counts; energy per hour; scope (404), tenants (403) and bad ranges (400 naming the field).
 */
import { dhakaDate } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';
import { rollupTelemetry } from '../../jobs/rollup.ts';
import { rollupBatteryHealth } from '../../kernel/time-series/index.ts';
import { buildPowerPin, buildTelemetry } from './power-test-data.ts';

let t: TestServer;
const HOUR = 3_600_000;
let start: Date;

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildPowerPin(t.pool, {
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am10',
    type: 'battery_current_critical',
    tenant: 'banglalink',
  });
  await buildPowerPin(t.pool, {
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am11',
    type: 'battery_current_non_critical',
    tenant: 'banglalink',
  });
  await buildPowerPin(t.pool, { comId: 'RMS-KT1', siteUid: KT1, pinName: 'am4', type: 'temperature' });
  // Three hours of one-minute readings ending at the last whole hour: DC bus 50.0 … 50.9 V repeating,
  // one reading at 41 V every hour (g % 60 = 30), 20 A + 10 A of load, 30 °C.
  const now = t.clock.now().getTime();
  start = new Date(Math.floor(now / HOUR) * HOUR - 3 * HOUR);
  await buildTelemetry(t.pool, 'RMS-KT1', start, 180, {
    am6: 'case when g % 60 = 30 then 41 else 50 + (g % 10) * 0.1 end',
    am10: '20',
    am11: '10',
    am4: '30',
  });
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('GET /battery/voltage/profile', () => {
  it('answers one-minute raw buckets over the last 24 hours by default', async () => {
    const res = await get(
      `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&pinName=am6&factor=1&offset=0`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'raw', resolutionMinutes: 1, zoom: 1, pinName: 'am6' });
    expect(body.points).toHaveLength(180);
    expect(body.points[0]).toMatchObject({ time: start.toISOString(), min: 50, max: 50, count: 1 });
  });

  it('applies factor and offset, and downsamples to min/max/avg per hour at zoom 60', async () => {
    const res = await get(`/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&factor=2&offset=1&zoom=60`);
    const body = res.json();
    expect(body.resolutionMinutes).toBe(60);
    expect(body.points).toHaveLength(3);
    const hour = body.points[0];
    expect(hour.count).toBe(60);
    expect(hour.min).toBeCloseTo(41 * 2 + 1);
    expect(hour.max).toBeCloseTo(50.9 * 2 + 1);
    // mean of 59 readings cycling 50.0…50.9 (g=30 replaced by 41) ×2 + 1
    const values = Array.from({ length: 60 }, (_, g) => (g === 30 ? 41 : 50 + (g % 10) * 0.1));
    expect(hour.avg).toBeCloseTo((values.reduce((a, b) => a + b, 0) / 60) * 2 + 1, 2);
  });

  it('gives the same figures from the hourly rollups as from raw rows', async () => {
    const url = `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&zoom=60`;
    const before = (await get(url)).json().points;
    await rollupTelemetry(t.pool, t.clock, { lookbackHours: 6 });
    const after = (await get(url)).json().points;
    expect(after).toEqual(before);
    const month = (
      await get(
        `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&fromDate=${dhakaDate(start)}&zoom=1440`,
      )
    ).json();
    expect(month.source).toBe('hourly');
    expect(month.points.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(180);
  });

  it('is 404 for another company, 404 for a device of another site, 403 for a tenant not allowed', async () => {
    expect((await get(`/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1`, 'ftb')).statusCode).toBe(404);
    const other = await get(`/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT2`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Device not found');
    const tenant = await get(
      `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&tenant=banglalink`,
      'robi.viewer',
    );
    expect(tenant.statusCode).toBe(403);
  });

  it('refuses a range ending before it starts or longer than 366 days, naming the field', async () => {
    const back = await get(
      `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&fromDate=2026-03-02&untilDate=2026-03-01`,
    );
    expect(back.statusCode).toBe(400);
    expect(back.json().field).toBe('query.untilDate');
    const long = await get(
      `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&fromDate=2024-01-01&untilDate=2026-01-01`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('query.fromDate');
    const zoom = await get(`/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&zoom=0`);
    expect(zoom.statusCode).toBe(400);
    expect(zoom.json().field).toBe('query.zoom');
  });
});

describe('GET /battery/health-history', () => {
  it('counts the readings at or below 42 V per day (one an hour), and none at or above 56 V', async () => {
    const from = dhakaDate(start);
    const until = dhakaDate(new Date(start.getTime() + 3 * HOUR));
    const q = `comId=RMS-KT1&pinName=am6&fromDate=${from}&untilDate=${until}&zoom=1440`;
    const low = (await get(`/battery/health-history?${q}&value=42`)).json();
    expect(low).toMatchObject({ value: 42, side: 'at_or_below', resolutionMinutes: 1440 });
    expect(low.points.reduce((n: number, p: { beyond: number }) => n + p.beyond, 0)).toBe(3);
    expect(low.points.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBe(180);
    const high = (await get(`/battery/health-history?${q}&value=56`)).json();
    expect(high.points.every((p: { beyond: number }) => p.beyond === 0)).toBe(true);
    // The hourly health counts give the same answer as raw readings.
    await rollupBatteryHealth(t.pool, t.clock, { lookbackHours: 6 });
    expect((await get(`/battery/health-history?${q}&value=42`)).json().points).toEqual(low.points);
  });

  it('refuses a value other than 42, 52, 56 (400 naming value) and another company’s device (404)', async () => {
    const bad = await get('/battery/health-history?comId=RMS-KT1&value=43');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.value');
    expect((await get('/battery/health-history?comId=RMS-KT1&value=42', 'ftb')).statusCode).toBe(404);
    expect((await get('/battery/health-history?comId=NO-SUCH&value=42')).statusCode).toBe(404);
  });
});

describe('energy, power trend and series', () => {
  it('energy per hour = mean volts × mean amps; power trend in W', async () => {
    const date = dhakaDate(new Date(start.getTime() + HOUR));
    const energy = (await get(`/battery/energy/consumption?siteUid=${KT1}&date=${date}`)).json();
    expect(energy.items.length).toBeGreaterThan(0);
    for (const item of energy.items) expect(item.kwh).toBeGreaterThan(1.4); // ≈ 50 V × 30 A = 1.5 kWh
    const trend = (await get(`/battery/power-trend?siteUid=${KT1}&date=${date}`)).json();
    expect(trend.items[0].avgW).toBeGreaterThan(1400);
    expect(trend.items[0].minW).toBeLessThanOrEqual(trend.items[0].avgW);
  });

  it('GET /power/series sums the DC load currents and reads temperature', async () => {
    const current = (await get(`/power/series?siteUid=${KT1}&kind=dc_current&zoom=60`)).json();
    expect(current.unit).toBe('A');
    expect(current.points[0]).toMatchObject({ min: 30, max: 30, avg: 30 });
    const temp = (await get(`/power/series?siteUid=${KT1}&kind=temperature&hours=6`)).json();
    expect(temp.points).toHaveLength(180);
    const none = (await get(`/power/series?siteUid=${KT1}&kind=fuel`)).json();
    expect(none.points).toEqual([]);
  });
});
