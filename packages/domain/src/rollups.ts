/**
 * Rollups and late data (docs/requirements.md#late-data): which stored rows make a rolled-up hour or
 * Asia/Dhaka day stale. A rollup covers an hour (a day) once it is over; a reading (an event) stored
 * for an hour (a day) that is already over marks it dirty, and the next rollup run recomputes exactly
 * the marked ones, however late they came.
 */
import { DHAKA_OFFSET_MS, dhakaDate } from './date-ranges.ts';
import { INSTALLED_TENANTS, TENANTS } from './tenants.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * How long after an hour ends the rollup waits before rolling it up: rows of that hour still being
 * committed by ingest (a batch built before the hour ended) land first. Readings later than that are
 * marked dirty by ingest.
 */
export const ROLLUP_SETTLE_MS = 30_000;

/** Start of the UTC hour holding `t` (epoch ms); hours are the same in Asia/Dhaka (a whole-hour offset). */
export function hourStartOf(t: number): number {
  return Math.floor(t / HOUR_MS) * HOUR_MS;
}

/** Start (epoch ms) of the Asia/Dhaka day holding `t`. */
export function dhakaDayStartOf(t: number): number {
  return Math.floor((t + DHAKA_OFFSET_MS) / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS;
}

/** True when a reading of time `ts`, stored at `now`, is for an hour already over (the hour is dirty). */
export function isLateForHour(ts: number, now: number): boolean {
  return ts < hourStartOf(now);
}

/** True when an event of time `time`, stored at `now`, is for an Asia/Dhaka day already over. */
export function isLateForDay(time: number, now: number): boolean {
  return time < dhakaDayStartOf(now);
}

/** The distinct dirty hours of rows stored at `now` (on-time rows cost one comparison each). */
export function lateHours<T>(rows: readonly T[], key: (r: T) => string, ts: (r: T) => number, now: number) {
  const cut = hourStartOf(now);
  const out = new Map<string, { key: string; hour: number }>();
  for (const r of rows) {
    const t = ts(r);
    if (t >= cut) continue;
    const hour = hourStartOf(t);
    const k = key(r);
    out.set(`${k}\u0000${hour}`, { key: k, hour });
  }
  return [...out.values()];
}

/** The distinct dirty Asia/Dhaka days (`YYYY-MM-DD`) of rows stored at `now`. */
export function lateDays<T>(rows: readonly T[], key: (r: T) => string, time: (r: T) => number, now: number) {
  const cut = dhakaDayStartOf(now);
  const out = new Map<string, { key: string; start: number }>();
  for (const r of rows) {
    const t = time(r);
    if (t >= cut) continue;
    const start = dhakaDayStartOf(t);
    const k = key(r);
    out.set(`${k}\u0000${start}`, { key: k, start });
  }
  return [...out.values()].map((d) => ({ key: d.key, day: dhakaDate(new Date(d.start)) }));
}

/**
 * The state events the daily rollup keeps per site, tenant view and Asia/Dhaka day (key → event
 * name): minutes active while the device reported, minutes active inside gaps, starts.
 */
export const DAILY_STATE_EVENTS = {
  mains: 'mains_fail',
  dg: 'dg_power',
  pg: 'pg_power',
  bat: 'battery_power',
  hot: 'high_temperature',
  down: 'site_down',
} as const;
/** One state kept by the daily rollup. */
export type DailyStateKey = keyof typeof DAILY_STATE_EVENTS;

/**
 * The tenant views the daily rollup is kept for: the allowed tenants a report's events are read with
 * (the caller's allowed tenants, or the one `tenant` chosen). The default allowed set (the installed
 * tenants), every operator, and each operator alone. A report for another set reads raw events.
 */
export function rollupViews(): string[][] {
  return [[...INSTALLED_TENANTS], [...TENANTS], ...TENANTS.map((t) => [t])];
}

/** The key of a tenant view: the allowed tenants sorted, comma-joined. */
export function rollupViewKey(allowed: readonly string[]): string {
  return [...new Set(allowed)].sort().join(',');
}

/** The rollup view of a report's allowed tenants, or null when none is kept for that set. */
export function rollupViewOf(allowed: readonly string[]): string | null {
  const key = rollupViewKey(allowed);
  return rollupViews().some((v) => rollupViewKey(v) === key) ? key : null;
}

/**
 * An event's figures over one piece of a report window (a partial day at an edge, or a run of whole
 * rolled-up days): active ms, active ms inside gaps, periods starting after the piece's start, and
 * whether a period is active at the piece's start (`lead`) and at its end (`open`).
 */
export interface PieceSummary {
  ms: number;
  gapMs: number;
  starts: number;
  lead: boolean;
  open: boolean;
}

/**
 * The figures of a window from its pieces, in time order (contiguous): times add up; a period
 * crossing a boundary is one period, so a piece's `lead` is a start only when the piece before was
 * not `open` at the boundary. The same result as computing the whole window at once.
 */
export function combinePieces(pieces: readonly PieceSummary[]): PieceSummary {
  const out: PieceSummary = { ms: 0, gapMs: 0, starts: 0, lead: false, open: false };
  pieces.forEach((p, i) => {
    out.ms += p.ms;
    out.gapMs += p.gapMs;
    out.starts += p.starts;
    if (i === 0) out.lead = p.lead;
    else if (p.lead && !(pieces[i - 1] as PieceSummary).open) out.starts += 1;
    out.open = p.open;
  });
  return out;
}

/**
 * Compressed telemetry history (docs/requirements.md#compressed-history): telemetry older than this
 * many days is kept packed per device and Asia/Dhaka day (the default of TELEMETRY_COMPRESS_AFTER_DAYS).
 */
export const TELEMETRY_COMPRESS_AFTER_DAYS = 7;

/**
 * The last Asia/Dhaka day (`YYYY-MM-DD`) whose every reading is at least `afterDays` days old at `now`
 * (the newest day the compression may pack): the day before the one holding `now - afterDays` days.
 */
export function lastCompressibleDay(now: number, afterDays: number): string {
  return dhakaDate(new Date(dhakaDayStartOf(now - afterDays * DAY_MS) - DAY_MS));
}
