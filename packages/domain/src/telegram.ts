/**
 * Messaging groups (Telegram): group statuses, alarm severities, the notification policy (which alarms,
 * quiet hours in Asia/Dhaka, grouping window, emergency bypass), delivery retries and link codes
 * (docs/requirements.md#messaging, docs/requirements.md#messaging-policy).
 */
import { SITE_ALARM_IDS, type SiteAlarmId } from './alarms.ts';
import { DHAKA_OFFSET_MS } from './date-ranges.ts';
import { eventDisplayName } from './events.ts';
import { isEmergencyEvent } from './permissions.ts';

/** Status of a messaging group (docs/requirements.md#messaging). */
export const TELEGRAM_GROUP_STATUSES = ['active', 'inactive'] as const;
export type TelegramGroupStatus = (typeof TELEGRAM_GROUP_STATUSES)[number];

/** Alarm severities (docs/requirements.md#messaging-severity), most urgent first. */
export const ALARM_SEVERITIES = ['emergency', 'major', 'minor'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Alarms whose messages are sent silently (docs/requirements.md#messaging-severity). */
export const MINOR_ALARM_IDS = [
  'door_status',
  'lock_status',
  'dg_on',
  'pg_on',
  'device_online',
  'dc_fan_fault',
  'aviation_light_fail',
  'motion',
] as const satisfies readonly SiteAlarmId[];

/** Alarm ids whose events are the emergency kinds (security breach, high vibration). */
const EMERGENCY_ALARM_IDS: readonly string[] = ['security_breach', 'vibration'];

/**
 * The severity of a transition (docs/requirements.md#messaging-severity): the emergency event kinds (and
 * their alarms) are emergency, {@link MINOR_ALARM_IDS} minor, everything else major.
 */
export function alarmSeverity(alarmId: string | null, eventName: string): AlarmSeverity {
  if (isEmergencyEvent(eventName) || (alarmId !== null && EMERGENCY_ALARM_IDS.includes(alarmId))) {
    return 'emergency';
  }
  if (alarmId !== null && (MINOR_ALARM_IDS as readonly string[]).includes(alarmId)) return 'minor';
  return 'major';
}

/** Longest grouping window, seconds (docs/requirements.md#messaging-grouping). */
export const MAX_GROUPING_WINDOW_SECONDS = 3600;
/** Minutes in a day: quiet-hour bounds are minutes of the Asia/Dhaka day, 0 … 1439. */
export const MINUTES_PER_DAY = 1440;

/** The alarm settings of one group (docs/requirements.md#messaging-policy). */
export interface NotificationPolicy {
  alarmIds: readonly string[];
  severities: readonly AlarmSeverity[];
  notifyRaise: boolean;
  notifyClear: boolean;
  /** Minute of the Asia/Dhaka day when quiet hours start; null = no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
  groupingSeconds: number;
}

/** A new group's settings (docs/requirements.md#messaging-policy decision). */
export const DEFAULT_NOTIFICATION_POLICY: NotificationPolicy = {
  alarmIds: SITE_ALARM_IDS,
  severities: ALARM_SEVERITIES,
  notifyRaise: true,
  notifyClear: true,
  quietStart: null,
  quietEnd: null,
  groupingSeconds: 300,
};

/** One alarm transition (an event row with its alarm). */
export interface AlarmTransition {
  alarmId: string | null;
  eventName: string;
  /** True when the alarm was raised, false when it cleared. */
  active: boolean;
}

/** True when the policy asks for a message about this transition. */
export function policySelects(policy: NotificationPolicy, t: AlarmTransition): boolean {
  const id = t.alarmId ?? t.eventName;
  if (!policy.alarmIds.includes(id)) return false;
  if (!policy.severities.includes(alarmSeverity(t.alarmId, t.eventName))) return false;
  return t.active ? policy.notifyRaise : policy.notifyClear;
}

/** Minute of the Asia/Dhaka day of `at` (0 … 1439). */
export function dhakaMinuteOfDay(at: Date): number {
  const ms = (((at.getTime() + DHAKA_OFFSET_MS) % 86_400_000) + 86_400_000) % 86_400_000;
  return Math.floor(ms / 60_000);
}

/**
 * True inside quiet hours (docs/requirements.md#messaging-quiet-hours): start inclusive, end exclusive, in
 * Asia/Dhaka; a range past midnight (22:00 → 06:00) wraps; equal bounds or null = none.
 */
export function inQuietHours(policy: Pick<NotificationPolicy, 'quietStart' | 'quietEnd'>, at: Date): boolean {
  const { quietStart: s, quietEnd: e } = policy;
  if (s === null || e === null || s === e) return false;
  const m = dhakaMinuteOfDay(at);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** How one transition is delivered. */
export interface DeliveryPlan {
  /** Sent without sound (minor alarms, quiet hours). */
  silent: boolean;
  /** May join the site's open incident message (false: emergency alarms). */
  groupable: boolean;
}

/** Delivery of a selected transition (docs/requirements.md#messaging-grouping, docs/requirements.md#messaging-quiet-hours). */
export function deliveryPlan(policy: NotificationPolicy, t: AlarmTransition, at: Date): DeliveryPlan {
  const severity = alarmSeverity(t.alarmId, t.eventName);
  if (severity === 'emergency') return { silent: false, groupable: false };
  return {
    silent: severity === 'minor' || inQuietHours(policy, at),
    groupable: policy.groupingSeconds > 0,
  };
}

/** True when a transition at `at` still joins an incident whose first message was at `openedAt`. */
export function withinGroupingWindow(
  policy: Pick<NotificationPolicy, 'groupingSeconds'>,
  openedAt: Date,
  at: Date,
) {
  const age = at.getTime() - openedAt.getTime();
  return policy.groupingSeconds > 0 && age >= 0 && age <= policy.groupingSeconds * 1000;
}

/** The label of a transition's alarm for a company (standard label, then the company's rename). */
export function transitionLabel(t: AlarmTransition, companyCode: string | null): string {
  return eventDisplayName(t.eventName, companyCode);
}

/** Attempts of one queued message before it is marked failed (docs/requirements.md#messaging-delivery). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait before attempt `attempt + 1` after `attempt` failures: 5 s doubling, at most 10 minutes. */
export function deliveryBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 600_000);
}

/** Minutes a Telegram link code stays valid (docs/requirements.md#messaging-link-code). */
export const TELEGRAM_LINK_CODE_MINUTES = 10;
/** Characters of a link code (no 0/O, 1/I). */
export const TELEGRAM_LINK_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Length of a link code. */
export const TELEGRAM_LINK_CODE_LENGTH = 8;
