import { describe, expect, it } from 'vitest';
import {
  canScheduleReports,
  dhakaMonthOf,
  dhakaMonthStartOf,
  dueReportMonth,
  meetsSlaTarget,
  monthsBetween,
  nextMonth,
  outageCause,
  previousMonth,
} from './sla.ts';

describe('outageCause', () => {
  it('is other without a mains failure, whatever else happened', () => {
    expect(outageCause({ mainsFailed: false, dgFailed: true, onBattery: true })).toBe('other');
  });
  it('prefers a DG failure, then a drained battery, else the mains failure', () => {
    expect(outageCause({ mainsFailed: true, dgFailed: true, onBattery: true })).toBe('dg_failure');
    expect(outageCause({ mainsFailed: true, dgFailed: false, onBattery: true })).toBe('battery_exhausted');
    expect(outageCause({ mainsFailed: true, dgFailed: false, onBattery: false })).toBe('mains_failure');
  });
});

describe('months in Asia/Dhaka', () => {
  it('starts a month at 00:00 +06:00 on the 1st', () => {
    expect(dhakaMonthStartOf('2026-03').toISOString()).toBe('2026-02-28T18:00:00.000Z');
  });
  it('puts the last UTC evening of a month into the next Dhaka month', () => {
    expect(dhakaMonthOf(new Date('2026-03-31T18:00:00Z'))).toBe('2026-04');
    expect(dhakaMonthOf(new Date('2026-03-31T17:59:59Z'))).toBe('2026-03');
  });
  it('steps across years', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
  });
  it('lists the months a range touches', () => {
    expect(monthsBetween(dhakaMonthStartOf('2026-11'), dhakaMonthStartOf('2027-02'))).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });
});

describe('scheduled reports', () => {
  it('reports the previous month once the schedule existed before this month', () => {
    const now = new Date('2026-12-01T00:30:00+06:00');
    expect(dueReportMonth(now, new Date('2026-11-15T10:00:00+06:00'))).toBe('2026-11');
    expect(dueReportMonth(now, new Date('2026-12-01T00:10:00+06:00'))).toBeNull();
  });
  it('lets company admins schedule, not employees or operators', () => {
    expect(canScheduleReports({ type: 'company' })).toBe(true);
    expect(canScheduleReports({ type: 'superuser' })).toBe(true);
    expect(canScheduleReports({ type: 'employee' })).toBe(false);
    expect(canScheduleReports({ type: 'sudo' })).toBe(false);
  });
  it('needs an availability to meet a target', () => {
    expect(meetsSlaTarget(99.5, 99.5)).toBe(true);
    expect(meetsSlaTarget(99.49, 99.5)).toBe(false);
    expect(meetsSlaTarget(null, 99.5)).toBe(false);
  });
});
