import { describe, expect, it } from 'vitest';
import { dashboardDefaultRange, formatChartLabel } from './time.ts';

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
});
