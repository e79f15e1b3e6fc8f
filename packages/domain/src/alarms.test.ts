import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_RECTIFIER_ALARMS,
  DISABLEABLE_ALARM_IDS,
  isAlarmRaised,
  isDisableableAlarm,
  isPausedAlarm,
  isSiteAlarmId,
  minutesSince,
  SITE_ALARM_IDS,
  toEpochMs,
} from './alarms.ts';

describe('site alarm ids (docs/requirements.md#alarm-ids)', () => {
  it('lists the 32 alarm ids of the spec and the two power checks (fuel theft, DG with mains)', () => {
    expect(SITE_ALARM_IDS).toHaveLength(34);
    expect(isSiteAlarmId('solar_control_fail')).toBe(true);
    expect(isSiteAlarmId('mains_outage')).toBe(false);
  });

  it('dashboard rectifier alarms are mains fail, rectifier fail and site down', () => {
    expect(DASHBOARD_RECTIFIER_ALARMS.map((a) => a.label)).toEqual([
      'Mains Fail',
      'Rectifier Fail',
      'Site Down',
    ]);
  });
});

describe('disableable alarms (docs/requirements.md#disableable-alarms)', () => {
  it('are the eight access and connectivity alarms', () => {
    expect(DISABLEABLE_ALARM_IDS).toHaveLength(8);
    expect(isDisableableAlarm('device_online')).toBe(true);
    expect(isDisableableAlarm('mains_fail')).toBe(false);
  });
});

describe('paused alarm (docs/requirements.md#paused-alarm)', () => {
  it('is disabled and available', () => {
    expect(isPausedAlarm({ isDisable: true, isAvailable: true })).toBe(true);
    expect(isPausedAlarm({ isDisable: true, isAvailable: false })).toBe(false);
    expect(isPausedAlarm({ isDisable: false, isAvailable: true })).toBe(false);
  });

  it('a paused alarm is never raised', () => {
    expect(isAlarmRaised({ isDisable: true, isAvailable: true, isNormal: false })).toBe(false);
    expect(isAlarmRaised({ isDisable: false, isAvailable: true, isNormal: false })).toBe(true);
    expect(isAlarmRaised({ isDisable: false, isAvailable: false, isNormal: false })).toBe(false);
  });
});

describe('time since last event (docs/requirements.md#offline-buckets)', () => {
  const now = new Date('2025-01-02T00:00:00Z');
  it('accepts ISO strings, epoch ms and Dates', () => {
    expect(minutesSince('2025-01-01T00:00:00Z', now)).toBe(1440);
    expect(minutesSince(now.getTime() - 60_000, now)).toBe(1);
    expect(minutesSince(new Date('2025-01-01T23:30:00Z'), now)).toBe(30);
  });

  it('gives null for absent or invalid times', () => {
    expect(minutesSince(null, now)).toBeNull();
    expect(toEpochMs('not a date')).toBeNull();
    expect(toEpochMs('')).toBeNull();
  });
});
