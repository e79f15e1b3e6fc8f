/**
 * SQL of the analytics reports (docs/requirements.md#analytics): one set-based query per report and
 * period over the caller's scoped sites (power-data's `scopedSites`: company, allowed tenants, the
 * chosen customer and tenant). Event periods come from analytics-sql.ts; DC load, temperature and
 * battery readings from the hourly rollups (`telemetry_hourly`, `battery_health_hourly`).
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { type FleetFilter, POWER_TYPES, pinsOf, scopedSites } from '../power-data/index.ts';
import {
  gapsSql,
  islandsSql,
  msOf,
  type SummaryFigures,
  summaryColumns,
  summaryOf,
  summarySql,
  type WindowParams,
  windowParams,
} from './analytics-sql.ts';

/** One report window: [from, end) and how far back the start state is looked for. */
export interface ReportWindow {
  from: Date;
  end: Date;
  lookback: Date;
}

/** The site columns every report row starts with. */
export interface SiteBaseRow {
  uid: string;
  name: string;
  tenants: string[];
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

/** The event-tenant condition: the caller's tenant rule, narrowed to `tenant` when one is chosen. */
function eventTenants(caller: Caller, p: SqlParams, tenant: string | undefined): string {
  const narrowed = tenant ? { ...caller, allowedTenants: [tenant] } : caller;
  return tenantScope(narrowed, p, 'ev.tenant', { eventName: 'ev.name' });
}

/**
 * CTE `dc (site_uid, v, a)`: per site over the window, the mean DC bus voltage and the total mean load
 * current, from per-pin means of the hourly rollups (grouped by pin, not by hour: a month of 50,000
 * sites stays one pass over the rollups with a small aggregate).
 */
function dcMeansSql(p: SqlParams, w: WindowParams, tenant: string | undefined): string {
  return `pin_means as (
    select pins.site_uid, pins.type, sum(h.sum) / nullif(sum(h.count), 0) as mean
      from (${pinsOf(p, POWER_TYPES, tenant)}) pins
      join telemetry_hourly h on h.com_id = pins.com_id and h.pin_name = pins.pin_name
     where h.hour >= ${w.from} and h.hour < ${w.end}
     group by pins.site_uid, pins.com_id, pins.pin_name, pins.type),
  dc as (select site_uid, avg(mean) filter (where type = 'battery_terminal') as v,
                sum(mean) filter (where type <> 'battery_terminal') as a
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
  /** Runs `with scoped, gaps, <ctes> select <cols> from scoped <joins>` for one window. */
  async function perSite(
    caller: Caller,
    f: FleetFilter,
    win: ReportWindow,
    build: (p: SqlParams, w: WindowParams) => { ctes: string[]; columns: string[]; joins: string[] },
  ): Promise<Record<string, unknown>[]> {
    const p = sqlParams();
    const scoped = scopedSites(caller, p, f);
    const w = windowParams(p, win.from, win.end, win.lookback);
    const q = build(p, w);
    const { rows } = await db.query<Record<string, unknown>>(
      `with scoped as (${scoped}), ${gapsSql(p, w)}, ${q.ctes.join(',\n')}
       select scoped.uid, scoped.name, scoped.tenants, scoped.settings, coalesce(gap_sum.ms, 0) as gap_ms,
              ${q.columns.join(', ')}
         from scoped left join gap_sum on gap_sum.site_uid = scoped.uid ${q.joins.join(' ')}
        order by scoped.uid`,
      p.values,
    );
    return rows;
  }

  /** CTEs and columns of one event summary `x` over `names`. */
  function eventPart(p: SqlParams, w: WindowParams, x: string, name: string, tenantCond: string | null) {
    return {
      ctes: [islandsSql(x, `${p.add(name)}::text`, w, tenantCond), summarySql(x, w)],
      columns: [summaryColumns(x)],
      joins: [`left join ${x}_sum ${x} on ${x}.site_uid = scoped.uid`],
    };
  }

  const merge = (...parts: { ctes: string[]; columns: string[]; joins: string[] }[]) => ({
    ctes: parts.flatMap((x) => x.ctes),
    columns: parts.flatMap((x) => x.columns),
    joins: parts.flatMap((x) => x.joins),
  });

  return {
    /** Per site: DG and PG periods, and the mean DC load (kW) over the window. */
    async dg(caller: Caller, f: FleetFilter, win: ReportWindow): Promise<DgRow[]> {
      const rows = await perSite(caller, f, win, (p, w) => {
        const tenants = eventTenants(caller, p, f.tenant);
        const load = {
          ctes: [dcMeansSql(p, w, f.tenant)],
          columns: ['dc.v * dc.a / 1000 as load_kw'],
          joins: ['left join dc on dc.site_uid = scoped.uid'],
        };
        return merge(
          eventPart(p, w, 'dg', 'dg_power', tenants),
          eventPart(p, w, 'pg', 'pg_power', tenants),
          load,
        );
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
      const rows = await perSite(caller, f, win, (p, w) =>
        eventPart(p, w, 'out', 'mains_fail', eventTenants(caller, p, f.tenant)),
      );
      return rows.map((r) => ({ ...base(r), out: summaryOf(r, 'out') }));
    },

    /** The fleet's mains per day: `days[i]` = [start, end) of a Dhaka day within the window. */
    async mainsDays(
      caller: Caller,
      f: FleetFilter,
      win: ReportWindow,
      days: readonly { from: Date; until: Date }[],
    ): Promise<MainsDayRow[]> {
      const p = sqlParams();
      const scoped = scopedSites(caller, p, f);
      const w = windowParams(p, win.from, win.end, win.lookback);
      const clip = (t: string) =>
        `select d.i, sum(${msOf('least(t.e, d.de) - greatest(t.s, d.ds)')}) as ms
           from ${t} t join days d on t.s < d.de and t.e > d.ds group by d.i`;
      const { rows } = await db.query<{ i: number; out_ms: number; og_ms: number; gap_ms: number }>(
        `with scoped as (${scoped}), ${gapsSql(p, w)},
         ${islandsSql('out', `${p.add('mains_fail')}::text`, w, eventTenants(caller, p, f.tenant))},
         ${summarySql('out', w)},
         days as (select (d.i - 1)::int as i, d.ds, d.de
                    from unnest(${p.add(days.map((d) => d.from))}::timestamptz[],
                                ${p.add(days.map((d) => d.until))}::timestamptz[]) with ordinality as d(ds, de, i)),
         o as (${clip('out_isl')}), og as (${clip('out_og')}), g as (${clip('gap_isl')})
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
    },

