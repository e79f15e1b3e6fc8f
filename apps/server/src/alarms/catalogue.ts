/**
 * Which event each alarm writes on its transitions (docs/requirements.md#alarm-ids alarm ids and site events;
 * alarm groups are the domain's ALARM_GROUP_MEMBERS). Clearing writes the same event name with `active: false`, except the spec's pairs
 * (door_open/door_close, lock_open/lock_close, security_breach/security_breach_cleared).
 * Alarms without a spec event name write their alarm id (dg_low_fuel, dg_start_fail, door_open_timeout).
 */
import type { SiteAlarmId } from '@towerwatch/domain';

export interface AlarmSpec {
  /** Event written when the alarm is raised. */
  raise: string;
  /** Event written when it clears. */
  clear: string;
}

const same = (name: string): AlarmSpec => ({ raise: name, clear: name });

/** The alarms the engine derives. */
export const ALARM_SPECS = {
  mains_fail: same('mains_fail'),
  // mains_outage is displayed as "AC Line Fail" (docs/requirements.md#event-display-names).
  ac_line_fail: same('mains_outage'),
  site_on_battery: same('battery_power'),
  dc_low_voltage: same('dc_low_voltage'),
  dc_power_fail: same('dc_fail'),
  dc_load_fail: same('dc_load_fail'),
  site_down: same('site_down'),
  rectifier_fail: same('rectifier_fail'),
  mdb_fault: same('mdb_fault'),
  inverter_battery_low: same('inverter_battery_low'),
  dc_fan_fault: same('dc_fan_fault'),
  device_online: same('device_offline'),
  dg_on: same('dg_power'),
  pg_on: same('pg_power'),
  dg_low_fuel: same('dg_low_fuel'),
  dg_start_fail: same('dg_start_fail'),
  aviation_light_fail: same('aviation_light_fail'),
  door_status: { raise: 'door_open', clear: 'door_close' },
  lock_status: { raise: 'lock_open', clear: 'lock_close' },
  security_breach: { raise: 'security_breach', clear: 'security_breach_cleared' },
  door_open_timeout: same('door_open_timeout'),
  lock_open_fail: same('lock_open_fail'),
  lock_close_fail: same('lock_close_fail'),
  lock_fault: same('lock_fault'),
  card_reader_fault: same('card_reader_fault'),
  vibration: same('high_vibration'),
  motion: same('high_motion'),
  high_temperature: same('high_temperature'),
  water: same('water_detection'),
  smoke: same('smoke_detection'),
  // docs/requirements.md#fuel-theft, docs/requirements.md#dg-with-mains
  fuel_theft_suspected: same('fuel_theft_suspected'),
  dg_with_mains: same('dg_with_mains'),
} as const satisfies Partial<Record<SiteAlarmId, AlarmSpec>>;

/** An alarm id the engine derives. */
export type EngineAlarmId = keyof typeof ALARM_SPECS;

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
