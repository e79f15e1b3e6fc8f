import { describe, expect, it } from 'vitest';
import {
  alarmSeverity,
  DEFAULT_NOTIFICATION_POLICY,
  deliveryBackoffMs,
  deliveryPlan,
  dhakaMinuteOfDay,
  inQuietHours,
  policySelects,
  transitionLabel,
  withinGroupingWindow,
} from './telegram.ts';

const mains = { alarmId: 'mains_fail', eventName: 'mains_fail', active: true };
const breach = { alarmId: 'security_breach', eventName: 'security_breach', active: true };
const door = { alarmId: 'door_status', eventName: 'door_open', active: true };

describe('severity', () => {
  it('emergency kinds, minor alarms, major otherwise', () => {
    expect(alarmSeverity('security_breach', 'security_breach')).toBe('emergency');
    expect(alarmSeverity('vibration', 'high_vibration')).toBe('emergency');
    expect(alarmSeverity('door_status', 'door_open')).toBe('minor');
    expect(alarmSeverity('mains_fail', 'mains_fail')).toBe('major');
    expect(alarmSeverity(null, 'site_down')).toBe('major');
  });
});

describe('policy selection', () => {
  it('selects by alarm id, severity, raise and clear', () => {
    const p = { ...DEFAULT_NOTIFICATION_POLICY, alarmIds: ['mains_fail'], notifyClear: false };
    expect(policySelects(p, mains)).toBe(true);
    expect(policySelects(p, { ...mains, active: false })).toBe(false);
    expect(policySelects(p, door)).toBe(false);
    expect(policySelects({ ...DEFAULT_NOTIFICATION_POLICY, severities: ['emergency'] }, mains)).toBe(false);
    expect(policySelects(DEFAULT_NOTIFICATION_POLICY, breach)).toBe(true);
  });
});

describe('quiet hours in Asia/Dhaka', () => {
  it('minute of the Dhaka day', () => {
    expect(dhakaMinuteOfDay(new Date('2026-03-01T18:00:00Z'))).toBe(0);
    expect(dhakaMinuteOfDay(new Date('2026-03-01T17:59:00Z'))).toBe(1439);
  });
  it('wraps past midnight; start inclusive, end exclusive; none when unset', () => {
    const q = { quietStart: 22 * 60, quietEnd: 6 * 60 };
    expect(inQuietHours(q, new Date('2026-03-01T16:00:00Z'))).toBe(true); // 22:00 Dhaka
    expect(inQuietHours(q, new Date('2026-03-01T23:59:00Z'))).toBe(true); // 05:59
    expect(inQuietHours(q, new Date('2026-03-02T00:00:00Z'))).toBe(false); // 06:00
    expect(inQuietHours({ quietStart: 60, quietEnd: 120 }, new Date('2026-03-01T19:30:00Z'))).toBe(true);
    expect(inQuietHours({ quietStart: null, quietEnd: null }, new Date())).toBe(false);
  });
});

describe('delivery plan', () => {
  const night = new Date('2026-03-01T17:00:00Z'); // 23:00 Dhaka
  const quiet = { ...DEFAULT_NOTIFICATION_POLICY, quietStart: 22 * 60, quietEnd: 6 * 60 };
  it('minor alarms and quiet hours are silent; emergencies ring and bypass grouping', () => {
    expect(deliveryPlan(DEFAULT_NOTIFICATION_POLICY, door, night)).toEqual({ silent: true, groupable: true });
    expect(deliveryPlan(DEFAULT_NOTIFICATION_POLICY, mains, night)).toEqual({
      silent: false,
      groupable: true,
    });
    expect(deliveryPlan(quiet, mains, night).silent).toBe(true);
    expect(deliveryPlan(quiet, breach, night)).toEqual({ silent: false, groupable: false });
    expect(deliveryPlan({ ...quiet, groupingSeconds: 0 }, mains, night).groupable).toBe(false);
  });
  it('grouping window from the first message of the incident', () => {
    const t0 = new Date('2026-03-01T10:00:00Z');
    expect(withinGroupingWindow({ groupingSeconds: 60 }, t0, new Date('2026-03-01T10:01:00Z'))).toBe(true);
    expect(withinGroupingWindow({ groupingSeconds: 60 }, t0, new Date('2026-03-01T10:01:01Z'))).toBe(false);
    expect(withinGroupingWindow({ groupingSeconds: 0 }, t0, t0)).toBe(false);
  });
});

describe('labels and backoff', () => {
  it('company renames apply', () => {
    const t = { alarmId: 'ac_line_fail', eventName: 'mains_outage', active: true };
    expect(transitionLabel(t, 'ktbl')).toBe('AC Line Fail');
    expect(transitionLabel(t, 'ftb')).toBe('Grid Fail');
    expect(transitionLabel({ ...t, alarmId: 'dc_low_voltage', eventName: 'dc_low_voltage' }, 'stl')).toBe(
      'Battery Low',
    );
  });
  it('backoff doubles from 5 s up to 10 minutes', () => {
    expect([1, 2, 3].map(deliveryBackoffMs)).toEqual([5000, 10000, 20000]);
    expect(deliveryBackoffMs(20)).toBe(600_000);
  });
});
