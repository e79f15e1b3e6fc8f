import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  dashboardDefaultRange,
  formatChartLabel,
  formatDateTime,
  parseCalendarDate,
} from './time.ts';

describe('time display (Asia/Dhaka)', () => {
  it('labels hours as h:mm aa and days as d MMM in Dhaka time', () => {
    expect(formatChartLabel('2025-11-20T09:05:00Z', 'hour')).toBe('3:05 PM');
    expect(formatChartLabel('2025-11-20T20:00:00Z', 'day')).toBe('21 Nov');
    expect(formatChartLabel('2025-11-20', 'day')).toBe('20 Nov');
  });

  it('the dashboard range is the last 7 days plus 6 hours', () => {
    // 03:00 in Dhaka on 22 Nov: from 7 days earlier (15 Nov) until 6 hours later (still 22 Nov).
    expect(dashboardDefaultRange(new Date('2025-11-21T21:00:00Z'))).toEqual({
      from: '2025-11-15',
      until: '2025-11-22',
    });
  });

  it('one date format: tables and date pickers show 22 Nov 2026, never 11/22/2026', () => {
    expect(DATE_FORMAT).toBe('D MMM YYYY');
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22 Nov 2026, 3:05 PM');
  });

  it('reads a typed date in the product format or ISO, and refuses what is not a date', () => {
    expect(parseCalendarDate('22 Nov 2026')).toBe('2026-11-22');
    expect(parseCalendarDate(' 2 november 2026 ')).toBe('2026-11-02');
    expect(parseCalendarDate('2026-11-22')).toBe('2026-11-22');
    expect(parseCalendarDate('29 Feb 2028')).toBe('2028-02-29');
    expect(parseCalendarDate('29 Feb 2026')).toBeNull();
    expect(parseCalendarDate('11/22/2026')).toBeNull();
    expect(parseCalendarDate('22 Foo 2026')).toBeNull();
    expect(parseCalendarDate('')).toBeNull();
  });
});
