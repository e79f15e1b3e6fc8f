/**
 * Compressed telemetry history (docs/requirements.md#compressed-history): every reply that reads
 * telemetry (voltage profile, health history, energy consumption, power trend, power series, climate,
 * backup estimate) is the same before compression, after a run that stopped midway and after the whole
 * run; the rows themselves decode exactly (odd pin names, sub-second times, duplicates, missing pins);
 * the hourly rollups computed over packed days equal the ones computed over raw rows.
 */
import { dhakaDayStart } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';
import { createManualClock } from '../../clock.ts';
import { rollupBatteryHealth } from '../../kernel/time-series/index.ts';
import { buildPowerPin, buildTelemetry } from './power-test-data.ts';
import { compressTelemetry } from '../../jobs/compress.ts';
import { rollupTelemetry } from '../../jobs/rollup.ts';

const HOUR = 3_600_000;
/** "Now": 20 November 2026, 12:00 Dhaka. History: 8 and 9 November (packed), 13 November (too recent). */
const NOW = Date.parse('2026-11-20T12:00:00+06:00');
const D1 = '2026-11-08';
const D2 = '2026-11-09';
const RECENT = '2026-11-13';
const OUTAGE = dhakaDayStart(D2).getTime() + 10 * HOUR;

let t: TestServer;

const URLS = [
  `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&pinName=am6&fromDate=${D1}&untilDate=${D2}&zoom=1`,
  `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&pinName=am6&fromDate=${D1}&untilDate=${D1}&zoom=15&factor=-1&offset=2`,
  `/battery/voltage/profile?siteUid=${KT1}&comId=RMS-KT1&pinName=am6&fromDate=${D1}&untilDate=${RECENT}&zoom=60`,
  `/battery/health-history?comId=RMS-KT1&pinName=am6&value=42&fromDate=${D1}&untilDate=${D2}&zoom=10`,
  `/battery/health-history?comId=RMS-KT1&pinName=am6&value=52&fromDate=${D1}&untilDate=${RECENT}&zoom=60`,
  `/battery/health-history?comId=RMS-KT1&pinName=am6&value=56&fromDate=${D1}&untilDate=${D1}&zoom=1`,
  `/battery/energy/consumption?siteUid=${KT1}&date=${D1}`,
  `/battery/energy/consumption?siteUid=${KT1}&date=${D2}&tenant=banglalink`,
  `/battery/power-trend?siteUid=${KT1}&date=${D2}`,
  `/power/series?siteUid=${KT1}&kind=dc_current&fromDate=${D1}&untilDate=${D2}&zoom=5`,
  `/power/series?siteUid=${KT1}&kind=temperature&fromDate=${D1}&untilDate=${D1}&zoom=1`,
  `/power/series?siteUid=${KT1}&kind=humidity&fromDate=${D1}&untilDate=${RECENT}&zoom=120`,
  `/temperature/temperature/climate?siteUid=${KT1}&date=${D1}`,
  `/temperature/temperature/climate?date=${D2}`,
  `/battery/backup-estimate?siteUid=${KT1}`,
];

async function replies(): Promise<unknown[]> {
  const headers = await t.auth('ktbl');
  const out: unknown[] = [];
  for (const url of URLS) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    out.push(res.json());
  }
  return out;
}

/** Every reading of the history as stored (raw or decoded), in one canonical order. */
async function readings() {
  const { rows } = await t.pool.query(
    `select com_id, extract(epoch from ts)::text as ts, pin_names, pin_values
       from telemetry_between($1, $2) order by 1, 2, pin_names::text, pin_values::text`,
    [dhakaDayStart(D1), dhakaDayStart('2026-11-14')],
  );
  return rows;
}

/** Every reading one row per value (`telemetry_readings_between`: what the rollups read), in one order. */
async function valueRows() {
  const { rows } = await t.pool.query(
    `select com_id, extract(epoch from ts)::text as ts, pin_name, value
       from telemetry_readings_between($1, $2) order by 1, 2, 3, 4`,
    [dhakaDayStart('2026-11-07'), dhakaDayStart('2026-11-14')],
  );
  return rows;
}

/** Pin sets a chart asks for: one pin, summed pins, odd names with a pin that only one message has, none. */
const PIN_SETS = [['am6'], ['am10', 'am11'], ['am4', 'NULL', 'com,ma'], ['am5', 'nope'], ['nope']];

