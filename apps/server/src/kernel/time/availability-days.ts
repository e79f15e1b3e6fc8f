/**
 * The two one-site availability calls per Asia/Dhaka day (docs/decisions/availability-from-daily-rollups.md):
 * the raw figures of a day (site-facts.ts read, the domain's availability-days.ts computed) and the
 * jobs role's daily rollup of the same figures (`site_availability_daily`, `mains_tenant_daily`,
 * `battery_view_daily`, migration 0860), rolled with site_daily and read for whole rolled days.
 */
import {
  type BatteryDay,
  batteryDay,
  clip,
  dhakaDayEnd,
  dhakaDayStart,
  type Interval,
  isEventVisibleForTenants,
  type MainsTenantDay,
  mainsTenantDay,
  rollupViewKey,
  rollupViews,
  totalMs,
  union,
} from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { rolledDays } from './rolled-days.ts';
import {
  periodsIn,
  sitesDownPeriods,
  sitesGaps,
  stateTransitions,
  type TenantTransitions,
  transitionsIn,
} from './site-facts.ts';

const MAINS = 'mains_fail';
const BATTERY = 'battery_power';
const BATCH = 500;

/** A site's raw facts over a range: mains and on-battery transitions per event tenant, gaps, down periods. */
export interface AvailabilityFacts {
  mains: TenantTransitions;
  battery: TenantTransitions;
  gaps: Interval[];
  down: Interval[];
}

/** The raw facts of `uids` over [from, end). */
export async function availabilityFacts(
  db: Queryable,
  uids: readonly string[],
  from: number,
  end: number,
): Promise<Map<string, AvailabilityFacts>> {
  // One after the other: `db` may be the jobs role's transaction client.
  const mains = await stateTransitions(db, uids, MAINS, from, end);
  const battery = await stateTransitions(db, uids, BATTERY, from, end);
  const gaps = await sitesGaps(db, uids, from, end);
  const down = await sitesDownPeriods(db, uids, from, end);
  return new Map(
    uids.map((u) => [
      u,
      {
        mains: mains.get(u) ?? new Map(),
        battery: battery.get(u) ?? new Map(),
        gaps: gaps.get(u) ?? [],
        down: down.get(u) ?? [],
      },
    ]),
  );
}

/** Gap time of [from, until). */
export function gapMsIn(f: AvailabilityFacts, from: number, until: number): number {
  return totalMs(clip(f.gaps, from, until));
}

/** Each event tenant's mains over [from, until). */
export function mainsTenantDays(
  f: AvailabilityFacts,
  from: number,
  until: number,
): Map<string, MainsTenantDay> {
  const out = new Map<string, MainsTenantDay>();
  for (const [tenant, list] of f.mains) {
    const { initiallyOn, within } = transitionsIn(list, from, until);
    out.set(tenant, mainsTenantDay(initiallyOn, within, f.gaps, from, until));
  }
  return out;
}

/** The battery figures of [from, until) with the on-battery periods of the event tenants `visible` keeps. */
export function batteryDayIn(
  f: AvailabilityFacts,
  from: number,
  until: number,
  visible: (tenant: string) => boolean,
): BatteryDay {
  const on: Interval[] = [];
  for (const [tenant, list] of f.battery) if (visible(tenant)) on.push(...periodsIn(list, from, until));
  return batteryDay(union(on), f.down, f.gaps, from, until);
}

/** A rolled day of one site. */
export interface RolledAvailabilityDay {
  gapMs: number;
  downMs: number;
  /** Event tenants with mains off that day (others: none). */
  mains: Map<string, MainsTenantDay>;
  /** Per tenant view (rollupViewKey) with time on battery: on battery and down while on battery. */
  battery: Map<string, { onMs: number; bothMs: number }>;
}

/**
 * The rolled days in [fromDay, untilDay) (`YYYY-MM-DD`) of one site, by day; a day not rolled (outside
 * the rolled days, or without a row: a site new since) is absent.
 */
