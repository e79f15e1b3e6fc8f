/**
 * Rollups and late data (docs/requirements.md#late-data): which stored rows make a rolled-up hour or
 * Asia/Dhaka day stale. A rollup covers an hour (a day) once it is over; a reading (an event) stored
 * for an hour (a day) that is already over marks it dirty, and the next rollup run recomputes exactly
 * the marked ones, however late they came.
 */
import { DHAKA_OFFSET_MS, dhakaDate } from './date-ranges.ts';

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

/** The distinct dirty hours (`${key}\u0000${hourMs}`) of rows stored at `now`. */
export function lateHours<T>(rows: readonly T[], key: (r: T) => string, ts: (r: T) => number, now: number) {
  const out = new Map<string, { key: string; hour: number }>();
  for (const r of rows) {
    const t = ts(r);
    if (!isLateForHour(t, now)) continue;
    const hour = hourStartOf(t);
    const k = key(r);
    out.set(`${k}\u0000${hour}`, { key: k, hour });
  }
  return [...out.values()];
}

/** The distinct dirty Asia/Dhaka days (`YYYY-MM-DD`) of rows stored at `now`. */
export function lateDays<T>(rows: readonly T[], key: (r: T) => string, time: (r: T) => number, now: number) {
  const out = new Map<string, { key: string; day: string }>();
  for (const r of rows) {
    const t = time(r);
    if (!isLateForDay(t, now)) continue;
    const day = dhakaDate(new Date(t));
    const k = key(r);
    out.set(`${k}\u0000${day}`, { key: k, day });
  }
  return [...out.values()];
}
