/**
 * Set-based interval SQL of the analytics reports (docs/requirements.md#analytics): from the events'
 * on/off transitions, the periods during which an event was active per site (all visible tenants
 * united), clipped to [from, end), and their overlap with the site's device-offline gaps. One query
 * answers a whole fleet: no per-site query. Needs a `scoped` CTE (site uid) before these.
 */
import type { SqlParams } from '../../kernel/scope/sql-scope.ts';
import { firstRecordSql } from '../../kernel/time-series/index.ts';

/** One report window: [from, end) and how far back the start state is looked for. */
export interface ReportWindow {
  from: Date;
  end: Date;
  lookback: Date;
  /** A partial day at a rolled report's edge: its start state from the daily rollup (see {@link EdgeStart}). */
  open?: EdgeStart;
}

/**
 * Where the edge of a rolled report window starts (analytics-rolled.ts): the transitions are read from
 * `readFrom` (the Asia/Dhaka start of the window's first day, at or before its `from`) and the state at
 * `readFrom` is `site_daily`'s `<x>_end_open` of the rolled `day` before it, tenant view `view` — one row
 * per site instead of one index descent per site, tenant and event. Sites without such a row (null:
 * rolled before the column existed) look their state up in events as without it.
 */
export interface EdgeStart {
  readFrom: Date;
  day: string;
  view: string;
}

/** Placeholders of one report window: its start, its end (until, or now) and the state lookback. */
export interface WindowParams {
  from: string;
  end: string;
  lookback: string;
  /**
   * A table of each site's, tenant's and event name's last transition before `from` (over at least the
   * lookback), read instead of one index descent per site, tenant and name for every query: the daily
   * rollup builds it once per day for all its views (daily-rollup.ts `rollup_starts`).
   */
  starts?: string;
  /** Placeholders of an {@link EdgeStart}. */
  open?: { readFrom: string; day: string; view: string };
}

/** Adds a window's instants (and its edge start) to `p`, typed for SQL. */
export function windowParams(
  p: SqlParams,
  from: Date,
  end: Date,
  lookback: Date,
  open?: EdgeStart,
): WindowParams {
  return {
    from: `${p.add(from)}::timestamptz`,
    end: `${p.add(end)}::timestamptz`,
    lookback: `${p.add(lookback)}::timestamptz`,
    ...(open
      ? {
          open: {
            readFrom: `${p.add(open.readFrom)}::timestamptz`,
            day: `${p.add(open.day)}::date`,
            view: `${p.add(open.view)}::text`,
          },
        }
      : {}),
  };
}

const ms = (expr: string) => `(extract(epoch from ${expr}) * 1000)::float8`;

/**
 * CTEs ending in `${x}_isl (site_uid, s, e)`: the united active periods of event `name` of the scoped
 * sites. A transition's period lasts until the next transition of the same site and tenant (or the
 * window's end: a period still running counts up to now). The state at the start is each tenant's
 * (the site's tenants and '') last transition before it, within the lookback: one index descent each
 * (migration 0570), or a row of `w.starts`. `tenantCond` (on `ev.tenant`, `ev.name`) applies the tenant
 * rule. With `w.open`, `x` is also the state's name in `site_daily` (its `<x>_end_open`), and a CTE
 * `${x}_st` comes first.
 */
