/**
 * The two one-site availability calls per Asia/Dhaka day (docs/decisions/availability-from-daily-rollups.md):
 * `/mains/analytics/availability` (the worst event tenant's mains-off time, docs/decisions/mains-over-tenants.md)
 * and `/battery/analytics/availability` (on battery, down, and both). One definition of each figure,
 * used by the jobs role's daily rollup and by the raw computation of a day not rolled (today, a new
 * site). Time inside a data gap counts in none of them (docs/requirements.md#down-offline-rule).
 */
import { clip, type Interval, intersect, totalMs } from './intervals.ts';

/** A state transition of one event tenant (epoch ms). */
export interface StateTransition {
  at: number;
  active: boolean;
}

/** One event tenant's mains over a day [from, until). */
export interface MainsTenantDay {
  /** Mains off outside gaps (ms). */
  offMs: number;
  /** Outages begun by a transition after `from`. */
  outages: number;
  /** An outage begun by a transition exactly at `from` (a start, unlike one running in). */
  startsAtFrom: boolean;
}

/** Time of `list` outside the gaps. */
export function outsideGapsMs(list: readonly Interval[], gaps: readonly Interval[]): number {
  return totalMs(list) - totalMs(intersect(list, gaps));
}

/**
 * An event tenant's mains over [from, until) from its state at `from` and its transitions in
 * [from, until) in time order; `gaps` are the site's data gaps (any range: they are clipped).
 */
export function mainsTenantDay(
  initiallyOn: boolean,
  transitions: readonly StateTransition[],
  gaps: readonly Interval[],
  from: number,
  until: number,
): MainsTenantDay {
  // periodsFromTransitions' walk, remembering which periods a transition began (not the state at `from`).
  const runs: { s: number; e: number; started: boolean }[] = [];
  let since: number | null = initiallyOn ? from : null;
  let started = false;
  for (const t of transitions) {
    if (t.active && since === null) {
      since = t.at;
      started = true;
    }
    if (!t.active && since !== null) {
      runs.push({ s: since, e: t.at, started });
      since = null;
    }
  }
  if (since !== null) runs.push({ s: since, e: until, started });
  const periods = runs.filter((r) => r.e > r.s);
  return {
    offMs: outsideGapsMs(
      periods.map((r) => [r.s, r.e] as const),
      clip(gaps, from, until),
    ),
    outages: periods.filter((r) => r.s > from).length,
    startsAtFrom: periods.some((r) => r.s === from && r.started),
  };
}

/**
 * The mains figure of a day: the worst visible event tenant (most off time, then most outages).
 * `countStartAtFrom`: false on the first day of a request, where an outage at its very start is not
 * counted (it cannot be told from one running in).
 */
export function worstMainsTenant(
  tenants: readonly MainsTenantDay[],
  countStartAtFrom: boolean,
): { ms: number; outages: number } {
  let worst = { ms: 0, outages: 0 };
  for (const t of tenants) {
    const outages = t.outages + (countStartAtFrom && t.startsAtFrom ? 1 : 0);
    if (t.offMs > worst.ms || (t.offMs === worst.ms && outages > worst.outages)) {
      worst = { ms: t.offMs, outages };
    }
  }
  return worst;
}

/** A site's battery day: on battery, down, and down while on battery, each outside gaps (ms). */
export interface BatteryDay {
  onMs: number;
  downMs: number;
  bothMs: number;
}

/**
 * The battery figures of [from, until): `onBattery` the on-battery periods (visible tenants, united),
 * `down` the site's down periods, `gaps` its data gaps (all clipped here).
 */
export function batteryDay(
  onBattery: readonly Interval[],
  down: readonly Interval[],
  gaps: readonly Interval[],
  from: number,
  until: number,
): BatteryDay {
  const on = clip(onBattery, from, until);
  const downIn = clip(down, from, until);
  const dayGaps = clip(gaps, from, until);
  return {
    onMs: outsideGapsMs(on, dayGaps),
    downMs: outsideGapsMs(downIn, dayGaps),
    bothMs: outsideGapsMs(intersect(on, downIn), dayGaps),
  };
}
