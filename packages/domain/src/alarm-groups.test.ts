import { describe, expect, it } from 'vitest';
import {
  ALARM_GROUP_MEMBERS,
  alarmFilterOptions,
  alarmGroupOf,
  isPowerAlarm,
  parseAlarmFilterKey,
} from './alarm-groups.ts';
import { SITE_ALARM_IDS } from './alarms.ts';

describe('alarm filter groups (docs/requirements.md#alarm-groups)', () => {
  it('every site alarm id belongs to exactly one group', () => {
    const all = [
      ...ALARM_GROUP_MEMBERS.Power,
      ...ALARM_GROUP_MEMBERS.Access,
      ...ALARM_GROUP_MEMBERS['Env & Others'],
    ];
    expect([...all].sort()).toEqual([...SITE_ALARM_IDS].sort());
  });

  it('groups alarms', () => {
    expect(alarmGroupOf('door_open_timeout')).toBe('Access');
    expect(alarmGroupOf('smoke')).toBe('Env & Others');
    expect(alarmGroupOf('nope')).toBeNull();
    expect(isPowerAlarm('dc_low_voltage')).toBe(true);
    expect(isPowerAlarm('door_status')).toBe(false);
  });

  it('adds tenant variants for the three operators after the four variant alarms', () => {
    const power = alarmFilterOptions('Power');
    const keys = power.map((o) => o.key);
    expect(keys.slice(0, 4)).toEqual([
      'site_down',
      'site_down_banglalink',
      'site_down_robi',
      'site_down_grameenphone',
    ]);
    expect(keys).toContain('mdb_fault_robi');
    expect(keys).not.toContain('site_down_teletalk');
    expect(keys).not.toContain('mains_fail_robi');
    expect(power).toHaveLength(18 + 2 + 4 * 3); // the spec's 18, fuel theft and DG with mains, variants
    expect(alarmFilterOptions('Access').every((o) => o.tenant === null)).toBe(true);
  });

  it('labels variants with the tenant and applies company renames', () => {
    const option = alarmFilterOptions('Power', 'stl').find((o) => o.key === 'ac_line_fail_robi');
    expect(option).toEqual({
      key: 'ac_line_fail_robi',
      alarmId: 'ac_line_fail',
      tenant: 'robi',
      group: 'Power',
      label: 'Grid Fail (Robi)',
    });
  });

  it('parses keys back to alarm and tenant', () => {
    expect(parseAlarmFilterKey('dc_low_voltage_grameenphone')).toEqual({
      alarmId: 'dc_low_voltage',
      tenant: 'grameenphone',
    });
    expect(parseAlarmFilterKey('smoke')).toEqual({ alarmId: 'smoke', tenant: null });
    expect(parseAlarmFilterKey('smoke_robi')).toBeNull();
  });
});