export async function rolledAvailabilityDays(
  db: Queryable,
  uid: string,
  fromDay: string,
  untilDay: string,
): Promise<Map<string, RolledAvailabilityDay>> {
  const out = new Map<string, RolledAvailabilityDay>();
  const rolled = await rolledDays(db);
  if (!rolled) return out;
  // Only the days the rollup covers: [from, until) of its job state.
  const range = [
    uid,
    fromDay > rolled.from ? fromDay : rolled.from,
    untilDay < rolled.until ? untilDay : rolled.until,
  ];
  const where = 'site_uid = $1 and day >= $2::date and day < $3::date';
  const day = `to_char(day, 'YYYY-MM-DD') as day`;
  const [sites, mains, battery] = await Promise.all([
    db.query<{ day: string; gap_ms: number; down_ms: number }>(
      `select ${day}, gap_ms, down_ms from site_availability_daily where ${where}`,
      range,
    ),
    db.query<{ day: string; tenant: string; off_ms: number; outages: number; starts_at_day_start: boolean }>(
      `select ${day}, tenant, off_ms, outages, starts_at_day_start from mains_tenant_daily where ${where}`,
      range,
    ),
    db.query<{ day: string; view: string; on_ms: number; down_on_ms: number }>(
      `select ${day}, view, on_ms, down_on_ms from battery_view_daily where ${where}`,
      range,
    ),
  ]);
  for (const r of sites.rows) {
    out.set(r.day, { gapMs: r.gap_ms, downMs: r.down_ms, mains: new Map(), battery: new Map() });
  }
  for (const r of mains.rows) {
    out.get(r.day)?.mains.set(r.tenant, {
      offMs: r.off_ms,
      outages: r.outages,
      startsAtFrom: r.starts_at_day_start,
    });
  }
  for (const r of battery.rows) out.get(r.day)?.battery.set(r.view, { onMs: r.on_ms, bothMs: r.down_on_ms });
  return out;
}

/** Recomputes the availability rollup of one day for every site (or `sites`), in batches of sites. */
export async function rollupAvailabilityDay(
  db: Queryable,
  day: string,
  sites?: readonly string[],
): Promise<void> {
  // Only sites that exist (a marked site may have been deleted since).
  const { rows } = await db.query<{ uid: string }>(
    `select uid from sites ${sites ? 'where uid = any($1::text[])' : ''} order by uid`,
    sites ? [sites] : [],
  );
  const uids = rows.map((r) => r.uid);
  const from = dhakaDayStart(day).getTime();
  const until = dhakaDayEnd(day).getTime();
  const views = rollupViews().map((v) => ({
    key: rollupViewKey(v),
    visible: (tenant: string) => isEventVisibleForTenants({ tenant, name: BATTERY }, v),
  }));
  for (let i = 0; i < uids.length; i += BATCH) {
    const batch = uids.slice(i, i + BATCH);
    const facts = await availabilityFacts(db, batch, from, until);
    const siteRows: { uid: string; gapMs: number; downMs: number }[] = [];
    const mainsRows: { uid: string; tenant: string; m: MainsTenantDay }[] = [];
    const batteryRows: { uid: string; view: string; b: BatteryDay }[] = [];
    for (const [uid, f] of facts) {
      const site = batteryDayIn(f, from, until, () => false);
      siteRows.push({ uid, gapMs: gapMsIn(f, from, until), downMs: site.downMs });
      for (const [tenant, m] of mainsTenantDays(f, from, until)) {
        if (m.offMs > 0 || m.outages > 0 || m.startsAtFrom) mainsRows.push({ uid, tenant, m });
      }
      for (const v of views) {
        const b = batteryDayIn(f, from, until, v.visible);
        if (b.onMs > 0) batteryRows.push({ uid, view: v.key, b });
      }
    }
    for (const table of ['site_availability_daily', 'mains_tenant_daily', 'battery_view_daily']) {
      await db.query(`delete from ${table} where site_uid = any($1::text[]) and day = $2::date`, [
        batch,
        day,
      ]);
    }
    await db.query(
      `insert into site_availability_daily (site_uid, day, gap_ms, down_ms)
       select u, $1::date, g, d from unnest($2::text[], $3::float8[], $4::float8[]) as x(u, g, d)`,
      [day, siteRows.map((r) => r.uid), siteRows.map((r) => r.gapMs), siteRows.map((r) => r.downMs)],
    );
    if (mainsRows.length > 0) {
      await db.query(
        `insert into mains_tenant_daily (site_uid, day, tenant, off_ms, outages, starts_at_day_start)
         select u, $1::date, t, m, o, s
           from unnest($2::text[], $3::text[], $4::float8[], $5::int[], $6::boolean[]) as x(u, t, m, o, s)`,
        [
          day,
          mainsRows.map((r) => r.uid),
          mainsRows.map((r) => r.tenant),
          mainsRows.map((r) => r.m.offMs),
          mainsRows.map((r) => r.m.outages),
          mainsRows.map((r) => r.m.startsAtFrom),
        ],
      );
    }
    if (batteryRows.length > 0) {
      await db.query(
        `insert into battery_view_daily (site_uid, day, view, on_ms, down_on_ms)
         select u, $1::date, v, o, b from unnest($2::text[], $3::text[], $4::float8[], $5::float8[]) as x(u, v, o, b)`,
        [
          day,
          batteryRows.map((r) => r.uid),
          batteryRows.map((r) => r.view),
          batteryRows.map((r) => r.b.onMs),
          batteryRows.map((r) => r.b.bothMs),
        ],
      );
    }
  }
}
