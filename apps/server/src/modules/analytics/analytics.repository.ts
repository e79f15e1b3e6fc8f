/**
 * SQL of the analytics reports (docs/requirements.md#analytics): one set-based query per report and
 * period over the caller's scoped sites (power-data's `scopedSites`: company, allowed tenants, the
 * chosen customer and tenant), run by analytics-query.ts over raw events or the daily rollups
 * (docs/requirements.md#daily-rollups). Event periods come from analytics-sql.ts; DC load, temperature
 * and battery readings from the hourly and daily pin rollups.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams } from '../../kernel/scope/sql-scope.ts';
import { type FleetFilter, POWER_TYPES, pinsOf, scopedSites } from '../power-data/index.ts';
import {
  createReportQuery,
  EDGES,
  type EdgeRow,
  eventTenants,
  type Row,
  type RowEdges,
} from './analytics-query.ts';
import { pinSumCountSql } from '../../kernel/time-series/index.ts';
import {
  edgeWindow,
  pinDeepSql,
  pinHoursSql,
  planParams,
  planRollup,
  type RollupPlan,
} from './analytics-rolled.ts';
import {
  gapsSql,
  islandsSql,
  msOf,
  type SummaryFigures,
  summaryOf,
  summarySql,
  type ReportWindow,
  type WindowParams,
  windowParams,
} from './analytics-sql.ts';

export type { ReportWindow } from './analytics-sql.ts';

/** The site columns every report row starts with. */
export interface SiteBaseRow {
  uid: string;
  name: string;
  tenants: string[];
  /** The site's settings: read by the battery and temperature reports only (empty in the others). */
  settings: Record<string, unknown>;
  gapMs: number;
}

export interface DgRow extends SiteBaseRow {
  dg: SummaryFigures;
  pg: SummaryFigures;
  loadKw: number | null;
}
export interface MainsRow extends SiteBaseRow {
  out: SummaryFigures;
  /** The site's figures of the window's partial days (null: the raw path answered its row). */
  edges: { before: MainsDayPiece | null; after: MainsDayPiece | null } | null;
}

/** A site's (or the fleet's) mains over one edge window [from, end): outage ms outside gaps, gap ms. */
export interface MainsDayPiece {
  from: number;
  end: number;
  outMs: number;
  gapMs: number;
}

/** The mains pieces of a rolled row's edges (analytics-query.ts EDGES), or null for a raw row. */
function mainsEdges(r: Row): MainsRow['edges'] {
  const edges = r[EDGES] as RowEdges | undefined;
  if (!edges) return null;
  const piece = (e: EdgeRow | null): MainsDayPiece | null =>
    e && {
      from: e.w.from.getTime(),
      end: e.w.end.getTime(),
      outMs: Number(e.row.mains_ms ?? 0) - Number(e.row.mains_gap_ms ?? 0),
      gapMs: Number(e.row.gap_ms ?? 0),
    };
  return { before: piece(edges.before), after: piece(edges.after) };
}
export interface BatteryRow extends SiteBaseRow {
  bat: SummaryFigures;
  capacityAh: number | null;
  volts: number | null;
  meanAmps: number | null;
  deep: number;
  soh: number | null;
}
export interface TemperatureRow extends SiteBaseRow {
  hot: SummaryFigures;
  maxC: number | null;
  meanC: number | null;
}
/** One Asia/Dhaka day of the fleet's mains: outage ms outside gaps, gap ms. */
export interface MainsDayRow {
  i: number;
  outMs: number;
  gapMs: number;
}

/**
 * CTE `dc (site_uid, v, a, deep)`: per site over the window, the mean DC bus voltage and the total mean
 * load current, from per-pin means of the hourly rollups over the window's hours, each from the pin's
 * running totals (two index look-ups a pin, kernel/time-series running-totals.ts; a month of a pin read
 * hour by hour or day by day before: docs/decisions/hourly-running-totals.md); with `deep`, the bus
 * pins' readings at or below 42 V (the battery report; every tenant's bus pins are read with any
 * tenant: pinsOf) from the battery health rollups (pinDeepSql), else null.
 */
