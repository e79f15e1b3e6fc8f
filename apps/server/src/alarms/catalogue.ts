/**
 * Which event each alarm writes on its transitions: the domain's ALARM_EVENT_NAMES (docs/requirements.md#alarm-ids;
 * the event lists pair raises and clears with the same table). Alarm groups are the domain's ALARM_GROUP_MEMBERS.
 */
import { ALARM_EVENT_NAMES, type AlarmEventNames, type EventAlarmId } from '@towerwatch/domain';

export type AlarmSpec = AlarmEventNames;

/** The alarms the engine derives. */
export const ALARM_SPECS: Readonly<Record<EventAlarmId, AlarmSpec>> = ALARM_EVENT_NAMES;

/** An alarm id the engine derives. */
export type EngineAlarmId = EventAlarmId;

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
