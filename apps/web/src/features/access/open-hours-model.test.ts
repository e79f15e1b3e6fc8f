import { describe, expect, it } from 'vitest';
import { defaultZoom, formatOpenTime, openHoursBars, rangeDays } from './open-hours-model.ts';

describe('open hours', () => {
  it('turns buckets into bars of hours', () => {
    expect(
      openHoursBars({
        buckets: [
          { start: '2026-05-01T00:00:00.000Z', openSeconds: 5400 },
          { start: '2026-05-02T00:00:00.000Z', openSeconds: 0 },
        ],
      }),
    ).toEqual([
      [Date.parse('2026-05-01T00:00:00.000Z'), 1.5],
      [Date.parse('2026-05-02T00:00:00.000Z'), 0],
    ]);
  });

  it('picks a zoom that suits the range', () => {
    expect(rangeDays('2026-05-01', '2026-05-01')).toBe(1);
    expect(defaultZoom('2026-05-01', '2026-05-02')).toBe('hour');
    expect(defaultZoom('2026-05-01', '2026-05-07')).toBe('day');
    expect(defaultZoom('2026-01-01', '2026-06-30')).toBe('week');
    expect(defaultZoom('2025-01-01', '2026-06-30')).toBe('month');
  });

  it('writes open time', () => {
    expect(formatOpenTime(12_300)).toBe('3 h 25 min');
    expect(formatOpenTime(2700)).toBe('45 min');
    expect(formatOpenTime(0)).toBe('0 min');
  });
});