function dcMeansSql(
  p: SqlParams,
  w: WindowParams,
  plan: RollupPlan | null,
  tenant: string | undefined,
  deep = false,
): string {
  const le42 = deep
    ? `case when pins.type = 'battery_terminal' then (select sum(d.le_42) from ${pinDeepSql(p, w, plan, 'pins')} d) end`
    : 'null::bigint';
  return `pin_means as (
    select pins.site_uid, pins.type, h.sum / nullif(h.count, 0) as mean, ${le42} as le_42
      from (${pinsOf(p, POWER_TYPES, tenant)}) pins
      cross join lateral ${pinSumCountSql('pins', w.from, w.end)} h),
  dc as (select site_uid, avg(mean) filter (where type = 'battery_terminal') as v,
                sum(mean) filter (where type <> 'battery_terminal') as a,
                sum(le_42) filter (where type = 'battery_terminal') as deep
           from pin_means group by site_uid)`;
}

const base = (r: Record<string, unknown>): SiteBaseRow => ({
  uid: String(r.uid),
  name: String(r.name),
  tenants: (r.tenants as string[]) ?? [],
  settings: (r.settings as Record<string, unknown>) ?? {},
  gapMs: Number(r.gap_ms ?? 0),
});
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function createAnalyticsRepository(db: Queryable) {
  const perSite = createReportQuery(db);

  /** The fleet's mains per day from raw events over `win` (`days[i]` within it). */
  async function mainsRawDays(
    caller: Caller,
    f: FleetFilter,
    win: ReportWindow,
    days: readonly { from: Date; until: Date }[],
  ): Promise<MainsDayRow[]> {
    const p = sqlParams();
    const scoped = scopedSites(caller, p, f);
    const w = windowParams(p, win.from, win.end, win.lookback, win.open);
    const perDay = (t: string) =>
      `select d.i, sum(${msOf('least(t.e, d.de) - greatest(t.s, d.ds)')}) as ms
         from ${t} t join days d on t.s < d.de and t.e > d.ds group by d.i`;
    const { rows } = await db.query<{ i: number; out_ms: number; og_ms: number; gap_ms: number }>(
      `with scoped as (${scoped}), ${gapsSql(p, w)},
       ${islandsSql('mains', `${p.add('mains_fail')}::text`, w, eventTenants(caller, p, f.tenant))},
       ${summarySql('mains', w)},
       days as (select (d.i - 1)::int as i, d.ds, d.de
                  from unnest(${p.add(days.map((d) => d.from))}::timestamptz[],
                              ${p.add(days.map((d) => d.until))}::timestamptz[]) with ordinality as d(ds, de, i)),
       o as (${perDay('mains_isl')}), og as (${perDay('mains_og')}), g as (${perDay('gap_isl')})
       select days.i, coalesce(o.ms, 0) as out_ms, coalesce(og.ms, 0) as og_ms, coalesce(g.ms, 0) as gap_ms
         from days left join o on o.i = days.i left join og on og.i = days.i left join g on g.i = days.i
        order by days.i`,
      p.values,
    );
    return rows.map((r) => ({
      i: r.i,
      outMs: Number(r.out_ms) - Number(r.og_ms),
      gapMs: Number(r.gap_ms),
    }));
  }

  /**
   * The fleet's mains per whole rolled day of `plan` (by the day's start), or null when a scoped site
   * lacks a day's row (a new site: the raw path answers).
   */
  async function mainsRolledDays(caller: Caller, f: FleetFilter, plan: RollupPlan) {
    const p = sqlParams();
    const scoped = scopedSites(caller, p, f);
    const q = planParams(p, plan);
    const { rows } = await db.query<{ day: Date; n: number; sites: number; out_ms: number; gap_ms: number }>(
      `with scoped as (${scoped})
       select d.day::timestamp at time zone 'Asia/Dhaka' as day, count(*)::int as n,
              (select count(*) from scoped)::int as sites,
              sum(d.mains_ms - d.mains_gap_ms) as out_ms, sum(d.gap_ms) as gap_ms
         from site_daily d join scoped on scoped.uid = d.site_uid
        where d.view = ${q.view} and d.day >= ${q.fromDay} and d.day < ${q.untilDay}
        group by d.day`,
      p.values,
    );
    const sites = rows[0]?.sites ?? 0;
    if (rows.length !== plan.days && sites > 0) return null;
    if (rows.some((r) => r.n !== r.sites)) return null;
    return new Map(rows.map((r) => [r.day.getTime(), { outMs: Number(r.out_ms), gapMs: Number(r.gap_ms) }]));
  }

  return {
    /** The uids of the scoped sites, in the order of the per-site rows (a report reads them in batches). */
    async siteUids(caller: Caller, f: FleetFilter): Promise<string[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ uid: string }>(
        `with scoped as (${scopedSites(caller, p, f)}) select uid from scoped order by uid`,
        p.values,
      );
      return rows.map((r) => r.uid);
    },

    /** Per site: DG and PG periods, and the mean DC load (kW) over the window. */
    async dg(caller: Caller, f: FleetFilter, win: ReportWindow): Promise<DgRow[]> {
      const rows = await perSite(caller, f, win, {
        events: [
          ['dg', 'dg_power'],
          ['pg', 'pg_power'],
        ],
        extras: (p, w, plan) => ({
          ctes: [dcMeansSql(p, w, plan, f.tenant)],
          columns: ['dc.v * dc.a / 1000 as load_kw'],
          joins: ['left join dc on dc.site_uid = scoped.uid'],
        }),
      });
      return rows.map((r) => ({
        ...base(r),
        dg: summaryOf(r, 'dg'),
        pg: summaryOf(r, 'pg'),
        loadKw: num(r.load_kw),
      }));
    },

    /** Per site: mains_fail periods (outages). */
    async mains(caller: Caller, f: FleetFilter, win: ReportWindow): Promise<MainsRow[]> {
      const rows = await perSite(caller, f, win, { events: [['mains', 'mains_fail']] });
      return rows.map((r) => ({ ...base(r), out: summaryOf(r, 'mains'), edges: mainsEdges(r) }));
    },

    /**
     * The fleet's mains per day: `days[i]` = [start, end) of a Dhaka day within the window. Whole rolled
     * days from `site_daily` (when every site has its rows), the others from raw events of their edge:
     * an edge that is one day of `days` from `edgeSums` when given (the fleet's sums of the per-site
     * rows' edges, analytics-reports.ts: the same statement's figures, not read twice), else read here.
     */
    async mainsDays(
      caller: Caller,
      f: FleetFilter,
      win: ReportWindow,
      days: readonly { from: Date; until: Date }[],
      edgeSums: Promise<readonly MainsDayPiece[] | null> = Promise.resolve(null),
    ): Promise<MainsDayRow[]> {
      const plan = await planRollup(db, caller, f, win);
      const rolled = plan ? await mainsRolledDays(caller, f, plan) : null;
      if (!plan || !rolled) return mainsRawDays(caller, f, win, days);
      const indexed = days.map((d, i) => ({ ...d, i }));
      const edge = async (w: ReportWindow | null, list: typeof indexed) => {
        if (!w || list.length === 0) return [];
        const day = list.length === 1 ? list[0] : undefined;
        const summed =
          day && day.from.getTime() === w.from.getTime() && day.until.getTime() === w.end.getTime()
            ? (await edgeSums)?.find((s) => s.from === w.from.getTime() && s.end === w.end.getTime())
            : undefined;
        if (day && summed) return [{ i: day.i, outMs: summed.outMs, gapMs: summed.gapMs }];
        const rows = await mainsRawDays(caller, f, edgeWindow(plan, w), list);
        return rows.map((r) => ({ ...r, i: (list[r.i] as { i: number }).i }));
      };
      const from = plan.from.getTime();
      const until = plan.until.getTime();
      const [before, after] = await Promise.all([
        edge(
          plan.before,
          indexed.filter((d) => d.until.getTime() <= from),
        ),
        edge(
          plan.after,
          indexed.filter((d) => d.from.getTime() >= until),
        ),
      ]);
      const whole = indexed
        .filter((d) => d.from.getTime() >= from && d.until.getTime() <= until)
        .map((d) => ({ i: d.i, ...(rolled.get(d.from.getTime()) ?? { outMs: 0, gapMs: 0 }) }));
      return [...before, ...whole, ...after].sort((a, b) => a.i - b.i);
    },

    /** Per site: battery_power periods, capacity, latest bus volts, mean load, deep readings, SOH. */
    async battery(caller: Caller, f: FleetFilter, win: ReportWindow, sohSince: Date): Promise<BatteryRow[]> {
      const rows = await perSite(caller, f, win, {
        events: [['bat', 'battery_power']],
        settings: true,
        extras: (p, w, plan) => ({
          ctes: [
            dcMeansSql(p, w, plan, f.tenant, true),
            `bus as (select pins.site_uid, min(l.value) filter (where l.value >= 0) as v
                       from (${pinsOf(p, ['battery_terminal'], undefined)}) pins
                       join pin_latest l on l.com_id = pins.com_id and l.pin_name = pins.pin_name group by pins.site_uid)`,
            `soh as (select site_uid, min(soh) as soh from (
                       select distinct on (o.site_uid, o.data->>'address') o.site_uid, (o.data->>'soh')::float8 as soh
                         from oem_records o join scoped on scoped.uid = o.site_uid
                        where o.kind = 'bms_measurement' and o.time >= ${p.add(sohSince)}::timestamptz and o.time < ${w.end}
                        order by o.site_uid, o.data->>'address', o.time desc, o.id desc) x group by site_uid)`,
          ],
          columns: [
            'scoped.battery_max',
            'dc.a as mean_amps',
            'bus.v as volts',
            'coalesce(dc.deep, 0)::int as deep',
            'soh.soh',
          ],
          joins: [
            'left join dc on dc.site_uid = scoped.uid',
            'left join bus on bus.site_uid = scoped.uid',
            'left join soh on soh.site_uid = scoped.uid',
          ],
        }),
      });
      return rows.map((r) => ({
        ...base(r),
        bat: summaryOf(r, 'bat'),
        capacityAh: num(r.battery_max),
        volts: num(r.volts),
        meanAmps: num(r.mean_amps),
        deep: Number(r.deep ?? 0),
        soh: num(r.soh),
      }));
    },

    /** Per site: high_temperature periods and the temperature's max and mean over the window. */
    async temperature(caller: Caller, f: FleetFilter, win: ReportWindow): Promise<TemperatureRow[]> {
      const rows = await perSite(caller, f, win, {
        events: [['hot', 'high_temperature']],
        settings: true,
        extras: (p, w, plan) => ({
          ctes: [
            `temps as (select pins.site_uid, max(h.max) as max_c, sum(h.sum) / nullif(sum(h.count), 0) as mean_c
                         from (${pinsOf(p, ['temperature'], undefined)}) pins
                         cross join lateral ${pinHoursSql(p, w, plan, 'pins')} h
                        group by pins.site_uid)`,
          ],
          columns: ['temps.max_c', 'temps.mean_c'],
          joins: ['left join temps on temps.site_uid = scoped.uid'],
        }),
      });
      return rows.map((r) => ({
        ...base(r),
        hot: summaryOf(r, 'hot'),
        maxC: num(r.max_c),
        meanC: num(r.mean_c),
      }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
