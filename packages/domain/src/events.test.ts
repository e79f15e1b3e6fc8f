import { describe, expect, it } from 'vitest';
import {
  ACCESS_EVENTS,
  eventDisplayName,
  eventGroupOf,
  humanizeCode,
  isPowerEvent,
  POWER_EVENTS,
  SITE_EVENTS,
} from './events.ts';

describe('event names (docs/requirements.md#event-names)', () => {
  it('lists 34 site events, 13 access events and 12 power events', () => {
    expect(SITE_EVENTS).toHaveLength(34);
    expect(ACCESS_EVENTS).toHaveLength(13);
    expect(POWER_EVENTS).toHaveLength(12);
  });

  it('battery_low is not a site event but counts as power in the rectifier variant', () => {
    expect(isPowerEvent('battery_low')).toBe(true);
    expect(isPowerEvent('door_open')).toBe(false);
    expect(isPowerEvent('device_offline')).toBe(true);
  });

  it('groups access events as ACS and the rest as RMS', () => {
    expect(eventGroupOf('lock_fault')).toBe('ACS');
    expect(eventGroupOf('dg_power')).toBe('RMS');
  });
});

describe('event display names (docs/requirements.md#company-renames, docs/requirements.md#event-display-names)', () => {
  it('uses the spec overrides', () => {
    expect(eventDisplayName('mains_outage')).toBe('AC Line Fail');
    expect(eventDisplayName('dc_critical_voltage')).toBe('Battery Critical');
    expect(eventDisplayName('battery_low')).toBe('Battery Low');
  });

  it('humanises the rest keeping acronyms', () => {
    expect(eventDisplayName('dc_low_voltage')).toBe('DC Low Voltage');
    expect(eventDisplayName('mdb_fault')).toBe('MDB Fault');
    expect(humanizeCode('security_breach_cleared')).toBe('Security Breach Cleared');
    expect(humanizeCode('')).toBe('');
  });

  it('applies company renames after the standard label', () => {
    expect(eventDisplayName('mains_outage', 'ftb')).toBe('Grid Fail');
    expect(eventDisplayName('ac_line_fail', 'stl')).toBe('Grid Fail');
    expect(eventDisplayName('dc_low_voltage', 'stl')).toBe('Battery Low');
    expect(eventDisplayName('dc_low_voltage', 'ftb')).toBe('DC Low Voltage');
    expect(eventDisplayName('mains_outage', 'edc')).toBe('AC Line Fail');
  });
});
