/**
 * Pure logic of the messaging-group pages (docs/requirements.md#messaging-policy): alarm choices with
 * their severities, quiet-hour times, the delivery summary of a group.
 */
import type { Delivery, NotificationPolicyBody, TelegramGroup } from '@towerwatch/contract';
import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  alarmSeverity,
  humanizeCode,
  SITE_ALARM_IDS,
} from '@towerwatch/domain';

/** Severity labels. */
export const SEVERITY_LABELS: Readonly<Record<AlarmSeverity, string>> = {
  emergency: 'Emergency',
  major: 'Major',
  minor: 'Minor (silent)',
};

export interface AlarmChoice {
  id: (typeof SITE_ALARM_IDS)[number];
  label: string;
  severity: AlarmSeverity;
}

/** Every alarm id a group may receive, grouped by severity (most urgent first), then by label. */
export function alarmChoices(): AlarmChoice[] {
  const choices = SITE_ALARM_IDS.map((id) => ({
    id,
    label: humanizeCode(id),
    severity: alarmSeverity(id, id),
  }));
  const rank = (s: AlarmSeverity) => ALARM_SEVERITIES.indexOf(s);
  return choices.sort((a, b) => rank(a.severity) - rank(b.severity) || a.label.localeCompare(b.label));
}

/** "HH:MM" of a minute of the day; '' for null. */
export function minuteToTime(minute: number | null): string {
  if (minute === null) return '';
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Minute of the day of "HH:MM"; null for '' or an invalid time. */
export function timeToMinute(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** A sentence describing the settings (shown on the group list). */
export function policySummary(p: NotificationPolicyBody): string {
  const parts = [
    `${p.alarm_ids.length} alarms`,
    p.severities.map((s) => SEVERITY_LABELS[s].split(' ')[0]).join('/'),
  ];
  if (p.grouping_seconds > 0) parts.push(`grouped ${p.grouping_seconds} s`);
  if (p.quiet_start !== null) parts.push(`quiet ${minuteToTime(p.quiet_start)}–${minuteToTime(p.quiet_end)}`);
  return parts.join(' · ');
}

/** The status badge of a group: inactive, the bot not an admin, or active. */
export function groupHealth(g: Pick<TelegramGroup, 'status' | 'bot_admin' | 'deliveries'>): {
  label: string;
  color: string;
} {
  if (g.status === 'inactive') return { label: 'Inactive', color: 'gray' };
  if (g.bot_admin === false) return { label: 'Bot is not admin', color: 'orange' };
  if (g.deliveries.failed > 0) return { label: 'Active · failures', color: 'red' };
  return { label: 'Active', color: 'green' };
}

/** Colour of a delivery status. */
export function deliveryColor(status: Delivery['status']): string {
  return status === 'sent' ? 'green' : status === 'failed' ? 'red' : 'blue';
}
