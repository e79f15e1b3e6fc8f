/**
 * Cross-check of the availability calls' daily rollup (issue 36, docs/decisions/availability-from-daily-rollups.md):
 * on a scripted history — mains outages per event tenant (tenant-less ones included), on-battery
 * periods of robi, banglalink and tenant-less ones, device-offline gaps, down periods (site_down events and
 * site_down_history, one still running at now) of a robi-only site and the others, states carried
 * in — `/mains/analytics/availability` (several ranges, each tenant) and `/battery/analytics/availability`
 * (every day) answer exactly the same from the rollup as from raw events, for ktbl and robi.viewer
 * (its own tenant view). Then late data two days back (mains off and a site going down, stored through
 * ingest's write): the rolled answer is stale until the jobs role's next run, then equal to the raw
 * one again, and the figures moved.
 */
import { dhakaDate } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDownPeriod, buildSite } from '../../../test/factories.ts';
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

const SITES = ['AV-1', 'AV-2', 'AV-ROBI'];
const ROBI = 'AV-ROBI';
let t: TestServer;
const events: Tr[] = [];

/** Whether one of `name`'s lists of `site` (of `tenant` when given) is active at `m`. */
function activeAt(site: string, name: string, m: number, tenant?: string): boolean {
  const lists = new Map<string, boolean>();
  for (const e of events) {
    if (e.site !== site || e.name !== name || e.time > m || (tenant !== undefined && e.tenant !== tenant))
      continue;
    lists.set(e.tenant, e.active);
  }
  return [...lists.values()].some(Boolean);
}

/** Stores a site's down periods as site_down events and site_down_history rows (the last may run on). */
async function downHistory(list: Tr[]) {
  await insertEvents(t, list);
  for (let i = 0; i < list.length; i++) {
    const tr = list[i] as Tr;
    if (!tr.active) continue;
    const next = list[i + 1];
    await buildDownPeriod(t.pool, tr.site, new Date(tr.time), next ? new Date(next.time) : null);
  }
}

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  // Only the scripted sites: the demo fleet would only make the rollup runs longer.
  await t.pool.query('delete from sites');
  const rand = rng(860);
  for (const site of SITES) {
    const robiOnly = site === ROBI;
    await buildSite(t.pool, { uid: site, tenants: robiOnly ? ['robi'] : ['banglalink', 'robi'] });
    await t.pool.query(`update sites set created_at = $1 where uid = $2`, [new Date(START), site]);
    for (const tenant of robiOnly ? ['', 'robi'] : ['', 'banglalink', 'robi'])
      events.push(...history(rand, site, 'mains_fail', tenant, 300, 900, START, NOW));
    events.push(...history(rand, site, 'battery_power', 'robi', 200, 1500, START, NOW));
    events.push(...history(rand, site, 'battery_power', '', 150, 1500, START, NOW));
    // Banglalink's on-battery time: outside robi.viewer's view.
    if (!robiOnly) events.push(...history(rand, site, 'battery_power', 'banglalink', 150, 1500, START, NOW));
    events.push(...history(rand, site, 'device_offline', '', 90, 4000, START, NOW));
    const down = history(rand, site, 'site_down', '', 60, 2000, START, NOW);
    // The robi-only site is down at now: its last period runs on.
    if (robiOnly && down[down.length - 1]?.active === false) down.pop();
    await downHistory(down);
  }
  // Grameenphone's mains on AV-2, at Dhaka midnights: an outage begun exactly at day 3's start, and one
  // ended and begun again exactly at day 5's start (a new outage either way).
  const gp = (at: number, active: boolean): Tr => ({
    site: 'AV-2',
    name: 'mains_fail',
    tenant: 'grameenphone',
    time: at,
    active,
  });
  events.push(
    gp(FROM + 3 * DAY, true),
    gp(FROM + 3 * DAY + 2 * HOUR, false),
    gp(FROM + 5 * DAY - HOUR, true),
    gp(FROM + 5 * DAY, false),
    gp(FROM + 5 * DAY, true),
    gp(FROM + 5 * DAY + HOUR, false),
  );
  await insertEvents(t, events);
  await runHourlyRollups(t.pool, t.clock);
});
afterAll(async () => {
  await t?.close();
});

const day = (n: number) => dhakaDate(new Date(FROM + n * DAY));
const MAINS = SITES.flatMap((s) => [
  `/mains/analytics/availability?site_uid=${s}&date=${day(0)}&days=10`,
  `/mains/analytics/availability?site_uid=${s}&date=${day(-3)}&days=4`,
  `/mains/analytics/availability?site_uid=${s}&date=${day(4)}&days=2&tenant=robi`,
  `/mains/analytics/availability?site_uid=${s}&date=${day(2)}&days=9&tenant=banglalink`,
  `/mains/analytics/availability?site_uid=${s}&date=${day(7)}`,
  `/mains/analytics/availability?site_uid=${s}&date=${day(0)}&days=10&tenant=robi`,
]);
const GP = [
  `/mains/analytics/availability?site_uid=AV-2&date=${day(2)}&days=5&tenant=grameenphone`,
  `/mains/analytics/availability?site_uid=AV-2&date=${day(3)}&days=3&tenant=grameenphone`,
];
const BATTERY = SITES.flatMap((s) =>
  Array.from({ length: 12 }, (_, i) => `/battery/analytics/availability?site_uid=${s}&date=${day(i - 2)}`),
);
const replies = (raw: boolean) => repliesFor(t, [...MAINS, ...GP, ...BATTERY], raw);

