/**
 * The open-hours chart (docs/requirements.md#open-hours): bars of hours the door stood open per
 * bucket, the zoom that suits a range, and the default range.
 */
import type { OpenHoursReply } from '@towerwatch/contract';
import type { OpenHoursZoom } from '@towerwatch/domain';

/** Bars: [bucket start (ms), open hours rounded to 0.01]. */
export function openHoursBars(reply: Pick<OpenHoursReply, 'buckets'>): [number, number][] {
  return reply.buckets.map((bucket) => [Date.parse(bucket.start), Math.round(bucket.openSeconds / 36) / 100]);
}

/** Days in an inclusive range of calendar dates. */
export function rangeDays(fromDate: string, untilDate: string): number {
  return Math.round((Date.parse(untilDate) - Date.parse(fromDate)) / 86_400_000) + 1;
}

/** The zoom a range opens with: hours up to 2 days, days up to 2 months, weeks up to a year, else months. */
export function defaultZoom(fromDate: string, untilDate: string): OpenHoursZoom {
  const days = rangeDays(fromDate, untilDate);
  if (days <= 2) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** Total open time in words: "3 h 25 min", "45 min", "0 min". */
export function formatOpenTime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}
