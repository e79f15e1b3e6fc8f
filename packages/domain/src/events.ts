/**
 * Event names, groups and display names (docs/requirements.md#event-display-names, docs/requirements.md#event-names, docs/requirements.md#power-events).
 */
import { renameEventLabelForCompany } from './companies.ts';

/** Site event names (docs/requirements.md#event-names). */
export const SITE_EVENTS = [
  'ac_fail',
  'dc_fail',
  'dg_power',
  'pg_power',
  'site_down',
  'mdb_fault',
  'mains_fail',
  'mains_outage',
  'inverter_battery_low',
  'battery_power',
  'high_temperature',
  'dc_low_voltage',
  'dc_critical_voltage',
  'dc_load_fail',
  'aviation_light_fail',
  'rectifier_fail',
  'dc_fan_fault',
  'dc_overload',
  'door_open',
  'door_close',
  'lock_open',
  'lock_close',
  'lock_close_fail',
  'lock_open_fail',
  'lock_fault',
  'card_reader_fault',
  'security_breach',
  'security_breach_cleared',
  'high_vibration',
  'mild_vibration',
  'high_motion',
  'water_detection',
  'smoke_detection',
  'device_offline',
] as const;
/** A site event name. */
export type SiteEventName = (typeof SITE_EVENTS)[number];

/** In the rectifier variant the low-voltage event is coded `battery_low` (docs/requirements.md#battery-low-variant). */
export const RECTIFIER_LOW_VOLTAGE_EVENT = 'battery_low';

/** Any event name: a site event or the rectifier variant's `battery_low`. */
export type EventName = SiteEventName | typeof RECTIFIER_LOW_VOLTAGE_EVENT;

/** Access events (docs/requirements.md#access-events): door, lock, card reader, security breach, vibration, motion. */
export const ACCESS_EVENTS = [
  'door_open',
  'door_close',
  'lock_open',
  'lock_close',
  'lock_open_fail',
  'lock_close_fail',
  'lock_fault',
  'card_reader_fault',
  'security_breach',
  'security_breach_cleared',
  'high_vibration',
  'mild_vibration',
  'high_motion',
] as const satisfies readonly SiteEventName[];
/** An access event name. */
export type AccessEventName = (typeof ACCESS_EVENTS)[number];

/** Power events (docs/requirements.md#power-events); tenant filtering applies to these. */
export const POWER_EVENTS = [
  'ac_fail',
  'dc_fail',
  'site_down',
  'mdb_fault',
  'mains_fail',
  'mains_outage',
  'dc_low_voltage',
  'dc_critical_voltage',
  'dc_load_fail',
  'dc_overload',
  'device_offline',
  'inverter_battery_low',
] as const satisfies readonly SiteEventName[];
/**
 * Every event name the tenant rule treats as power (docs/requirements.md#tenant-rule): {@link POWER_EVENTS} and the
 * rectifier variant's `battery_low` (decision: it is DC low voltage).
 */
export const POWER_EVENT_NAMES: readonly EventName[] = [...POWER_EVENTS, RECTIFIER_LOW_VOLTAGE_EVENT];

/** The group an event row belongs to: RMS (monitoring) or ACS (access) (docs/requirements.md#api-calls). */
export const EVENT_ROW_GROUPS = ['RMS', 'ACS'] as const;

/** Event groups of the network events call (docs/requirements.md#event-groups): a row group or ALL. */
export const EVENT_GROUPS = [...EVENT_ROW_GROUPS, 'ALL'] as const;
/** An event group. */
export type EventGroup = (typeof EVENT_GROUPS)[number];

/** True when `name` is an access event. */
export function isAccessEvent(name: string): name is AccessEventName {
  return (ACCESS_EVENTS as readonly string[]).includes(name);
}

/** True for power events, including the rectifier variant's `battery_low` (decision: it is DC low voltage). */
export function isPowerEvent(name: string): boolean {
  return (POWER_EVENT_NAMES as readonly string[]).includes(name);
}

/** The group an event belongs to: ACS for access events, RMS for everything else. */
export function eventGroupOf(name: string): Exclude<EventGroup, 'ALL'> {
  return isAccessEvent(name) ? 'ACS' : 'RMS';
}

/** Words written in capitals when a code is turned into a label. */
const ACRONYMS = new Set(['ac', 'dc', 'dg', 'pg', 'mdb', 'rms', 'acs', 'bms', 'soc', 'soh']);

/** Turns a snake_case code into a Title Case label, keeping known acronyms upper-case. */
export function humanizeCode(code: string): string {
  return code
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join(' ');
}

/**
 * Standard labels that differ from {@link humanizeCode} (docs/requirements.md#event-display-names): mains_outage shows as
 * AC Line Fail, dc_critical_voltage as Battery Critical. `battery_low` reads Battery Low.
 */
export const EVENT_LABEL_OVERRIDES: Readonly<Record<string, string>> = {
  mains_outage: 'AC Line Fail',
  dc_critical_voltage: 'Battery Critical',
  battery_low: 'Battery Low',
};

/**
 * The final label of any event (or alarm id) for a company: the standard label (override or
 * humanised code, e.g. dc_low_voltage → 'DC Low Voltage', ac_line_fail → 'AC Line Fail'), then the
 * company's rename (ftb/stl: AC Line Fail → Grid Fail; stl: DC Low Voltage → Battery Low).
 */
export function eventDisplayName(name: string, companyCode?: string | null): string {
  const label = EVENT_LABEL_OVERRIDES[name] ?? humanizeCode(name);
  return renameEventLabelForCompany(label, companyCode);
}
