import { DEFAULT_MIN_BACKUP_HOURS, DEFAULT_MONTHLY_FREQUENCY } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import {
  change,
  customRangeProblem,
  DEFAULT_SETTINGS,
  exportFileName,
  formatChange,
  formatMinutes,
  formatNumber,
  formatPeriod,
  hasCompare,
  hasData,
  initialCustomRange,
  previousOf,
  reportQuery,
} from './report-model.ts';

// 24 Nov 2026, 13:30 in Asia/Dhaka.
const NOW = new Date('2026-11-24T07:30:00Z');

describe('report query', () => {
  it('runs from the chosen months back until now; the battery report until one year ahead', () => {
    const mains = reportQuery('mains', { ...DEFAULT_SETTINGS, months: 3 }, NOW);
    expect(mains).toEqual({ from_time: '2026-08-24T07:30:00.000Z', until_time: '2026-11-24T07:30:00.000Z' });
    const battery = reportQuery('battery', DEFAULT_SETTINGS, NOW);
    expect(battery.from_time).toBe('2026-10-24T07:30:00.000Z');
    expect(battery.until_time).toBe('2027-11-24T07:30:00.000Z');
  });

  it('a custom range goes as its two Dhaka dates, both days included', () => {
    const custom = { from: '2026-09-01', until: '2026-09-30' };
    expect(reportQuery('dg', { ...DEFAULT_SETTINGS, months: 12, custom }, NOW)).toEqual({
      from_time: '2026-09-01',
      until_time: '2026-09-30',
    });
    // 20:00 UTC on 23 Nov is already 24 Nov in Dhaka: the last 30 days end on the Dhaka day.
    expect(initialCustomRange(new Date('2026-11-23T20:00:00Z'))).toEqual({
      from: '2026-10-26',
      until: '2026-11-24',
    });
  });

  it('refuses a custom range the server would: a missing day, backwards, longer than two years', () => {
    expect(customRangeProblem(null)).toBeNull();
    expect(customRangeProblem({ from: '2026-09-01', until: '2026-09-01' })).toBeNull();
    expect(customRangeProblem({ from: '', until: '2026-09-01' })).toMatch(/first and the last day/);
    expect(customRangeProblem({ from: '2026-09-02', until: '2026-09-01' })).toMatch(/on or before/);
    expect(customRangeProblem({ from: '2024-09-01', until: '2026-09-01' })).toBeNull();
    expect(customRangeProblem({ from: '2024-08-01', until: '2026-09-01' })).toMatch(/At most 732 days/);
  });

  it("sends each report's own threshold, the compare mode where it has one, the tenant and the site", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      compare: 'previous_period' as const,
      dailyAvg: 18,
      tenant: 'robi',
    };
    expect(reportQuery('mains', settings, NOW, 'S1')).toMatchObject({
      compare: 'previous_period',
      daily_avg: 18,
      tenant: 'robi',
      site_uid: 'S1',
    });
    const battery = reportQuery('battery', settings, NOW);
    expect(battery.min_backup_hour).toBe(DEFAULT_MIN_BACKUP_HOURS);
    expect(battery).not.toHaveProperty('daily_avg');
    expect(battery).not.toHaveProperty('site_uid');
    const temperature = reportQuery('temperature', settings, NOW);
    expect(temperature.monthly_frequency).toBe(DEFAULT_MONTHLY_FREQUENCY);
    // The spec's temperature report takes no compare.
    expect(hasCompare('temperature')).toBe(false);
    expect(temperature).not.toHaveProperty('compare');
    const dg = reportQuery('dg', { ...settings, compare: 'none' }, NOW);
    expect(Object.keys(dg).sort()).toEqual(['from_time', 'tenant', 'until_time']);
  });

  it('leaves the mains daily average out when it is off', () => {
    expect(reportQuery('mains', DEFAULT_SETTINGS, NOW)).not.toHaveProperty('daily_avg');
  });
});

describe('export file name', () => {
  it('names the report, the scope and the Dhaka time, without characters a file name refuses', () => {
    expect(exportFileName('mains', 'all sites', NOW)).toBe('Mains report - all sites - 2026-11-24 1330.xlsx');
    expect(exportFileName('dg', 'Mirpur 10/B: "North"', NOW)).toBe(
      'DG report - Mirpur 10 B North - 2026-11-24 1330.xlsx',
    );
  });
});

describe('figures', () => {
  it('computes and words the change from the compared period', () => {
    expect(change(12, 10)).toEqual({ diff: 2, percent: 20 });
    expect(change(5, 0)).toEqual({ diff: 5, percent: null });
    expect(change(null, 3)).toBeNull();
    expect(change(3, undefined)).toBeNull();
    const hours = (v: number) => `${v} h`;
    expect(formatChange(change(12, 10), hours)).toBe('+2 h (+20%)');
    expect(formatChange(change(7.5, 10), hours)).toBe('−2.5 h (−25%)');
    expect(formatChange(change(4, 4), hours)).toBe('no change');
    expect(formatChange(change(5, 0), hours)).toBe('+5 h');
  });

  it('takes a compared period without data (all gap) as no data, not as zeros', () => {
    const empty = { dgRunHours: 0, completenessPct: 0 };
    const some = { dgRunHours: 0, completenessPct: 12.5 };
    expect(hasData(null)).toBe(false);
    expect(hasData(empty)).toBe(false);
    expect(hasData(some)).toBe(true);
    expect(previousOf({ previous: empty })).toBeNull();
    expect(previousOf({ previous: some })).toBe(some);
    expect(previousOf({ previous: null })).toBeNull();
  });

  it('formats minutes, numbers and periods', () => {
    expect(formatMinutes(44.6)).toBe('45 min');
    expect(formatMinutes(185)).toBe('3 h 05 min');
    expect(formatMinutes(72_300)).toBe('1,205 h');
    expect(formatNumber(1234.56, 1, 'L')).toBe('1,234.6 L');
    expect(formatNumber(null)).toBe('—');
    expect(formatPeriod({ from: '2026-10-23T18:00:00Z', end: '2026-11-24T07:30:00Z' })).toBe(
      '24 Oct 2026 – 24 Nov 2026',
    );
  });
});
