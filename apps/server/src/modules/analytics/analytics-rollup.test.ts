/**
 * Cross-check of the daily rollups (issue 36, docs/requirements.md#daily-rollups): on a scripted history
 * — outages per tenant, DG/PG runs, battery and temperature periods, device-offline gaps, a robi-only
 * site going down, states carried in, a run still going at now, hourly readings — every report (DG,
 * mains, battery, temperature; both compare periods, a period starting mid-day, the default, robi's
 * and a tenant-narrowed view) answers exactly the same from the rollups as from raw events. Then late
 * data two days back (events and readings, stored through ingest's write): the rolled answer is stale
 * until the jobs role's next run, then equal to the raw one again, and the figures moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  DAY,
  FROM,
  HOUR,
  history,
  insertEvents,
  MIN,
  NOW,
  repliesFor,
  rng,
  START,
  type Tr,
} from '../../../test/rollup-test-history.ts';
import { emptyWrites } from '../../ingest/batch-writes.ts';
import { writeAll } from '../../ingest/persist.ts';
import { runHourlyRollups } from '../../jobs/rollup.ts';
import { rollupSiteDays } from './daily-rollup.ts';

const SITES = ['RC-1', 'RC-2', 'RC-3', 'RC-ROBI'];
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  // Only the scripted sites: the demo fleet would only make the rollup runs longer.
  await t.pool.query('delete from sites');
  const rand = rng(36);
  const events: Tr[] = [];
  for (const site of SITES) {
    const robiOnly = site === 'RC-ROBI';
    await buildSite(t.pool, { uid: site, tenants: robiOnly ? ['robi'] : ['banglalink', 'robi'] });
    await t.pool.query(`update sites set created_at = $1, battery_max = 200 where uid = $2`, [
      new Date(START),
      site,
    ]);
    const com = `COM-${site}`;
    for (const [pin, type, tenant] of [
      ['am4', 'battery_terminal', 'robi'],
      ['am5', 'battery_current_critical', 'robi'],
      ['am6', 'temperature', null],
    ])
      await t.pool.query(
        `insert into pin_configs (com_id, pin_name, type, tenant, site_uid) values ($1, $2, $3, $4, $5)`,
        [com, pin, type, tenant, site],
      );
    await t.pool.query(`insert into pin_latest (com_id, pin_name, value, ts) values ($1, 'am4', 49.5, $2)`, [
      com,
      new Date(NOW),
    ]);
    for (const tenant of robiOnly ? ['', 'robi'] : ['', 'banglalink', 'robi'])
      events.push(...history(rand, site, 'mains_fail', tenant, 300, 900, START, NOW));
    events.push(...history(rand, site, 'dg_power', '', 240, 1200, START, NOW));
    events.push(...history(rand, site, 'pg_power', '', 120, 2000, START, NOW));
    events.push(...history(rand, site, 'battery_power', 'robi', 200, 1500, START, NOW));
    events.push(...history(rand, site, 'high_temperature', '', 100, 1800, START, NOW));
    events.push(...history(rand, site, 'device_offline', '', 90, 4000, START, NOW));
    events.push(...history(rand, site, 'site_down', '', 30, 3000, START, NOW));
    // A reading every 20 minutes: bus volts, load, temperature.
    const ts: Date[] = [];
    const values: number[][] = [];
    for (let at = START; at < NOW; at += 20 * MIN) {
      ts.push(new Date(at));
      values.push([40 + rand() * 15, 5 + rand() * 30, 20 + rand() * 25]);
    }
    await t.pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values)
       select $1, u.ts, '{am4,am5,am6}', array[u.a, u.b, u.c] from unnest($2::timestamptz[], $3::float8[], $4::float8[], $5::float8[]) as u(ts, a, b, c)`,
      [com, ts, values.map((v) => v[0]), values.map((v) => v[1]), values.map((v) => v[2])],
    );
  }
  await insertEvents(t, events);
  await runHourlyRollups(t.pool, t.clock);
  await t.pool.query(
    `update job_state set value = jsonb_build_object('hour', '2026-09-18T00:00:00Z') where name in ('telemetry_hourly', 'battery_health_hourly')`,
  );
  for (let i = 0; i < 20; i++) await runHourlyRollups(t.pool, t.clock);
});
afterAll(async () => {
  await t?.close();
});

const QUERIES = [
  `from_time=${new Date(FROM).toISOString()}&until_time=${new Date(FROM + 10 * DAY).toISOString()}&compare=previous_period`,
  `from_time=${new Date(FROM + 9.5 * HOUR).toISOString()}&until_time=${new Date(NOW - 3 * HOUR).toISOString()}`,
  `from_time=2026-10-02&until_time=2026-10-08&tenant=robi`,
  '',
];
const KINDS = ['dg', 'mains', 'battery', 'temperature'];

/** Every report of every query, for ktbl and robi.viewer (the raw path without the rolled state). */
const reports = (raw: boolean) =>
  repliesFor(
    t,
    KINDS.flatMap((kind) =>
      QUERIES.map((q) => `/analytics/${kind}-report?${q}${kind === 'battery' ? '&min_backup_hour=240' : ''}`),
    ),
    raw,
  );

