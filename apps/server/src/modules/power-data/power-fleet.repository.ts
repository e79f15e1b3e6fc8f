/**
 * SQL of the fleet power calls (docs/requirements.md#power-decisions): rankings over the caller's sites
 * (scoped with siteScope, narrowed by owner company, tenant and search), fleet climate and DG fuel.
 * Long ranges read the hourly rollups; latest values `pin_latest`.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface FleetFilter {
  companyId?: string;
  tenant?: string;
  search?: string;
  siteUid?: string;
  /** Only these sites (analytics: the sites the daily rollup does not cover yet). */
  siteUids?: readonly string[];
}

export interface Page {
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The caller's sites narrowed by the filter, as the body of a `scoped` CTE (analytics reuses it). */
export function scopedSites(caller: Caller, p: SqlParams, f: FleetFilter): string {
  const parts = [siteScope(caller, p, 's')];
  if (f.companyId) parts.push(`s.company_id = ${p.add(f.companyId)}`);
  if (f.tenant) parts.push(`${p.add(f.tenant)} = any(s.tenants)`);
  if (f.siteUid) parts.push(`s.uid = ${p.add(f.siteUid)}`);
  if (f.siteUids) parts.push(`s.uid = any(${p.add([...f.siteUids])}::text[])`);
  if (f.search) {
    const like = p.add(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`(s.name ilike ${like} or s.uid ilike ${like})`);
  }
  return `select s.uid, s.name, s.settings, s.more_details, s.tenants, s.battery_max, s.created_at from sites s where ${parts.join(' and ')}`;
}

/** Distinct pins of the scoped sites of some types (battery terminal: one per tenant → one). */
export function pinsOf(p: SqlParams, types: readonly string[], tenant: string | undefined): string {
  const tenantCond = tenant
    ? `and (pc.tenant is null or pc.tenant = ${p.add(tenant)} or pc.type = 'battery_terminal')`
    : '';
  return `select distinct pc.site_uid, pc.com_id, pc.pin_name, pc.type from pin_configs pc
            join scoped on scoped.uid = pc.site_uid
           where pc.type = any(${p.add([...types])}::text[]) ${tenantCond}`;
}

/** Pin types of the DC power figures: the bus voltage and the load currents. */
export const POWER_TYPES = ['battery_terminal', 'battery_current_critical', 'battery_current_non_critical'];

/** Per site and hour in [from, until): mean bus volts `v` and total mean load amps `a`. */
export function hourlyPowerSql(p: SqlParams, from: Date, until: Date, tenant: string | undefined): string {
  return `select pins.site_uid, h.hour,
                 avg(h.sum / h.count) filter (where pins.type = 'battery_terminal') as v,
                 sum(h.sum / h.count) filter (where pins.type <> 'battery_terminal') as a
            from (${pinsOf(p, POWER_TYPES, tenant)}) pins
            join telemetry_hourly h on h.com_id = pins.com_id and h.pin_name = pins.pin_name
           where h.hour >= ${p.add(from)} and h.hour < ${p.add(until)}
           group by pins.site_uid, h.hour`;
}

export interface RankRow {
  uid: string;
  name: string;
  value: number;
  extra: number | null;
  com_id?: string;
  time?: Date;
  total: string;
}

export function createPowerFleetRepository(db: Queryable) {
  async function ranked(caller: Caller, f: FleetFilter, page: Page, inner: (p: SqlParams) => string) {
    const p = sqlParams();
    const scoped = scopedSites(caller, p, f);
    const body = inner(p);
    const dir = page.order === 'asc' ? 'asc' : 'desc';
    const { rows } = await db.query<RankRow>(
      `with scoped as (${scoped}), ranked as (${body})
       select r.*, count(*) over () as total from ranked r
        order by r.value ${dir}, r.uid limit ${p.add(page.limit)} offset ${p.add(page.offset)}`,
      p.values,
    );
    return rows;
  }

  return {
    /** Energy (kWh, `value`) and mean power (W, `extra`) per site over [from, until). */
    energy(caller: Caller, f: FleetFilter, page: Page, from: Date, until: Date) {
      return ranked(
        caller,
        f,
        page,
        (p) => `select scoped.uid, scoped.name, sum(x.v * x.a) / 1000 as value, avg(x.v * x.a) as extra
                  from (${hourlyPowerSql(p, from, until, f.tenant)}) x join scoped on scoped.uid = x.site_uid
                 where x.v is not null and x.a is not null group by scoped.uid, scoped.name`,
      );
    },

    /** Mean load amps (`value`) and mean power (W, `extra`) per site over [from, until). */
    avgLoad(caller: Caller, f: FleetFilter, page: Page, from: Date, until: Date) {
      return ranked(
        caller,
        f,
        page,
        (p) => `select scoped.uid, scoped.name, avg(x.a) as value, avg(x.v * x.a) as extra
                  from (${hourlyPowerSql(p, from, until, f.tenant)}) x join scoped on scoped.uid = x.site_uid
                 where x.a is not null group by scoped.uid, scoped.name`,
      );
    },

    /** Latest DC bus voltage per site (its lowest battery terminal reading). */
    voltageLast(caller: Caller, f: FleetFilter, page: Page) {
      return ranked(
        caller,
        f,
        page,
        (p) => `select distinct on (scoped.uid) scoped.uid, scoped.name, l.value, null::float8 as extra,
                       l.com_id, l.ts as time
                  from (${pinsOf(p, ['battery_terminal'], undefined)}) pins
                  join scoped on scoped.uid = pins.site_uid
                  join pin_latest l on l.com_id = pins.com_id and l.pin_name = pins.pin_name
                 where l.value >= 0 order by scoped.uid, l.value`,
      );
    },

    /** Mean DC power per site per Dhaka day over [from, until): rows of (day start, W, A). */
    async dailyPower(caller: Caller, f: FleetFilter, from: Date, until: Date) {
      const p = sqlParams();
      const scoped = scopedSites(caller, p, f);
      const { rows } = await db.query<{ day: string; w: number | null; a: number | null; sites: string }>(
        `with scoped as (${scoped}),
         per_site as (
           select x.site_uid, to_char((x.hour at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD') as day, avg(x.v * x.a) as w, avg(x.a) as a
             from (${hourlyPowerSql(p, from, until, f.tenant)}) x group by 1, 2)
         select day, avg(w) as w, avg(a) as a, count(*) as sites from per_site group by day order by day`,
        p.values,
      );
      return rows;
    },

    /** Per site: temperature/humidity latest values and the day's hourly min/max/mean/high hours. */
    /** Rollup hours before `split` (the rollup watermark), raw readings after it. */
    async climate(caller: Caller, f: FleetFilter, from: Date, until: Date, split: Date) {
      const p = sqlParams();
      const scoped = scopedSites(caller, p, f);
      const [fromP, untilP, splitP] = [p.add(from), p.add(until), p.add(split)].map(
        (x) => `${x}::timestamptz`,
      );
      const { rows } = await db.query<ClimateRow>(
        `with scoped as (${scoped}), pins as (${pinsOf(p, ['temperature', 'humidity'], undefined)})
         select scoped.uid, scoped.name, scoped.settings, pins.type, l.value as latest, l.ts as latest_at,
                d.min, d.max, d.avg, d.hours_max
           from pins join scoped on scoped.uid = pins.site_uid
           left join pin_latest l on l.com_id = pins.com_id and l.pin_name = pins.pin_name
           left join lateral (
             select min(h.min) as min, max(h.max) as max, (sum(h.sum::numeric) / nullif(sum(h.count), 0))::float8 as avg,
                    array_agg(h.max) as hours_max
               from (select hr.min, hr.max, hr.sum, hr.count from telemetry_hourly hr
                      where hr.com_id = pins.com_id and hr.pin_name = pins.pin_name
                        and hr.hour >= ${fromP} and hr.hour < least(${untilP}, ${splitP})
                     union all
                     select min(x.v), max(x.v), sum(x.v::numeric)::float8, count(*)
                       from telemetry_values_of(pins.com_id, array[pins.pin_name], greatest(${fromP}, ${splitP}), ${untilP}) x
                      group by date_trunc('hour', x.ts)) h) d on true
          order by scoped.uid`,
        p.values,
      );
      return rows;
    },

    /** DG sites' latest fuel, with run, low-fuel and theft alarms raised now. */
    async fuel(caller: Caller, f: FleetFilter) {
      const p = sqlParams();
      const scoped = scopedSites(caller, p, f);
      const raised = (alarm: string) =>
        `exists (select 1 from alarms a where a.site_uid = scoped.uid and a.alarm_id = '${alarm}'
                   and not a.is_normal and a.is_available)`;
      const { rows } = await db.query<FuelRow>(
        `with scoped as (${scoped})
         select distinct on (scoped.uid) scoped.uid, scoped.name, scoped.settings, scoped.more_details,
                pc.com_id, l.value, l.ts, ${raised('dg_on')} as dg_running,
                ${raised('fuel_theft_suspected')} as theft
           from scoped join pin_configs pc on pc.site_uid = scoped.uid and pc.type = 'dg_fuel'
           join pin_latest l on l.com_id = pc.com_id and l.pin_name = pc.pin_name
          order by scoped.uid, l.ts desc`,
        p.values,
      );
      return rows;
    },
  };
}

export interface ClimateRow {
  uid: string;
  name: string;
  settings: Record<string, unknown>;
  type: 'temperature' | 'humidity';
  latest: number | null;
  latest_at: Date | null;
  min: number | null;
  max: number | null;
  avg: number | null;
  hours_max: number[] | null;
}

export interface FuelRow {
  uid: string;
  name: string;
  settings: Record<string, unknown>;
  more_details: Record<string, unknown>;
  com_id: string;
  value: number;
  ts: Date;
  dg_running: boolean;
  theft: boolean;
}

export type PowerFleetRepository = ReturnType<typeof createPowerFleetRepository>;
