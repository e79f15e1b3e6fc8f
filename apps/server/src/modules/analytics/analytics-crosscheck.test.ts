/**
 * Cross-check (issue 15): on a generated fleet with a known outage history — mains outages per tenant,
 * DG and PG runs, device-offline gaps, states carried in from before the period, a run still going
 * at "now" — the mains report's outage minutes and availability and the DG report's run hours equal
 * values computed independently, minute by minute, from the same generated transitions.
 */
import { availabilityPercent } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { rng, type Tr } from '../../../test/rollup-test-history.ts';

const MIN = 60_000;
const DAY = 1440 * MIN;
/** The report period: ten Asia/Dhaka days; "now" is 14:07 Dhaka on its last day (still running). */
const FROM = Date.parse('2026-10-01T00:00:00+06:00');
const UNTIL = FROM + 10 * DAY;
const NOW = UNTIL - DAY + (14 * 60 + 7) * MIN;
const START = FROM - 5 * DAY; // history starts before the period: states carry in
const SITES = Array.from({ length: 6 }, (_, i) => `XC-${i + 1}`);
const TENANTS = ['', 'banglalink', 'robi'];

/** Alternating on/off transitions on whole minutes from START to beyond NOW (on-phases of up to `maxOn` minutes). */
function history(
  rand: () => number,
  site: string,
  name: string,
  tenant: string,
  maxOn: number,
  maxOff: number,
) {
  const list: Tr[] = [];
  let t = START + Math.floor(rand() * 600) * MIN;
  let active = rand() < 0.5;
  while (t < NOW + DAY) {
    list.push({ site, name, tenant, time: t, active });
    t += (1 + Math.floor(rand() * (active ? maxOn : maxOff))) * MIN;
    active = !active;
  }
  return list;
}

/** Whether `name` is active at minute `m` for any of the transition lists (latest transition ≤ m). */
function activeAt(lists: Tr[][], m: number): boolean {
  return lists.some((list) => {
    let state = false;
    for (const tr of list) {
      if (tr.time > m) break;
      state = tr.active;
    }
    return state;
  });
}

let t: TestServer;
const generated: Tr[] = [];

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  const rand = rng(15);
  for (const site of SITES) {
    await buildSite(t.pool, { uid: site, tenants: ['banglalink', 'robi'] });
    for (const tenant of TENANTS) generated.push(...history(rand, site, 'mains_fail', tenant, 300, 900));
    generated.push(...history(rand, site, 'dg_power', '', 240, 1200));
    generated.push(...history(rand, site, 'pg_power', '', 120, 2000));
    generated.push(...history(rand, site, 'device_offline', '', 90, 4000));
  }
  const stored = generated.filter((g) => g.time < NOW); // nothing is recorded after now
  await t.pool.query(
    `insert into events (site_uid, name, tenant, time, active, event_group)
     select * , 'RMS' from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[])`,
    [
      stored.map((g) => g.site),
      stored.map((g) => g.name),
      stored.map((g) => g.tenant),
      stored.map((g) => new Date(g.time)),
      stored.map((g) => g.active),
    ],
  );
});
afterAll(async () => {
  await t?.close();
});

/** Minute-by-minute figures of one site: minutes active while reporting, gap minutes, starts. */
function expected(site: string, name: string) {
  const of = (n: string) => {
    const byTenant = new Map<string, Tr[]>();
    for (const g of generated.filter((x) => x.site === site && x.name === n && x.time < NOW)) {
      byTenant.set(g.tenant, [...(byTenant.get(g.tenant) ?? []), g]);
    }
    return [...byTenant.values()];
  };
  const lists = of(name);
  const gaps = of('device_offline');
  let active = 0;
  let gap = 0;
  let starts = 0;
  let before = activeAt(lists, FROM - MIN);
  for (let m = FROM; m < NOW; m += MIN) {
    const on = activeAt(lists, m);
    const off = activeAt(gaps, m);
    if (off) gap += 1;
    if (on && !off) active += 1;
    if (on && !before && m > FROM) starts += 1;
    before = on;
  }
  return { active, gap, starts };
}

const query = `from_time=${new Date(FROM).toISOString()}&until_time=${new Date(UNTIL).toISOString()}`;
const get = async (path: string) =>
  (await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: await t.auth('ktbl') })).json();

describe('analytics cross-check', () => {
  it('mains outage minutes, outages and availability equal the minute-by-minute count', async () => {
    const body = await get('/analytics/mains-report');
    expect(body.period.end).toBe(new Date(NOW).toISOString());
    // The demo fleet is there too (no events in this period): the generated sites are checked.
    const rows = body.sites.filter((s: { siteUid: string }) => SITES.includes(s.siteUid));
    expect(rows.map((s: { siteUid: string }) => s.siteUid)).toEqual(SITES);
    let outTotal = 0;
    let possibleTotal = 0;
    for (const row of rows) {
      const e = expected(row.siteUid, 'mains_fail');
      const elapsed = (NOW - FROM) / MIN;
      expect(row.outageMinutes).toBe(e.active);
      expect(row.gapMinutes).toBe(e.gap);
      expect(row.possibleMinutes).toBe(elapsed - e.gap);
      expect(row.outageCount).toBe(e.starts);
      expect(row.availabilityPct).toBe(availabilityPercent(e.active, elapsed - e.gap));
      outTotal += e.active;
      possibleTotal += elapsed - e.gap;
    }
    // The generated history is not trivial: outages, gaps and outages inside gaps all occur.
    expect(rows.every((r: { outageMinutes: number }) => r.outageMinutes > 0)).toBe(true);
    expect(rows.some((r: { gapMinutes: number }) => r.gapMinutes > 0)).toBe(true);
    for (const row of body.sites.filter((s: { siteUid: string }) => !SITES.includes(s.siteUid))) {
      outTotal += row.outageMinutes;
      possibleTotal += row.possibleMinutes;
    }
    expect(body.totals.outageMinutes).toBe(outTotal);
    expect(body.totals.availabilityPct).toBe(availabilityPercent(outTotal, possibleTotal));
    // The per-day chart adds up to the same outage minutes.
    const dayOut = body.days.reduce((s: number, d: { outageMinutes: number }) => s + d.outageMinutes, 0);
    expect(Math.round(dayOut * 100) / 100).toBe(outTotal);
  });

  it('DG and PG run hours and starts equal the minute-by-minute count', async () => {
    const body = await get('/analytics/dg-report');
    const rows = body.sites.filter((s: { siteUid: string }) => SITES.includes(s.siteUid));
    expect(rows).toHaveLength(SITES.length);
    for (const row of rows) {
      const dg = expected(row.siteUid, 'dg_power');
      const pg = expected(row.siteUid, 'pg_power');
      expect(row.dgRunHours).toBe(Math.round((dg.active / 60) * 100) / 100);
      expect(row.pgRunHours).toBe(Math.round((pg.active / 60) * 100) / 100);
      expect(row.dgStarts).toBe(dg.starts);
      expect(row.pgStarts).toBe(pg.starts);
      expect(row.gapMinutes).toBe(dg.gap);
    }
    // Some generated DG is running at now: the report says so.
    const running = SITES.filter((s) =>
      activeAt([generated.filter((g) => g.site === s && g.name === 'dg_power' && g.time < NOW)], NOW - MIN),
    );
    expect(
      body.sites
        .filter((r: { dgRunning: boolean }) => r.dgRunning)
        .map((r: { siteUid: string }) => r.siteUid),
    ).toEqual(running);
  });
});
