import { describe, expect, it } from 'vitest';
import {
  BATTERY_HEALTH_HISTORY_VALUES,
  coerceReportValues,
  invalidReportFields,
  toReportNumber,
} from './reports.ts';

describe('report value coercion (feature-areas §5)', () => {
  it('coerces the three fields and leaves others', () => {
    expect(
      coerceReportValues({ daily_avg: '12.5', min_backup: 3, monthly_frequency: ' 4 ', site: 'S1' }),
    ).toEqual({
      daily_avg: 12.5,
      min_backup: 3,
      monthly_frequency: 4,
      site: 'S1',
    });
  });

  it('keeps absent fields absent and turns junk into null', () => {
    const row = coerceReportValues({ daily_avg: 'abc' });
    expect(row).toEqual({ daily_avg: null });
    expect('min_backup' in row).toBe(false);
  });

  it('reads numbers strictly', () => {
    expect(toReportNumber('')).toBeNull();
    expect(toReportNumber(true)).toBeNull();
    expect(toReportNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toReportNumber('0')).toBe(0);
  });

  it('names invalid query fields', () => {
    expect(invalidReportFields({ daily_avg: 'x', min_backup: '2' })).toEqual(['daily_avg']);
    expect(invalidReportFields({})).toEqual([]);
  });

  it('battery health history uses 42, 52 and 56 (feature-areas §9)', () => {
    expect(BATTERY_HEALTH_HISTORY_VALUES).toEqual([42, 52, 56]);
  });
});