type MainsReply = { days: { date: string; mainsOffSeconds: number; gapSeconds: number; outages: number }[] };
type BatteryReply = { downSeconds: number; downWhileOnBatterySeconds: number; onBatterySeconds: number };

describe('availability calls from the daily rollup', () => {
  it('answer exactly as the raw events do', { timeout: 240_000 }, async () => {
    const raw = await replies(true);
    expect(await rollupSiteDays(t.pool, t.clock, { initialDays: 22, maxDays: 100 })).toBeGreaterThan(20);
    const { rows } = await t.pool.query<{ sites: number; mains: number; battery: number }>(
      `select (select count(*)::int from site_availability_daily where site_uid = any($1)) as sites,
              (select count(*)::int from mains_tenant_daily where site_uid = any($1)) as mains,
              (select count(*)::int from battery_view_daily where site_uid = any($1) and view = 'robi') as battery`,
      [SITES],
    );
    expect(rows[0]?.sites).toBeGreaterThan(60);
    expect(rows[0]?.mains).toBeGreaterThan(0);
    expect(rows[0]?.battery).toBeGreaterThan(0);
    expect(await replies(false)).toEqual(raw);
    // The history is not trivial: mains off, outages, gaps, on battery while down, the robi-only site down.
    const mains = Object.entries(raw)
      .filter(([k]) => k.includes('/mains/'))
      .flatMap(([, v]) => (v as MainsReply).days);
    expect(mains.some((d) => d.mainsOffSeconds > 0 && d.outages > 0)).toBe(true);
    expect(mains.some((d) => d.gapSeconds > 0)).toBe(true);
    // An outage begun exactly at a day's start counts that day, except on the first day asked for.
    const outages = (url: string) =>
      (raw[`ktbl ${url}`] as MainsReply).days.map((d) => [d.date, d.outages] as const);
    expect(outages(GP[0] as string)).toEqual([
      [day(2), 0],
      [day(3), 1],
      [day(4), 1],
      [day(5), 1],
      [day(6), 0],
    ]);
    expect(outages(GP[1] as string)).toEqual([
      [day(3), 0],
      [day(4), 1],
      [day(5), 1],
    ]);
    const battery = Object.entries(raw)
      .filter(([k]) => k.includes('/battery/'))
      .map(([k, v]) => [k, v as BatteryReply] as const);
    expect(battery.some(([, b]) => b.downWhileOnBatterySeconds > 0)).toBe(true);
    expect(battery.some(([k, b]) => k.includes(`site_uid=${ROBI}`) && b.downSeconds > 0)).toBe(true);
  });

  it('follow late data two days back after the next jobs run, and equal the raw path again', {
    timeout: 240_000,
  }, async () => {
    const before = await replies(false);
    // Two days back, 3 h during which robi had mains, the site was up and reported (the late rows change them).
    const quiet = (at: number) =>
      Array.from({ length: 19 }, (_, i) => at + i * 10 * MIN).every(
        (m) =>
          !['mains_fail', 'device_offline', 'site_down'].some((n) =>
            activeAt(ROBI, n, m, n === 'mains_fail' ? 'robi' : undefined),
          ),
      );
    const late = Array.from({ length: 120 }, (_, i) => FROM + 7 * DAY + i * 10 * MIN).find(quiet) as number;
    expect(late).toBeDefined();
    const w = emptyWrites();
    const event = (name: string, tenant: string, at: number, active: boolean) => ({
      siteUid: ROBI,
      comId: null,
      name,
      tenant,
      time: new Date(at),
      active,
      value: null,
      group: 'RMS' as const,
      alarmId: null,
    });
    // Mains off for robi 3 h, the site down (site-wide) 40 min of it, resent 2 days late.
    w.events.push(
      event('mains_fail', 'robi', late, true),
      event('mains_fail', 'robi', late + 3 * HOUR, false),
      event('site_down', '', late + HOUR, true),
      event('site_down', '', late + HOUR + 40 * MIN, false),
    );
    await writeAll(t.pool, w, [], new Date(NOW), []);
    // The down period as the alarm state's write keeps it (persist-state.ts) with the events.
    await buildDownPeriod(t.pool, ROBI, new Date(late + HOUR), new Date(late + HOUR + 40 * MIN));
    // Not recomputed yet: the rolled answer still shows the day as it was.
    expect(await replies(false)).toEqual(before);
    await rollupSiteDays(t.pool, t.clock);
    const after = await replies(false);
    expect(after).toEqual(await replies(true));
    expect(after).not.toEqual(before);
    const lateDay = dhakaDate(new Date(late));
    const key = `ktbl /battery/analytics/availability?site_uid=${ROBI}&date=${lateDay}`;
    expect((after[key] as BatteryReply).downSeconds).toBeGreaterThan(
      (before[key] as BatteryReply).downSeconds,
    );
    const mainsKey = `ktbl /mains/analytics/availability?site_uid=${ROBI}&date=${day(0)}&days=10&tenant=robi`;
    const offOn = (r: unknown) =>
      (r as MainsReply).days.find((d) => d.date === lateDay)?.mainsOffSeconds ?? 0;
    expect(offOn(after[mainsKey]) - offOn(before[mainsKey])).toBe(3 * 3600);
  });
});