/** The readings of each pin set (`telemetry_values_of`: what the charts read), as stored or decoded. */
async function pinReadings() {
  const out: unknown[] = [];
  for (const pins of PIN_SETS) {
    const { rows } = await t.pool.query(
      `select extract(epoch from ts)::text as ts, v from telemetry_values_of('RMS-KT1', $1, $2, $3) order by 1, 2`,
      [pins, dhakaDayStart('2026-11-07'), dhakaDayStart('2026-11-14')],
    );
    out.push(rows);
  }
  return out;
}

async function rawCount(day: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from telemetry where ts >= $1 and ts < $2',
    [dhakaDayStart(day), new Date(dhakaDayStart(day).getTime() + 24 * HOUR)],
  );
  return rows[0]?.n ?? 0;
}

/** Hourly rollups of the history from scratch (both tables), as rows. */
async function rollups() {
  await t.pool.query(
    "delete from job_state where name in ('telemetry_hourly', 'battery_health_hourly'); delete from telemetry_hourly; delete from battery_health_hourly",
  );
  await rollupTelemetry(t.pool, t.clock);
  await rollupTelemetry(t.pool, t.clock, { lookbackHours: 320, maxHours: 400 });
  await rollupBatteryHealth(t.pool, t.clock);
  await rollupBatteryHealth(t.pool, t.clock, { lookbackHours: 320, maxHours: 400 });
  const hourly = await t.pool.query('select * from telemetry_hourly order by com_id, pin_name, hour');
  const health = await t.pool.query('select * from battery_health_hourly order by com_id, pin_name, hour');
  // Back to "no rollups yet": the chart readers read raw rows for every hour.
  await t.pool.query(
    "delete from job_state where name in ('telemetry_hourly', 'battery_health_hourly'); delete from telemetry_hourly; delete from battery_health_hourly",
  );
  return { hourly: hourly.rows, health: health.rows };
}

