import { describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_THRESHOLDS } from '@towerwatch/domain';
import { parseSiteAlarmSettings } from './settings.ts';

describe('site alarm settings', () => {
  it('gives the documented defaults for empty or broken settings', () => {
    for (const raw of [null, undefined, 'x', [], {}]) {
      const s = parseSiteAlarmSettings(raw);
      expect(s.thresholds).toEqual(DEFAULT_ALARM_THRESHOLDS);
      expect([...s.disabled]).toEqual([]);
    }
    expect(DEFAULT_ALARM_THRESHOLDS).toMatchObject({
      dcLowVoltage: 47,
      dcCriticalVoltage: 44,
      highTemperature: 45,
      lowFuelPercent: 20,
    });
  });

  it('reads flat and nested thresholds, ignoring non-numbers', () => {
    const s = parseSiteAlarmSettings({
      high_temperature_threshold: '40',
      dc_overload_current_threshold: 80,
      thresholds: { dc_low_voltage: 46, low_fuel_percent: 'lots' },
    });
    expect(s.thresholds).toMatchObject({
      highTemperature: 40,
      dcOverloadCurrent: 80,
      dcLowVoltage: 46,
      lowFuelPercent: 20,
    });
  });

  it('reads paused alarms in the accepted shapes, only for disableable alarms', () => {
    const s = parseSiteAlarmSettings({
      door_status: false,
      lock_status: 'disable',
      security_breach: { disabled: true },
      device_online: true,
      mains_fail: false,
      disabled_alarms: ['lock_fault', 'high_temperature'],
    });
    expect([...s.disabled].sort()).toEqual(['door_status', 'lock_fault', 'lock_status', 'security_breach']);
  });
});
