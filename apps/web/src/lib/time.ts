import { defaultDashboardRange, TIME_ZONE } from '@towerwatch/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display time zone (docs/requirements.md#dhaka-time). */
export const DISPLAY_TIME_ZONE = TIME_ZONE;

/** A dayjs value in Asia/Dhaka. */
export function inDhaka(value: string | number | Date): dayjs.Dayjs {
  return dayjs(value).tz(DISPLAY_TIME_ZONE);
}

/** The product's one date format (dayjs): '22 Nov 2025'. Date pickers show it too. */
export const DATE_FORMAT = 'D MMM YYYY';

/** Date and time as shown in tables: '22 Nov 2025, 3:05 PM'. */
export function formatDateTime(value: string | number | Date): string {
  return inDhaka(value).format(`${DATE_FORMAT}, h:mm A`);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A calendar date typed into a date picker, as `YYYY-MM-DD`: the product's format ('22 Nov 2026',
 * also '22 November 2026') or ISO ('2026-11-22'); null when it is not a real date.
 */
export function parseCalendarDate(text: string): string | null {
  const input = text.trim();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const shown = /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i.exec(input);
  if (shown) {
    const month = MONTHS.findIndex((m) => shown[2]?.toLowerCase().startsWith(m)) + 1;
    if (month > 0) parts = [Number(shown[3]), month, Number(shown[1])];
  }
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Chart axis labels (docs/requirements.md#chart-labels): 'h:mm aa' for hour resolution, 'd MMM' otherwise. Those are
 * date-fns patterns; the dayjs equivalents are 'h:mm A' and 'D MMM'.
 */
export function formatChartLabel(value: string | number | Date, resolution: 'hour' | 'day'): string {
  // A calendar date ('2025-11-20') is already a Dhaka date: format it as is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format('D MMM');
  return inDhaka(value).format(resolution === 'hour' ? 'h:mm A' : 'D MMM');
}

export { dayjs };

/**
 * The dashboard's default range (docs/requirements.md#dashboard-range, rule in the domain: last 7 days plus 6 hours) as
 * Asia/Dhaka calendar dates for the availability call.
 */
export function dashboardDefaultRange(now = new Date()): { from: string; until: string } {
  const range = defaultDashboardRange(now);
  return { from: inDhaka(range.from).format('YYYY-MM-DD'), until: inDhaka(range.until).format('YYYY-MM-DD') };
}
