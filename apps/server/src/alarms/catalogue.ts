/**
 * Which event each alarm writes on its transitions, and its group (platform-core §3 alarm ids and
 * site events). Clearing writes the same event name with `active: false`, except the spec's pairs
 * (door_open/door_close, lock_open/lock_close, security_breach/security_breach_cleared).
 * Alarms without a spec event name write their alarm id (dg_low_fuel, dg_start_fail, door_open_timeout).
 */
import type { SiteAlarmId } from '@towerwatch/domain';

/** Alarm groups (feature-areas §9 "Alarm filter groups"). */
export type AlarmGroup = 'Power' | 'Access' | 'Env & Others';

export interface AlarmSpec {
  group: AlarmGroup;
  /** Event written when the alarm is raised. */
  raise: string;
  /** Event written when it clears. */
  clear: string;
}

const same = (group: AlarmGroup, name: string): AlarmSpec => ({ group, raise: name, clear: name });

/** The alarms the engine derives. */
export const ALARM_SPECS = {
  mains_fail: same('Power', 'mains_fail'),
  // mains_outage is displayed as "AC Line Fail" (platform-core §3).
  ac_line_fail: same('Power', 'mains_outage'),
  site_on_battery: same('Power', 'battery_power'),
  dc_low_voltage: same('Power', 'dc_low_voltage'),
  dc_power_fail: same('Power', 'dc_fail'),
  dc_load_fail: same('Power', 'dc_load_fail'),
  site_down: same('Power', 'site_down'),
  rectifier_fail: same('Power', 'rectifier_fail'),
  mdb_fault: same('Power', 'mdb_fault'),
  inverter_battery_low: same('Power', 'inverter_battery_low'),
  dc_fan_fault: same('Power', 'dc_fan_fault'),
  device_online: same('Power', 'device_offline'),
  dg_on: same('Power', 'dg_power'),
  pg_on: same('Power', 'pg_power'),
  dg_low_fuel: same('Power', 'dg_low_fuel'),
  dg_start_fail: same('Power', 'dg_start_fail'),
  aviation_light_fail: same('Env & Others', 'aviation_light_fail'),
  door_status: { group: 'Access', raise: 'door_open', clear: 'door_close' },
  lock_status: { group: 'Access', raise: 'lock_open', clear: 'lock_close' },
  security_breach: { group: 'Access', raise: 'security_breach', clear: 'security_breach_cleared' },
  door_open_timeout: same('Access', 'door_open_timeout'),
  lock_open_fail: same('Access', 'lock_open_fail'),
  lock_close_fail: same('Access', 'lock_close_fail'),
  lock_fault: same('Access', 'lock_fault'),
  card_reader_fault: same('Access', 'card_reader_fault'),
  vibration: same('Access', 'high_vibration'),
  motion: same('Access', 'high_motion'),
  high_temperature: same('Env & Others', 'high_temperature'),
  water: same('Env & Others', 'water_detection'),
  smoke: same('Env & Others', 'smoke_detection'),
} as const satisfies Partial<Record<SiteAlarmId, AlarmSpec>>;

/** An alarm id the engine derives. */
export type EngineAlarmId = keyof typeof ALARM_SPECS;

/** Group of an alarm id (unknown ids are 'Env & Others'). */
export function alarmGroup(alarmId: string): AlarmGroup {
  return (ALARM_SPECS as Record<string, AlarmSpec>)[alarmId]?.group ?? 'Env & Others';
}

/**
 * Digital "alarm contact" pin types (1 = active) and the alarm each one drives
 * (docs/device-protocol.md "Pin values").
 */
export const CONTACT_PIN_ALARMS: Readonly<Record<string, EngineAlarmId>> = {
  mains_fail: 'mains_fail',
  rectifier_fail: 'rectifier_fail',
  site_down: 'site_down',
  dc_load_fail: 'dc_load_fail',
  dc_low_voltage: 'dc_low_voltage',
  dc_fan_fault: 'dc_fan_fault',
  aviation_light_fail: 'aviation_light_fail',
  smoke_detector: 'smoke',
  water_detector: 'water',
  inverter_battery_low: 'inverter_battery_low',
};

/** Device events (contract DEVICE_EVENT_NAMES) that latch an alarm: value 1 (default) raises, 0 clears. */
export const EVENT_ALARMS: Readonly<Record<string, EngineAlarmId>> = {
  lock_open_fail: 'lock_open_fail',
  lock_close_fail: 'lock_close_fail',
  lock_fault: 'lock_fault',
  card_reader_fault: 'card_reader_fault',
  security_breach: 'security_breach',
  high_vibration: 'vibration',
  mild_vibration: 'vibration',
  high_motion: 'motion',
  smoke_detection: 'smoke',
  water_detection: 'water',
  dg_start_fail: 'dg_start_fail',
  dc_fan_fault: 'dc_fan_fault',
  rectifier_fail: 'rectifier_fail',
  aviation_light_fail: 'aviation_light_fail',
  mdb_fault: 'mdb_fault',
  inverter_battery_low: 'inverter_battery_low',
};
