/**
 * Reading a report window from the daily rollups (docs/requirements.md#daily-rollups): the whole
 * Asia/Dhaka days the jobs role has rolled up come from `site_daily` / `pin_daily`, the partial days at
 * the edges (and days not rolled yet) from raw events with the same SQL (analytics-sql.ts); the pieces
 * are joined per site by the domain's combinePieces. Used only when the rollup keeps the report's
 * tenant view (domain rollupViewOf); otherwise, and for sites without rows yet, the raw path answers.
 */
import { combinePieces, dhakaDate, dhakaDayStart, dhakaDayStartOf, rollupViewOf } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import type { SqlParams } from '../../kernel/scope/sql-scope.ts';
import { rolledDays } from '../../kernel/time/rolled-days.ts';
import type { FleetFilter } from '../power-data/index.ts';
import {
  type ReportWindow,
  SUMMARY_FIELDS,
  type SummaryFigures,
  type WindowParams,
} from './analytics-sql.ts';

const DAY_MS = 86_400_000;

/** How a window is read: whole rolled days [from, until) and the raw windows before and after them. */
export interface RollupPlan {
  view: string;
  from: Date;
  until: Date;
  days: number;
  /** The rolled days [from, until) the plan was made with. */
  rolled: { from: string; until: string };
  before: ReportWindow | null;
  after: ReportWindow | null;
}

/** The plan of a window, or null when the raw path answers it all (no whole rolled day, no view). */
export async function planRollup(
  db: Queryable,
  caller: Caller,
  f: FleetFilter,
  win: ReportWindow,
): Promise<RollupPlan | null> {
  const view = rollupViewOf(f.tenant ? [f.tenant] : caller.allowedTenants);
  if (view === null) return null;
  const rolled = await rolledDays(db);
  return rolled ? planWindow(view, rolled, win) : null;
}

/** The plan of a window over the rolled days [from, until) of tenant view `view`; null without a whole rolled day. */
export function planWindow(
  view: string,
  rolled: { from: string; until: string },
  win: ReportWindow,
): RollupPlan | null {
  const firstWhole = dhakaDayStartOf(win.from.getTime() + DAY_MS - 1);
  const lastWholeEnd = dhakaDayStartOf(win.end.getTime());
  const from = Math.max(firstWhole, dhakaDayStart(rolled.from).getTime());
  const until = Math.min(lastWholeEnd, dhakaDayStart(rolled.until).getTime());
  if (until <= from) return null;
  const lookback = (t: number) => new Date(t - (win.from.getTime() - win.lookback.getTime()));
  return {
    view,
    from: new Date(from),
    until: new Date(until),
    days: Math.round((until - from) / DAY_MS),
    rolled,
    before:
      from > win.from.getTime() ? { from: win.from, end: new Date(from), lookback: win.lookback } : null,
    after:
      win.end.getTime() > until ? { from: new Date(until), end: win.end, lookback: lookback(until) } : null,
  };
}

/**
 * An edge window of a plan of `site_daily`, starting from the rolled state of the day before its first
 * day when that day is rolled (analytics-sql.ts EdgeStart): the edge then reads its first day's
 * transitions from the day's start on, without an index descent per site, tenant and event for the
 * state at its start.
 */
export function edgeWindow(plan: RollupPlan, w: ReportWindow): ReportWindow {
  const readFrom = dhakaDayStartOf(w.from.getTime());
  const day = dhakaDate(new Date(readFrom - DAY_MS));
  if (day < plan.rolled.from || day >= plan.rolled.until) return w;
  return { ...w, open: { readFrom: new Date(readFrom), day, view: plan.view } };
}

/**
 * Placeholders of a plan's whole days: first day, end day (exclusive), last day, the view, instants.
 * Each is added to `p` when first used (an unused parameter would have no type).
 */
export function planParams(p: SqlParams, plan: RollupPlan) {
  const memo = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    const v = memo.get(key) ?? make();
    memo.set(key, v);
    return v;
  };
  return {
    get fromDay() {
      return once('fromDay', () => `${p.add(dhakaDate(plan.from))}::date`);
    },
    get untilDay() {
      return once('untilDay', () => `${p.add(dhakaDate(plan.until))}::date`);
    },
    get lastDay() {
      return once('lastDay', () => `${p.add(dhakaDate(new Date(plan.until.getTime() - DAY_MS)))}::date`);
    },
    get view() {
      return once('view', () => `${p.add(plan.view)}::text`);
    },
    get from() {
      return once('from', () => `${p.add(plan.from)}::timestamptz`);
    },
    get until() {
      return once('until', () => `${p.add(plan.until)}::timestamptz`);
    },
  };
}

