import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { defaultDashboardRange, TIME_ZONE } from '@towerwatch/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display time zone (docs/requirements.md#dhaka-time). */
export const DISPLAY_TIME_ZONE = TIME_ZONE;

/** A dayjs value in Asia/Dhaka. */
export function inDhaka(value: string | number | Date): dayjs.Dayjs {
  return dayjs(value).tz(DISPLAY_TIME_ZONE);
}

/** Date and time as shown in tables: '22 Nov 2025, 3:05 PM'. */
export function formatDateTime(value: string | number | Date): string {
  return inDhaka(value).format('D MMM YYYY, h:mm A');
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
