/**
 * Alarm occurrences and the fleet alarm console (docs/requirements.md#alarm-console): the event that
 * raises and the event that clears each alarm (one home: the alarm engine writes them, the event lists
 * pair them), who uses the console, its ages, page and export limits, and a ticket's type from an alarm.
 */
import { type AlarmFilterGroup, alarmGroupOf } from './alarm-groups.ts';
import type { SiteAlarmId } from './alarms.ts';
import type { TicketType } from './tickets.ts';
import type { DomainUser } from './users.ts';
import { isMonitoringUser } from './users.ts';

/** The event written when an alarm is raised, and the one written (with `active: false`) when it clears. */
export interface AlarmEventNames {
  raise: string;
  clear: string;
}

const same = (name: string): AlarmEventNames => ({ raise: name, clear: name });

/**
 * Which event each alarm writes on its transitions (docs/requirements.md#alarm-ids). Clearing writes the
 * same event name with `active: false`, except the spec's pairs (door_open/door_close,
 * lock_open/lock_close, security_breach/security_breach_cleared). Alarms without a spec event name
 * write their alarm id (dg_low_fuel, dg_start_fail, door_open_timeout).
 */
export const ALARM_EVENT_NAMES = {
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
} as const satisfies Partial<Record<SiteAlarmId, AlarmEventNames>>;

/** An alarm that writes raise and clear events. */
export type EventAlarmId = keyof typeof ALARM_EVENT_NAMES;

/** Other names a raise event of an alarm may carry: a mild vibration raises the vibration alarm. */
export const ALARM_RAISE_VARIANTS: Readonly<Record<string, EventAlarmId>> = { mild_vibration: 'vibration' };

const RAISES = new Map<string, EventAlarmId>();
for (const [alarm, names] of Object.entries(ALARM_EVENT_NAMES) as [EventAlarmId, AlarmEventNames][])
  RAISES.set(names.raise, alarm);
for (const [name, alarm] of Object.entries(ALARM_RAISE_VARIANTS)) RAISES.set(name, alarm);

/** The alarm an event raises (`active` true and a raise name), or null for any other event. */
export function alarmOfRaiseEvent(event: { name: string; active: boolean }): EventAlarmId | null {
  return event.active ? (RAISES.get(event.name) ?? null) : null;
}

/** Every raise event name with its alarm and that alarm's clear event name (parallel lists, for SQL). */
export function alarmEventPairs(): { raise: string[]; alarm: string[]; clear: string[] } {
  const out = { raise: [] as string[], alarm: [] as string[], clear: [] as string[] };
  for (const [raise, alarm] of RAISES) {
    out.raise.push(raise);
    out.alarm.push(alarm);
    out.clear.push(ALARM_EVENT_NAMES[alarm].clear);
  }
  return out;
}

/** An event as the pairing needs it. */
export interface PairableEvent {
  name: string;
  active: boolean;
  siteUid: string;
  tenant: string | null;
  time: string;
}

/**
 * True when `clear` ends the alarm `raise` raised: same site and tenant, the alarm's clear event
 * (`active` false), at or after the raise.
 */
export function clearsRaise(clear: PairableEvent, raise: PairableEvent): boolean {
  const alarm = alarmOfRaiseEvent(raise);
  if (!alarm || clear.active || clear.name !== ALARM_EVENT_NAMES[alarm].clear) return false;
  return (
    clear.siteUid === raise.siteUid &&
    (clear.tenant ?? '') === (raise.tenant ?? '') &&
    Date.parse(clear.time) >= Date.parse(raise.time)
  );
}

/** Users of the alarm console: monitoring users (company, employee, superuser) and read-only users. */
export function canUseAlarmConsole(user: Pick<DomainUser, 'type'>): boolean {
  return isMonitoringUser(user) || user.type === 'read_only';
}

/** Rows per console page (default) and the most a page may ask for. */
export const ALARM_CONSOLE_PAGE_SIZE = 50;
export const ALARM_CONSOLE_MAX_PAGE_SIZE = 200;
/** The recent view lists raises of the last this many days unless an age says otherwise. */
export const ALARM_CONSOLE_RECENT_DAYS = 7;
/** Rows of one console export (.xlsx) at most. */
export const ALARM_CONSOLE_EXPORT_MAX_ROWS = 50_000;
/** Events one bulk acknowledge may name. */
export const ALARM_CONSOLE_BULK_MAX = 500;

/** The console's views: alarms raised now, or every raise of the recent days (raised → cleared). */
export const ALARM_CONSOLE_VIEWS = ['active', 'recent'] as const;
export type AlarmConsoleView = (typeof ALARM_CONSOLE_VIEWS)[number];

/** Age filters: raised within the last hour / day, or raised more than an hour / a day / a week ago. */
export const ALARM_CONSOLE_AGES = ['lt1h', 'lt24h', 'gt1h', 'gt24h', 'gt7d'] as const;
export type AlarmConsoleAge = (typeof ALARM_CONSOLE_AGES)[number];

export const ALARM_CONSOLE_AGE_LABELS: Readonly<Record<AlarmConsoleAge, string>> = {
  lt1h: 'Raised in the last hour',
  lt24h: 'Raised in the last 24 h',
  gt1h: 'Raised over 1 h ago',
  gt24h: 'Raised over 24 h ago',
  gt7d: 'Raised over 7 days ago',
};

const HOUR_MS = 3_600_000;
const AGE_MS: Readonly<Record<AlarmConsoleAge, number>> = {
  lt1h: HOUR_MS,
  lt24h: 24 * HOUR_MS,
  gt1h: HOUR_MS,
  gt24h: 24 * HOUR_MS,
  gt7d: 7 * 24 * HOUR_MS,
};

/**
 * The raise times a console query keeps at `now`: an age filter, and for the recent view the last
 * {@link ALARM_CONSOLE_RECENT_DAYS} days (the active view lists every raised alarm, however old).
 */
export function alarmConsoleRaisedRange(
  view: AlarmConsoleView,
  age: AlarmConsoleAge | undefined,
  now: Date,
): { after: Date | null; before: Date | null } {
  const t = now.getTime();
  let after = view === 'recent' ? new Date(t - ALARM_CONSOLE_RECENT_DAYS * 24 * HOUR_MS) : null;
  let before: Date | null = null;
  if (age?.startsWith('lt')) {
    const since = new Date(t - AGE_MS[age]);
    if (!after || since > after) after = since;
  } else if (age) before = new Date(t - AGE_MS[age]);
  return { after, before };
}

/** The alarm ids of a console group filter. */
export function alarmConsoleGroupOf(alarmId: string): AlarmFilterGroup | null {
  return alarmGroupOf(alarmId);
}

/**
 * The type of a ticket opened from an alarm (docs/requirements.md#ticket-model): the device's own
 * connectivity is `device`; otherwise Power alarms are `power`, Access `access`, Env & Others
 * `environment`; an unknown id is `other`.
 */
export function ticketTypeOfAlarm(alarmId: string): TicketType {
  if (alarmId === 'device_online') return 'device';
  switch (alarmGroupOf(alarmId)) {
    case 'Power':
      return 'power';
    case 'Access':
      return 'access';
    case 'Env & Others':
      return 'environment';
    default:
      return 'other';
  }
}
