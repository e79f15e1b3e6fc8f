/**
 * Site alarms: ids, the alarm model, paused alarms and which alarms can be disabled
 * (docs/requirements.md#alarm-entity, docs/requirements.md#paused-alarm, docs/requirements.md#disableable-alarms).
 */

/** Site alarm ids (docs/requirements.md#alarm-ids). */
export const SITE_ALARM_IDS = [
  'site_down',
  'mains_fail',
  'ac_line_fail',
  'inverter_battery_low',
  'mdb_fault',
  'dc_power_fail',
  'dc_low_voltage',
  'site_on_battery',
  'rectifier_fail',
  'device_online',
  'dc_load_fail',
  'dc_fan_fault',
  'door_status',
  'lock_status',
  'lock_open_fail',
  'lock_close_fail',
  'door_open_timeout',
  'lock_fault',
  'card_reader_fault',
  'vibration',
  'motion',
  'security_breach',
  'high_temperature',
  'dg_low_fuel',
  'dg_start_fail',
  'dg_on',
  'pg_on',
  'water',
  'smoke',
  'aviation_light_fail',
  'solar_power_generation_fail',
  'solar_control_fail',
  // Beyond the spec (docs/requirements.md#fuel-theft, docs/requirements.md#dg-with-mains).
  'fuel_theft_suspected',
  'dg_with_mains',
] as const;
/** A site alarm id. */
export type SiteAlarmId = (typeof SITE_ALARM_IDS)[number];

/** Alarms that can be disabled (paused) in site settings (docs/requirements.md#disableable-alarms). */
export const DISABLEABLE_ALARM_IDS = [
  'door_status',
  'lock_status',
  'door_open_timeout',
  'security_breach',
  'device_online',
  'lock_open_fail',
  'lock_close_fail',
  'lock_fault',
] as const satisfies readonly SiteAlarmId[];
/** An alarm id that can be disabled. */
export type DisableableAlarmId = (typeof DISABLEABLE_ALARM_IDS)[number];

/** Alarms shown for rectifier sites on the dashboard, with labels (docs/requirements.md#dashboard-rectifier-alarms). */
export const DASHBOARD_RECTIFIER_ALARMS = [
  { id: 'mains_fail', label: 'Mains Fail' },
  { id: 'rectifier_fail', label: 'Rectifier Fail' },
  { id: 'site_down', label: 'Site Down' },
] as const satisfies readonly { id: SiteAlarmId; label: string }[];

/**
 * One alarm of a site (docs/requirements.md#alarm-entity Alarm). `lastEvent` is the time of the last change
 * (ISO string, epoch ms or Date). `isNormal` false means the alarm condition is active.
 */
export interface SiteAlarm {
  id: string;
  group?: string | null;
  tenant?: string | null;
  isAvailable: boolean;
  isNormal: boolean;
  isDisable: boolean;
  lastEvent?: string | number | Date | null;
}

/** True when `value` is a site alarm id. */
export function isSiteAlarmId(value: unknown): value is SiteAlarmId {
  return typeof value === 'string' && (SITE_ALARM_IDS as readonly string[]).includes(value);
}

/** True when the alarm may be disabled in settings. */
export function isDisableableAlarm(id: string): id is DisableableAlarmId {
  return (DISABLEABLE_ALARM_IDS as readonly string[]).includes(id);
}

/** A paused alarm is disabled and available (docs/requirements.md#paused-alarm). */
export function isPausedAlarm(alarm: Pick<SiteAlarm, 'isDisable' | 'isAvailable'>): boolean {
  return alarm.isDisable && alarm.isAvailable;
}

/**
 * An alarm is raised (active) when it is available, not normal and not paused. Decision: a paused
 * alarm never counts as raised.
 */
export function isAlarmRaised(alarm: Pick<SiteAlarm, 'isDisable' | 'isAvailable' | 'isNormal'>): boolean {
  return alarm.isAvailable && !alarm.isNormal && !alarm.isDisable;
}

/** Converts a lastEvent value to epoch milliseconds, or null when absent or invalid. */
export function toEpochMs(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Minutes (fractional) from `lastEvent` to `now`; null when lastEvent is absent or invalid. */
export function minutesSince(lastEvent: string | number | Date | null | undefined, now: Date): number | null {
  const ms = toEpochMs(lastEvent);
  return ms === null ? null : (now.getTime() - ms) / 60_000;
}
