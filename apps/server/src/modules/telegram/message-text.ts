/**
 * The HTML text of an incident message: the site, then one line per transition (company renames apply),
 * a raise line showing how long the alarm lasted once it cleared, and the Acknowledge buttons of the raised
 * alarms (docs/requirements.md#messaging-grouping, docs/requirements.md#messaging-acknowledge).
 */
import { formatDuration, transitionLabel } from '@towerwatch/domain';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { IncidentLine } from './outbox.repository.ts';

/** The callback data of an Acknowledge button. */
export const ACK_PREFIX = 'ack:';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** HH:MM in Asia/Dhaka. */
function dhakaTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', {
    timeZone: 'Asia/Dhaka',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const ICON = { emergency: '🚨', major: '🔴', minor: '🟡' } as const;

export function incidentText(
  site: { uid: string; name: string },
  lines: IncidentLine[],
  companyCode: string | null,
): string {
  const head = `<b>${escapeHtml(site.name)}</b> (${escapeHtml(site.uid)})`;
  const body = lines.map((l) => {
    const label = escapeHtml(transitionLabel(l, companyCode));
    if (!l.active) return `🟢 ${label} cleared · ${dhakaTime(l.at)}`;
    let line = `${ICON[l.severity]} ${label} · ${dhakaTime(l.at)}`;
    if (l.clearedAt) {
      const seconds = (Date.parse(l.clearedAt) - Date.parse(l.at)) / 1000;
      line += ` → cleared ${dhakaTime(l.clearedAt)}, lasted ${formatDuration(seconds)}`;
    }
    if (l.acknowledgedBy) line += ` · acknowledged by ${escapeHtml(l.acknowledgedBy)}`;
    return line;
  });
  return [head, ...body].join('\n');
}

/** One Acknowledge button per raised, uncleared, unacknowledged alarm (at most 5). */
export function incidentKeyboard(
  lines: IncidentLine[],
  companyCode: string | null,
): InlineKeyboardMarkup | undefined {
  const open = lines.filter((l) => l.active && !l.clearedAt && !l.acknowledgedBy).slice(-5);
  if (open.length === 0) return { inline_keyboard: [] };
  return {
    inline_keyboard: open.map((l) => [
      {
        text: open.length === 1 ? 'Acknowledge' : `Acknowledge ${transitionLabel(l, companyCode)}`,
        callback_data: `${ACK_PREFIX}${l.eventId}`,
      },
    ]),
  };
}