export function islandsSql(x: string, name: string, w: WindowParams, tenantCond: string | null): string {
  const cond = tenantCond ? `and ${tenantCond}` : '';
  const readFrom = w.open?.readFrom ?? w.from;
  const descents = (sites: string) => `select ev.site_uid, ev.tenant, ev.time, ev.id, ev.active
             from ${sites} cross join unnest(st.tenants || array['']::text[]) as tn(t)
             cross join lateral (
               select ev.site_uid, ev.tenant, ev.time, ev.id, ev.active from events ev
                where ev.site_uid = st.uid and ev.name = ${name} and ev.tenant = tn.t
                  and ev.time >= ${w.lookback} and ev.time < ${readFrom} ${cond}
                order by ev.time desc, ev.id desc limit 1) ev`;
  const rolled = w.open
    ? // Each site's rolled end state, read once (null: no row, or one rolled before the column); a
      // join, not a subquery per site: over a whole fleet one range of the day's primary key.
      `${x}_st as (
    select scoped.uid, scoped.tenants, d.${x}_end_open as open
      from scoped left join site_daily d
        on d.day = ${w.open.day} and d.view = ${w.open.view} and d.site_uid = scoped.uid),
  `
    : '';
  return `${rolled}${x}_ev as (
    select ev.site_uid, ev.tenant, ev.time, ev.id, ev.active
      from events ev join scoped on scoped.uid = ev.site_uid
     where ev.name = ${name} and ev.time >= ${readFrom} and ev.time < ${w.end} ${cond}
    union all
    ${
      w.starts
        ? `select ev.site_uid, ev.tenant, ev.time, ev.id, ev.active
             from ${w.starts} ev join scoped on scoped.uid = ev.site_uid
            where ev.name = ${name} and ev.time >= ${w.lookback} ${cond}`
        : w.open
          ? // The rolled day's end state, as transitions just before readFrom (the rollup kept the
            // tenant rule's tenants only); the descents for sites without it.
            `select st.uid, o.t, ${readFrom} - interval '1 millisecond', 0::bigint, true
               from ${x}_st st cross join unnest(st.open) as o(t)
             union all
             ${descents(`(select uid, tenants from ${x}_st where open is null) st`)}`
          : descents('scoped st')
    }),
  ${x}_tr as (
    select site_uid, active, time as s,
           coalesce(lead(time) over (partition by site_uid, tenant order by time, id), ${w.end}) as e
      from ${x}_ev),
  ${x}_cl as (
    select site_uid, greatest(s, ${w.from}) as s, least(e, ${w.end}) as e from ${x}_tr
     where active and e > ${w.from} and s < ${w.end}),
  ${x}_ord as (
    select site_uid, s, e,
           max(e) over (partition by site_uid order by s, e rows between unbounded preceding and 1 preceding) as prev_e
      from ${x}_cl where e > s),
  ${x}_grp as (
    select site_uid, s, e,
           sum(case when prev_e is null or s > prev_e then 1 else 0 end)
             over (partition by site_uid order by s, e rows unbounded preceding) as g
      from ${x}_ord),
  ${x}_isl as (select site_uid, min(s) as s, max(e) as e from ${x}_grp group by site_uid, g)`;
}

/**
 * CTE `${x}_end (site_uid, tenants)`, after {@link islandsSql} of the same `x` over a day: the tenants
 * whose last transition at the window's end is active and at or after `nextLookback` (the lookback of
 * the next day's start): the state the next day starts with (`site_daily.<x>_end_open`).
 */
export function endOpenSql(x: string, nextLookback: string): string {
  return `${x}_end as (
    select site_uid, array_agg(tenant order by tenant) filter (where active and time >= ${nextLookback}) as tenants
      from (select distinct on (site_uid, tenant) site_uid, tenant, active, time from ${x}_ev
             order by site_uid, tenant, time desc, id desc) l
     group by site_uid)`;
}

/**
 * Rows `(site_uid, name, tenant, time, id, active)`: per site of `sites` (a FROM item aliased `s`, with
 * `uid` and `tenants`), tenant of the site and '', and event name of `names` (a text[] expression), the
 * last transition in [lookback, before): one index descent each (the events' per-site index).
 */
export function lastTransitionsSql(sites: string, names: string, lookback: string, before: string): string {
  return `select ev.site_uid, ev.name, ev.tenant, ev.time, ev.id, ev.active
       from ${sites} cross join unnest(s.tenants || array['']::text[]) as tn(t)
       cross join unnest(${names}) as nm(n)
       cross join lateral (
         select ev.site_uid, ev.name, ev.tenant, ev.time, ev.id, ev.active from events ev
          where ev.site_uid = s.uid and ev.name = nm.n and ev.tenant = tn.t
            and ev.time >= ${lookback} and ev.time < ${before}
          order by ev.time desc, ev.id desc limit 1) ev`;
}

/**
 * A CTE body of rows as {@link lastTransitionsSql}'s: the states at `day`'s end (the start of the day
 * after it) of the `scoped` sites, from `site_day_ends` (its active transitions: an inactive state
 * starts no period), and for sites without a row there (rolled before it existed) by index descents
 * for `names` within [lookback, before).
 */
export function dayEndStartsSql(day: string, names: string, lookback: string, before: string): string {
  return `select e.site_uid, o.name, o.tenant, o.time, 0::bigint as id, true as active
      from scoped join site_day_ends e on e.day = ${day} and e.site_uid = scoped.uid
      cross join unnest(e.names, e.tenants, e.times) as o(name, tenant, time)
    union all
    ${lastTransitionsSql(
      `(select scoped.uid, scoped.tenants from scoped
         where not exists (select 1 from site_day_ends e where e.day = ${day} and e.site_uid = scoped.uid)) s`,
      names,
      lookback,
      before,
    )}`;
}

