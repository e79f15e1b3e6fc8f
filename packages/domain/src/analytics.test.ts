import { describe, expect, it } from 'vitest';
import {
  addDhakaMonths,
  backupHours,
  comparePeriod,
  defaultReportRange,
  dgFuelLitres,
  mainsFigures,
  parseCompareMode,
  parseReportTime,
  periodEnd,
  perMonth,
  tenantShares,
} from './analytics.ts';
import { dgBurnLitresPerHour } from './power-estimates.ts';

const t = (s: string) => new Date(s).getTime();

describe('report range (docs/requirements.md#report-range)', () => {
  it('goes back from now by whole Asia/Dhaka months; the battery report ends a year ahead', () => {
    const now = new Date('2026-03-31T12:00:00+06:00');
    expect(defaultReportRange('mains', now, 1)).toEqual({
      from: t('2026-02-28T12:00:00+06:00'),
      until: now.getTime(),
    });
    expect(defaultReportRange('dg', now, 3).from).toBe(t('2025-12-31T12:00:00+06:00'));
    expect(defaultReportRange('battery', now, 1).until).toBe(t('2027-03-31T12:00:00+06:00'));
    expect(addDhakaMonths(new Date('2026-01-31T23:30:00+06:00'), 1).getTime()).toBe(
      t('2026-02-28T23:30:00+06:00'),
    );
  });

  it('reads dates as Dhaka days (an until date includes the day) and instants as given', () => {
    expect(parseReportTime('2026-11-01', 'from')).toBe(t('2026-10-31T18:00:00Z'));
    expect(parseReportTime('2026-11-01', 'until')).toBe(t('2026-11-01T18:00:00Z'));
    expect(parseReportTime('2026-11-01T05:00:00Z', 'from')).toBe(t('2026-11-01T05:00:00Z'));
    expect(parseReportTime('yesterday', 'from')).toBeNull();
  });

  it('a running period stops at now', () => {
    expect(periodEnd({ from: 10, until: 100 }, 50)).toBe(50);
    expect(periodEnd({ from: 10, until: 100 }, 500)).toBe(100);
    expect(periodEnd({ from: 10, until: 100 }, 5)).toBe(10);
  });
});

describe('compare', () => {
  it('reads modes and flags', () => {
    expect(parseCompareMode(undefined)).toBe('none');
    expect(parseCompareMode('yes')).toBe('previous_period');
    expect(parseCompareMode('previous_year')).toBe('previous_year');
    expect(parseCompareMode('false')).toBe('none');
    expect(parseCompareMode('lastweek')).toBeNull();
  });

  it('previous_period ends where the report starts; previous_year is a year earlier', () => {
    const p = { from: t('2026-10-01T00:00:00+06:00'), until: t('2026-11-01T00:00:00+06:00') };
    expect(comparePeriod(p, 'previous_period')).toEqual({ from: 2 * p.from - p.until, until: p.from });
    expect(comparePeriod(p, 'previous_year')).toEqual({
      from: t('2025-10-01T00:00:00+06:00'),
      until: t('2025-11-01T00:00:00+06:00'),
    });
    expect(comparePeriod(p, 'none')).toBeNull();
  });
});

describe('figures', () => {
  it('mains availability leaves gaps out of the possible time', () => {
    expect(mainsFigures({ elapsedMinutes: 1440, gapMinutes: 240, outageMinutes: 120 })).toEqual({
      possibleMinutes: 1200,
      availabilityPct: 90,
      mainsHoursPerDay: 21.6,
    });
    expect(mainsFigures({ elapsedMinutes: 60, gapMinutes: 60, outageMinutes: 0 }).availabilityPct).toBeNull();
  });

  it('fuel is the DG burn at the load over the run hours', () => {
    expect(dgFuelLitres(10, 2)).toBe(Math.round(dgBurnLitresPerHour(2) * 10 * 10) / 10);
    expect(dgFuelLitres(0, 2)).toBe(0);
  });

  it('tenant shares add up to the total', () => {
    const shares = tenantShares(100, ['robi', 'gp', 'banglalink']);
    expect(shares.map((s) => s.share)).toEqual([33.33, 33.33, 33.34]);
    expect(tenantShares(5, [])).toEqual([]);
  });

  it('backup hours at the mean load; unknown without capacity or load', () => {
    expect(backupHours({ capacityAh: 100, volts: 51, meanLoadAmps: 25, emptyVolts: 44 })).toBe(4);
    expect(backupHours({ capacityAh: null, volts: 51, meanLoadAmps: 25, emptyVolts: 44 })).toBeNull();
    expect(backupHours({ capacityAh: 100, volts: 51, meanLoadAmps: 0, emptyVolts: 44 })).toBeNull();
  });

  it('episodes per month scale the count to a mean month', () => {
    expect(perMonth(2, 30.4375 * 1440)).toBe(2);
    expect(perMonth(1, 15.21875 * 1440)).toBe(2);
    expect(perMonth(3, 0)).toBe(0);
  });
});