    /** Per site: battery_power periods, capacity, latest bus volts, mean load, deep readings, SOH. */
    async battery(caller: Caller, f: FleetFilter, win: ReportWindow, sohSince: Date): Promise<BatteryRow[]> {
      const rows = await perSite(caller, f, win, (p, w) => {
        const extra = {
          ctes: [
            dcMeansSql(p, w, f.tenant),
            `bus as (select pins.site_uid, min(l.value) filter (where l.value >= 0) as v
                       from (${pinsOf(p, ['battery_terminal'], undefined)}) pins
                       join pin_latest l on l.com_id = pins.com_id and l.pin_name = pins.pin_name group by pins.site_uid)`,
            `deep as (select pins.site_uid, sum(h.le_42)::int as n
                        from (${pinsOf(p, ['battery_terminal'], undefined)}) pins
                        join battery_health_hourly h on h.com_id = pins.com_id and h.pin_name = pins.pin_name
                       where h.hour >= ${w.from} and h.hour < ${w.end} group by pins.site_uid)`,
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
            'coalesce(deep.n, 0) as deep',
            'soh.soh',
          ],
          joins: [
            'left join dc on dc.site_uid = scoped.uid',
            'left join bus on bus.site_uid = scoped.uid',
            'left join deep on deep.site_uid = scoped.uid',
            'left join soh on soh.site_uid = scoped.uid',
          ],
        };
        return merge(eventPart(p, w, 'bat', 'battery_power', eventTenants(caller, p, f.tenant)), extra);
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
      const rows = await perSite(caller, f, win, (p, w) => {
        const temps = {
          ctes: [
            `temps as (select pins.site_uid, max(h.max) as max_c, sum(h.sum) / nullif(sum(h.count), 0) as mean_c
                         from (${pinsOf(p, ['temperature'], undefined)}) pins
                         join telemetry_hourly h on h.com_id = pins.com_id and h.pin_name = pins.pin_name
                        where h.hour >= ${w.from} and h.hour < ${w.end} group by pins.site_uid)`,
          ],
          columns: ['temps.max_c', 'temps.mean_c'],
          joins: ['left join temps on temps.site_uid = scoped.uid'],
        };
        return merge(eventPart(p, w, 'hot', 'high_temperature', eventTenants(caller, p, f.tenant)), temps);
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