/**
 * CTEs `${x}_og (site_uid, s, e)`: the pieces of `${x}_isl` inside a device-offline gap (`gap_isl`), and
 * `${x}_sum (site_uid, ms, starts, open, lead, gap_ms)`: per site, active ms, periods starting after the
 * window's start, whether one is still active at its end (and at its start), and the active ms inside gaps.
 */
export function summarySql(x: string, w: WindowParams): string {
  return `${x}_og as (
    select a.site_uid, greatest(a.s, g.s) as s, least(a.e, g.e) as e
      from ${x}_isl a join gap_isl g on g.site_uid = a.site_uid and g.s < a.e and g.e > a.s),
  ${x}_ogs as (select site_uid, sum(${ms('e - s')}) as gap_ms from ${x}_og group by site_uid),
  ${x}_sum as (
    select a.*, coalesce(g.gap_ms, 0) as gap_ms from (
      select i.site_uid, sum(${ms('i.e - i.s')}) as ms,
             (count(*) filter (where i.s > ${w.from}))::int as starts, bool_or(i.e >= ${w.end}) as open,
             bool_or(i.s <= ${w.from}) as lead
        from ${x}_isl i group by i.site_uid) a
      left join ${x}_ogs g on g.site_uid = a.site_uid)`;
}

/**
 * CTEs `gap_isl` and `gap_sum (site_uid, ms)`: the time a site did not report, a site fact (no tenant
 * rule). That is its device-offline periods, and the part of the window before the site's first record
 * (its oldest event or its creation, whichever is earlier): a period from before a site reported
 * anything is unknown, not available (docs/decisions/before-first-record-is-a-gap.md). The
 * two never overlap: every offline period starts at an event, so at or after the first record.
 * Needs `scoped.created_at`; the first record is looked up once per site (materialized: it is read
 * twice below), and only for sites created after the window's start.
 */
export function gapsSql(p: SqlParams, w: WindowParams): string {
  return `${islandsSql('off', `${p.add('device_offline')}::text`, w, null)},
  gap_first as materialized (
    select scoped.uid as site_uid,
           case when scoped.created_at <= ${w.from} then scoped.created_at else ${firstRecordSql('scoped')} end as t
      from scoped),
  gap_isl as (
    select site_uid, s, e from off_isl
    union all
    select site_uid, ${w.from} as s, least(t, ${w.end}) as e from gap_first where t > ${w.from}),
  gap_sum as (select site_uid, sum(${ms('e - s')}) as ms from gap_isl group by site_uid)`;
}

/** The figures of one state's summary (`${x}_sum`), its columns `${x}_<field>` (also in `site_daily`). */
export const SUMMARY_FIELDS = ['ms', 'gap_ms', 'starts', 'lead', 'open'] as const;

/** Columns `${x}_ms, ${x}_starts, ${x}_open, ${x}_lead, ${x}_gap_ms` of a `${x}_sum` joined as `${x}`. */
export function summaryColumns(x: string): string {
  return `coalesce(${x}.ms, 0) as ${x}_ms, coalesce(${x}.starts, 0) as ${x}_starts,
          coalesce(${x}.open, false) as ${x}_open, coalesce(${x}.lead, false) as ${x}_lead,
          coalesce(${x}.gap_ms, 0) as ${x}_gap_ms`;
}

/** The per-site figures of one event summary, as the repository returns them (domain PieceSummary). */
export interface SummaryFigures {
  ms: number;
  starts: number;
  open: boolean;
  /** A period is active at the window's start (for joining windows: domain combinePieces). */
  lead: boolean;
  gapMs: number;
}

/** Reads the {@link summaryColumns} of `x` from a row (the daily rollup's columns have the same names). */
export function summaryOf(row: Record<string, unknown>, x: string): SummaryFigures {
  return {
    ms: Number(row[`${x}_ms`] ?? 0),
    starts: Number(row[`${x}_starts`] ?? 0),
    open: row[`${x}_open`] === true,
    lead: row[`${x}_lead`] === true,
    gapMs: Number(row[`${x}_gap_ms`] ?? 0),
  };
}

/** `ms` of an interval expression (exported for the day breakdown). */
export const msOf = ms;
