/**
 * Default date ranges of charts, the dashboard and reports, with an injected `now`
 * (platform-core §4, §9; feature-areas §9). Calendar maths is done in Asia/Dhaka (UTC+6, no DST).
 */

/** Display time zone (platform-core §1). */
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

/** Zoom of a day in minutes: the default chart resolution (platform-core §4). */
export const ZOOM_DAY_MINUTES = 1440;

/** A date range. */
export interface DateRange {
  from: Date;
  until: Date;
}

/** A chart range with its zoom (resolution in minutes). */
export interface ChartRange extends DateRange {
  zoom: number;
}

/**
 * Adds calendar months in Dhaka local time, clamping the day to the target month's length
 * (31 Mar − 1 month → 28/29 Feb).
 */
export function addMonths(date: Date, months: number): Date {
  const local = new Date(date.getTime() + DHAKA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const ms = local.getTime() % DAY_MS;
  const timeOfDay = ms < 0 ? ms + DAY_MS : ms;
  return new Date(Date.UTC(y, m, day) + timeOfDay - DHAKA_OFFSET_MS);
}

/** The start (00:00 Dhaka) of the month containing `now`. */
export function startOfMonth(now: Date): Date {
  const local = new Date(now.getTime() + DHAKA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - DHAKA_OFFSET_MS);
}

/** Default chart range: month start to one month later, zoom day (1440 minutes) (platform-core §4). */
export function defaultChartRange(now: Date): ChartRange {
  const from = startOfMonth(now);
  return { from, until: addMonths(from, 1), zoom: ZOOM_DAY_MINUTES };
}

/**
 * Default dashboard range, "last 7 days plus 6 hours" (platform-core §9). Decision: from is 7 days
 * before now and until is 6 hours after now (the 6 hours cover the Dhaka offset of stored UTC times).
 */
export function defaultDashboardRange(now: Date): DateRange {
  return { from: new Date(now.getTime() - 7 * DAY_MS), until: new Date(now.getTime() + 6 * HOUR_MS) };
}

/** Default load range: id 1 from -1 to 2 (feature-areas §9; the unit is not shown in the spec). */
export const DEFAULT_LOAD_RANGE = { id: 1, from: -1, to: 2 } as const;

/** Report range: from now back by the chosen number of months, until now (feature-areas §9). */
export function reportRange(now: Date, months: number): DateRange {
  return { from: addMonths(now, -months), until: new Date(now.getTime()) };
}

/** Battery report range: from now back by the chosen months, until one year ahead (feature-areas §9). */
export function batteryReportRange(now: Date, months: number): DateRange {
  return { from: addMonths(now, -months), until: addMonths(now, 12) };
}