beforeAll(async () => {
  t = await startTestServer({ clock: createManualClock(NOW) });
  await buildTwoCompanyFleet(t.pool);
  await t.pool.query('update sites set battery_max = 200 where uid = $1', [KT1]);
  const pin = (pinName: string, type: string, tenant: string | null = null) =>
    buildPowerPin(t.pool, { comId: 'RMS-KT1', siteUid: KT1, pinName, type, tenant });
  await pin('am10', 'battery_current_critical', 'banglalink');
  await pin('am11', 'battery_current_non_critical', 'banglalink');
  await pin('am4', 'temperature');
  await pin('am5', 'humidity');
  const varied = {
    am6: 'case when g % 60 = 30 then 41.5 else 50 + ((g * 7) % 23) * 0.13 end',
    am10: '20 + (g % 7) * 0.25',
    am11: '10 + (g % 3) * 0.5',
    am4: '28 + (g % 97) * 0.071',
    am5: '60 + (g % 13) * 1.1',
  };
  // Two whole Dhaka days of one-minute readings (the outage on D2 10:00-11:00 replaces them), and a
  // few hours of the recent day.
  await buildTelemetry(t.pool, 'RMS-KT1', dhakaDayStart(D1), 24 * 60 + 10 * 60, varied);
  await buildTelemetry(t.pool, 'RMS-KT1', new Date(OUTAGE), 60, {
    am6: '51 - g * 3.5 / 59',
    am10: '20',
    am11: '10',
  });
  await buildTelemetry(t.pool, 'RMS-KT1', new Date(OUTAGE + HOUR), 13 * 60, varied);
  await buildTelemetry(t.pool, 'RMS-KT1', new Date(dhakaDayStart(RECENT).getTime() + 8 * HOUR), 180, varied);
  await buildTelemetry(t.pool, 'RMS-KT2', new Date(dhakaDayStart(D1).getTime() + 5 * HOUR), 600, {
    am6: '48 + (g % 5) * 0.01',
  });
  // Odd messages: sub-second times, a duplicate time, a lone pin, odd pin names, exotic values.
  const odd = (comId: string, ts: number, names: string[], values: number[]) =>
    t.pool.query('insert into telemetry (com_id, ts, pin_names, pin_values) values ($1, $2, $3, $4)', [
      comId,
      new Date(ts),
      names,
      values,
    ]);
  const d1 = dhakaDayStart(D1).getTime();
  await odd('RMS-KT1', d1 + 3 * HOUR + 30_500, ['am6'], [47.123]);
  await odd('RMS-KT1', d1 + 3 * HOUR, ['am6', 'am4'], [49.99, 31.5]);
  await odd(
    'RMS-KT1',
    d1 + 4 * HOUR + 45_001,
    ['am4', 'NULL', 'a"b', 'com,ma'],
    [0.1 + 0.2, 1e-7, -0, 123456789.125],
  );
  await odd('RMS-KT1', d1, ['am5'], [77]); // exactly at the day's start
  await odd('RMS-KT1', d1 - 1, ['am5'], [78]); // the previous day's last millisecond
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'battery_power',
    tenant: 'banglalink',
    time: new Date(OUTAGE),
    active: true,
  });
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'battery_power',
    tenant: 'banglalink',
    time: new Date(OUTAGE + HOUR),
    active: false,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('readers over compressed telemetry', () => {
  it('answer the same before compression, after a partial run and after the whole run', async () => {
    const before = await replies();
    const rows = await readings();
    const values = await pinReadings();
    const long = await valueRows();
    const hours = await rollups();
    // The history is what the replies show (not empty answers compared with empty answers).
    const profile = before[0] as { points: unknown[] };
    expect(profile.points.length).toBe(1440); // two days of 2-minute buckets (1500 points at most)
    expect((before[14] as { learnedOutages: number }).learnedOutages).toBe(1);
    expect(hours.hourly.length).toBeGreaterThan(100);
    expect(long.length).toBe(
      (await t.pool.query('select sum(cardinality(pin_names))::int as n from telemetry')).rows[0].n,
    );
    // Two days of minutes and 180 recent ones; the outage hour has only am6/am10/am11; the odd messages.
    expect(values.map((v) => (v as unknown[]).length)).toEqual([
      2880 + 180 + 2,
      2880 + 180,
      2820 + 180 + 2,
      2820 + 180 + 2,
      0,
    ]);
    expect((values[2] as { ts: string; v: number }[]).find((r) => r.v > 1e8)?.v).toBe(
      0.1 + 0.2 + 1e-7 + 123456789.125,
    );

    // A run that stops midway (one device at a time: 7 November whole, then part of 8 November).
    const opts = { clock: t.clock, afterDays: 7, retentionMonths: 1, batch: 1 };
    const partial = await compressTelemetry(t.pool, { ...opts, maxStatements: 6 });
    expect(partial.complete).toBe(false);
    expect(partial.days).toEqual(['2026-11-07']);
    expect(partial.messages).toBe(1 + 1444);
    expect(await rawCount(D1)).toBe(600);
    expect(await readings()).toEqual(rows);
    expect(await pinReadings()).toEqual(values);
    expect(await valueRows()).toEqual(long);
    expect(await replies()).toEqual(before);

    const full = await compressTelemetry(t.pool, opts);
    expect(full.complete).toBe(true);
    expect(full.days).toEqual([D1, D2]);
    expect(full.messages).toBe(600 + 1440);
    expect(await rawCount(D1)).toBe(0);
    expect(await rawCount(D2)).toBe(0);
    expect(await rawCount(RECENT)).toBe(180); // younger than 7 days: raw
    const { rows: packed } = await t.pool.query<{ com_id: string; day: string; n: number }>(
      "select com_id, to_char(day, 'YYYY-MM-DD') as day, n from telemetry_days order by 1, 2",
    );
    expect(packed).toEqual([
      { com_id: 'RMS-KT1', day: '2026-11-07', n: 1 },
      { com_id: 'RMS-KT1', day: D1, n: 1440 + 4 },
      { com_id: 'RMS-KT1', day: D2, n: 1440 },
      { com_id: 'RMS-KT2', day: D1, n: 600 },
    ]);
    expect(await readings()).toEqual(rows);
    expect(await pinReadings()).toEqual(values);
    expect(await valueRows()).toEqual(long);
    expect(await replies()).toEqual(before);
    // The rollups (and so the daily rollups and reports built on them) over packed days: the same rows;
    // a sum adds the same readings, in time order where raw rows came in insertion order (last bits).
    const again = await rollups();
    expect(again.health).toEqual(hours.health);
    const exact = (h: Record<string, unknown>) => ({ ...h, sum: 0, run_sum: 0 });
    expect(again.hourly.map(exact)).toEqual(hours.hourly.map(exact));
    again.hourly.forEach((h, i) => {
      expect(h.sum).toBeCloseTo(hours.hourly[i]?.sum, 9);
      expect(h.run_sum).toBeCloseTo(hours.hourly[i]?.run_sum, 9);
    });
  });
});
