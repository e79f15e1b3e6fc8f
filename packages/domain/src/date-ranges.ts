/**
 * Asia/Dhaka calendar days (UTC+6, no DST) and the dashboard's default date range, with an injected
 * `now` (docs/requirements.md#dhaka-time, docs/requirements.md#constants).
 */

/** Display time zone (docs/requirements.md#dhaka-time). */
export const TIME_ZONE = 'Asia/Dhaka';
/** Offset of Asia/Dhaka from UTC in milliseconds. */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Start (00:00) of an Asia/Dhaka calendar date `YYYY-MM-DD` (UTC+6, no daylight saving). */
export function dhakaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+06:00`);
}

/** End of an Asia/Dhaka calendar date: the next day's 00:00. */
export function dhakaDayEnd(date: string): Date {
  return new Date(dhakaDayStart(date).getTime() + DAY_MS);
}

/** The Asia/Dhaka calendar date (`YYYY-MM-DD`) of an instant. */
export function dhakaDate(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A date range. */
export interface DateRange {
  from: Date;
  until: Date;
}

/**
 * Default dashboard range, "last 7 days plus 6 hours" (docs/requirements.md#dashboard-range). Decision: from is 7 days
 * before now and until is 6 hours after now (the 6 hours cover the Dhaka offset of stored UTC times).
 */
export function defaultDashboardRange(now: Date): DateRange {
  return { from: new Date(now.getTime() - 7 * DAY_MS), until: new Date(now.getTime() + 6 * HOUR_MS) };
}
