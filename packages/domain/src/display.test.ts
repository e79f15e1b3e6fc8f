import { describe, expect, it } from 'vitest';
import { alarmValueDisplay, alarmValuePairKind } from './display.ts';

describe('alarm value display (docs/requirements.md#alarm-values)', () => {
  it('door and lock show OPEN/CLOSE', () => {
    expect(alarmValueDisplay('door_status', 1)).toBe('OPEN');
    expect(alarmValueDisplay('lock_status', 0)).toBe('CLOSE');
  });

  it('generators show ON/OFF', () => {
    expect(alarmValueDisplay('dg_on', 1)).toBe('ON');
    expect(alarmValueDisplay('pg_on', false)).toBe('OFF');
  });

  it('sensor levels show HIGH/LOW', () => {
    expect(alarmValueDisplay('high_temperature', '1')).toBe('HIGH');
    expect(alarmValueDisplay('vibration', 0)).toBe('LOW');
    expect(alarmValuePairKind('motion')).toBe('high_low');
  });

  it('other alarms show YES/NO', () => {
    expect(alarmValueDisplay('site_down', true)).toBe('YES');
    expect(alarmValueDisplay('smoke', '0')).toBe('NO');
    expect(alarmValuePairKind('unknown_alarm')).toBe('yes_no');
  });

  it("values other than 0 and 1 show '-'", () => {
    expect(alarmValueDisplay('door_status', 2)).toBe('-');
    expect(alarmValueDisplay('site_down', null)).toBe('-');
  });
});
