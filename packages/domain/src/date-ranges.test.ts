import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dhakaDate,
  dhakaDayEnd,
  dhakaDayStart,
  batteryReportRange,
  DEFAULT_LOAD_RANGE,
  defaultChartRange,
  defaultDashboardRange,
  reportRange,
  startOfMonth,
} from './date-ranges.ts';

describe('chart range (platform-core §4, §9)', () => {
  it('runs from the Dhaka month start to one month later at zoom 1440', () => {
    const range = defaultChartRange(new Date('2025-03-15T10:00:00Z'));
    expect(range.from.toISOString()).toBe('2025-02-28T18:00:00.000Z');
    expect(range.until.toISOString()).toBe('2025-03-31T18:00:00.000Z');
    expect(range.zoom).toBe(1440);
  });

  it('uses the Dhaka month near midnight UTC', () => {
    expect(startOfMonth(new Date('2025-03-31T19:00:00Z')).toISOString()).toBe('2025-03-31T18:00:00.000Z');
    expect(startOfMonth(new Date('2025-03-31T17:59:59Z')).toISOString()).toBe('2025-02-28T18:00:00.000Z');
  });
});

describe('dashboard range (platform-core §9)', () => {
  it('is the last 7 days until 6 hours ahead', () => {
    const range = defaultDashboardRange(new Date('2025-03-15T10:00:00Z'));
    expect(range.from.toISOString()).toBe('2025-03-08T10:00:00.000Z');
    expect(range.until.toISOString()).toBe('2025-03-15T16:00:00.000Z');
  });

  it('keeps the default load range', () => {
    expect(DEFAULT_LOAD_RANGE).toEqual({ id: 1, from: -1, to: 2 });
  });
});

describe('report ranges (feature-areas §9)', () => {
  const now = new Date('2025-03-31T06:00:00Z');
  it('goes back by months with day clamping', () => {
    expect(reportRange(now, 1).from.toISOString()).toBe('2025-02-28T06:00:00.000Z');
    expect(reportRange(now, 3).from.toISOString()).toBe('2024-12-31T06:00:00.000Z');
    expect(reportRange(now, 3).until.toISOString()).toBe(now.toISOString());
  });

  it('battery report ends one year ahead', () => {
    expect(batteryReportRange(now, 1).until.toISOString()).toBe('2026-03-31T06:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });
});

describe('Asia/Dhaka calendar days', () => {
  it('start at 00:00 Dhaka (18:00 UTC the day before) and end at the next 00:00', () => {
    expect(dhakaDayStart('2026-03-01').toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(dhakaDayEnd('2026-03-01').toISOString()).toBe('2026-03-01T18:00:00.000Z');
  });

  it('give the Dhaka date of an instant', () => {
    expect(dhakaDate(new Date('2026-02-28T17:59:59Z'))).toBe('2026-02-28');
    expect(dhakaDate(new Date('2026-02-28T18:00:00Z'))).toBe('2026-03-01');
  });
});