describe('daily rollups', () => {
  it('answer every report exactly as the raw events do', { timeout: 240_000 }, async () => {
    const raw = await reports(true);
    expect(await rollupSiteDays(t.pool, t.clock, { initialDays: 22, maxDays: 100 })).toBeGreaterThan(20);
    const rows = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from site_daily where site_uid = any($1)`,
      [SITES],
    );
    expect(rows.rows[0]?.n).toBeGreaterThan(0);
    const rolled = await reports(false);
    expect(rolled).toEqual(raw);
    // The history is not trivial: outages, runs, gaps, loads and temperatures all occur.
    const mains = raw[`ktbl /analytics/mains-report?${QUERIES[0]}`] as {
      sites: { siteUid: string; outageMinutes: number; gapMinutes: number }[];
    };
    const ours = mains.sites.filter((s) => SITES.includes(s.siteUid));
    expect(ours.every((s) => s.outageMinutes > 0)).toBe(true);
    expect(ours.some((s) => s.gapMinutes > 0)).toBe(true);
    // The bus readings at or below 42 V (read in the DC load's pass over the pins) are the raw count of
    // the window's whole hours (it ends now: the hour under way is not rolled up yet).
    const battery = rolled[`ktbl /analytics/battery-report?${QUERIES[0]}&min_backup_hour=240`] as {
      sites: { siteUid: string; deepDischargeReadings: number }[];
    };
    const counted = await t.pool.query<{ site: string; n: number }>(
      `select substr(com_id, 5) as site, count(*)::int as n from telemetry
        where pin_values[1] <= 42 and ts >= $1 and ts < $2 group by com_id`,
      [new Date(FROM), new Date(Math.min(FROM + 10 * DAY, NOW - (NOW % HOUR)))],
    );
    const deep = Object.fromEntries(battery.sites.map((s) => [s.siteUid, s.deepDischargeReadings]));
    expect(Object.keys(deep).sort()).toEqual([...SITES].sort());
    expect(deep).toEqual(Object.fromEntries(counted.rows.map((r) => [r.site, r.n])));
    // The DC means (from the hourly rollups' running totals) are the raw readings' means over the
    // same hours: load amps (battery report) and bus volts × load amps (DG report's mean kW).
    const means = await t.pool.query<{ site: string; v: number; a: number }>(
      `select substr(com_id, 5) as site, avg(pin_values[1]) as v, avg(pin_values[2]) as a from telemetry
        where ts >= $1 and ts < $2 group by com_id`,
      [new Date(FROM), new Date(Math.min(FROM + 10 * DAY, NOW - (NOW % HOUR)))],
    );
    const dg = rolled[`ktbl /analytics/dg-report?${QUERIES[0]}`] as {
      sites: { siteUid: string; meanLoadKw: number | null }[];
    };
    const amps = battery.sites as unknown as { siteUid: string; meanLoadAmps: number | null }[];
    for (const m of means.rows) {
      expect(amps.find((s) => s.siteUid === m.site)?.meanLoadAmps, m.site).toBe(Math.round(m.a * 100) / 100);
      expect(dg.sites.find((s) => s.siteUid === m.site)?.meanLoadKw, m.site).toBe(
        Math.round(((m.v * m.a) / 1000) * 1000) / 1000,
      );
    }
    expect(means.rows.length).toBe(SITES.length);
  });

  it('follow late data two days back after the next jobs run, and equal the raw path again', {
    timeout: 240_000,
  }, async () => {
    const before = await reports(false);
    const late = NOW - 2 * DAY - 5 * HOUR;
    const w = emptyWrites();
    w.events.push(
      ...[0, 1].map((k) => ({
        siteUid: 'RC-ROBI',
        comId: null,
        name: 'mains_fail',
        tenant: 'robi',
        time: new Date(late + k * 3 * HOUR),
        active: k === 0,
        value: null,
        group: 'RMS' as const,
        alarmId: null,
      })),
    );
    w.telemetry.push(
      ...Array.from({ length: 30 }, (_, i) => ({
        comId: 'COM-RC-ROBI',
        ts: new Date(late + i * MIN + 7_000),
        pinNames: ['am6', 'am4'],
        values: [60, 30],
      })),
    );
    await writeAll(t.pool, w, [], new Date(NOW), []);
    // Not recomputed yet: the rolled answer still shows the day as it was.
    expect(await reports(false)).toEqual(before);
    await runHourlyRollups(t.pool, t.clock);
    await rollupSiteDays(t.pool, t.clock);
    const after = await reports(false);
    expect(after).toEqual(await reports(true));
    expect(after).not.toEqual(before);
    const key = `ktbl /analytics/temperature-report?${QUERIES[0]}`;
    const site = (after[key] as { sites: { siteUid: string; maxC: number }[] }).sites.find(
      (s) => s.siteUid === 'RC-ROBI',
    );
    expect(site?.maxC).toBe(60);
  });
});
