import { describe, expect, it } from 'vitest';
import { defaultDashboardRange, dhakaDate, dhakaDayEnd, dhakaDayStart } from './date-ranges.ts';

describe('dashboard range (docs/requirements.md#dashboard-range)', () => {
  it('is the last 7 days until 6 hours ahead', () => {
    const range = defaultDashboardRange(new Date('2025-03-15T10:00:00Z'));
    expect(range.from.toISOString()).toBe('2025-03-08T10:00:00.000Z');
    expect(range.until.toISOString()).toBe('2025-03-15T16:00:00.000Z');
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