/**
 * CTE `rolled (site_uid, days, gap_ms, <x>_ms, <x>_gap_ms, <x>_starts, <x>_lead, <x>_open…)`: per site
 * the whole days of the plan joined (domain combinePieces, in SQL: a day's lead is a start when the day
 * before was not open).
 */
export function rolledSql(p: SqlParams, plan: RollupPlan, keys: readonly string[]): string {
  const q = planParams(p, plan);
  const lags = keys.map((x) => `lag(d.${x}_open) over (order by d.day) as ${x}_prev`);
  const aggs = keys.map(
    (x) => `sum(${x}_ms) as ${x}_ms, sum(${x}_gap_ms) as ${x}_gap_ms,
      (sum(${x}_starts) + count(*) filter (where ${x}_lead and not coalesce(${x}_prev, true)))::int as ${x}_starts,
      bool_or(${x}_lead) filter (where day = ${q.fromDay}) as ${x}_lead,
      bool_or(${x}_open) filter (where day = ${q.lastDay}) as ${x}_open`,
  );
  // Only the columns read: the covering index (view, site_uid, day) answers it without the table. Per
  // site (lateral): its days come from the index in day order, so neither the window nor the sums
  // sort anything — over a batch of 10,000 sites a join sorted 300,000 rows (to disk) first.
  const cols = ['day', 'gap_ms', ...keys.flatMap((x) => SUMMARY_FIELDS.map((c) => `${x}_${c}`))];
  return `rolled as (
    select scoped.uid as site_uid, r.*
      from scoped cross join lateral (
        select count(*)::int as days, sum(gap_ms) as gap_ms, ${aggs.join(', ')}
          from (select ${cols.map((c) => `d.${c}`).join(', ')}, ${lags.join(', ')}
                  from site_daily d
                 where d.view = ${q.view} and d.site_uid = scoped.uid
                   and d.day >= ${q.fromDay} and d.day < ${q.untilDay}) d) r)`;
}

/** The index condition of one pin (`pin`: the alias of a row with `com_id` and `pin_name`). */
const ofPin = (pin: string) => `com_id = ${pin}.com_id and pin_name = ${pin}.pin_name`;

/**
 * A FROM item of `columns` of pin `pin` over the window: whole rolled days from `pin_daily`, the hours
 * outside them from the hourly table `hourly` (without a plan, the window's hours only: the raw path).
 * Joined per pin (`cross join lateral`): each branch is an index range of that pin, where a join over
 * the union read every row of the month for each batch of 1,000 sites (35 s a batch at 50,000 sites:
 * the full-size benchmark, 2026-12-07); the edges' hours are ranges of their own (one range over the
 * window with the rolled days filtered out read every hour of the month per pin).
 */
function pinRangesSql(
  p: SqlParams,
  w: WindowParams,
  plan: RollupPlan | null,
  pin: string,
  hourly: string,
  columns: string,
): string {
  const hours = (from: string, end: string) =>
    `select ${columns} from ${hourly} where ${ofPin(pin)} and hour >= ${from} and hour < ${end}`;
  if (!plan) return `(${hours(w.from, w.end)})`;
  const q = planParams(p, plan);
  return `(${hours(w.from, q.from)}
    union all
    ${hours(q.until, w.end)}
    union all
    select ${columns} from pin_daily where ${ofPin(pin)} and day >= ${q.fromDay} and day < ${q.untilDay})`;
}

/**
 * `(min, max, sum, count)` of pin `pin`'s hourly rollups over the window ({@link pinRangesSql}). The
 * reports that need a pin's mean only read its running totals instead (kernel/time-series
 * pinSumCountSql).
 */
export const pinHoursSql = (p: SqlParams, w: WindowParams, plan: RollupPlan | null, pin: string) =>
  pinRangesSql(p, w, plan, pin, 'telemetry_hourly', 'min, max, sum, count');

/** `(le_42)`: pin `pin`'s battery health readings at or below 42 V over the window ({@link pinRangesSql}). */
export const pinDeepSql = (p: SqlParams, w: WindowParams, plan: RollupPlan | null, pin: string) =>
  pinRangesSql(p, w, plan, pin, 'battery_health_hourly', 'le_42');

/** A site's figures of one event over the whole window, from its pieces in time order. */
export function joinSummaries(pieces: readonly (SummaryFigures | undefined)[]): SummaryFigures {
  return combinePieces(pieces.filter((x): x is SummaryFigures => x !== undefined));
}
