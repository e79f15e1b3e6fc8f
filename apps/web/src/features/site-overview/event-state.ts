/**
 * What an event row shows (docs/requirements.md#alarm-console, issue 37): a raise of an alarm is
 * "Active" only while that alarm is still raised; once it cleared it reads raised → cleared with the
 * duration, without Acknowledge. A clear merged live ends the raises it clears.
 */
import type { SiteEvent } from '@towerwatch/contract';
import { alarmOfRaiseEvent, clearsRaise, formatDuration } from '@towerwatch/domain';

export interface EventBadge {
  label: 'Active' | 'Cleared' | 'Clear' | 'Event';
  colour: 'red' | 'teal' | 'gray';
  /** "raised → cleared 10:12, lasted 0hr 12m" for a cleared raise; null otherwise. */
  lifetime: string | null;
  /** Acknowledge and Create ticket are offered (an active alarm, or an event that is no alarm). */
  actionable: boolean;
}

/** The state of an event's alarm: the page's, else (a live raise) active while no clear was seen. */
export function alarmStateOf(event: SiteEvent): 'active' | 'cleared' | null {
  if (event.alarmState !== undefined && event.alarmState !== null) return event.alarmState;
  if (event.alarmState === null) return null;
  return alarmOfRaiseEvent(event) ? 'active' : null;
}

export function eventBadge(event: SiteEvent, formatTime: (iso: string) => string): EventBadge {
  const state = alarmStateOf(event);
  if (state === 'active') return { label: 'Active', colour: 'red', lifetime: null, actionable: true };
  if (state === 'cleared') {
    const ms = event.clearedAt ? Date.parse(event.clearedAt) - Date.parse(event.time) : null;
    const lifetime = event.clearedAt
      ? `raised → cleared ${formatTime(event.clearedAt)}, lasted ${formatDuration((ms ?? 0) / 1000)}`
      : 'raised → cleared since';
    return { label: 'Cleared', colour: 'teal', lifetime, actionable: false };
  }
  if (!event.active) return { label: 'Clear', colour: 'teal', lifetime: null, actionable: false };
  return { label: 'Event', colour: 'gray', lifetime: null, actionable: true };
}

/** A live clear ends the held raises it clears (their alarm is no longer active). */
export function applyLiveClear(events: readonly SiteEvent[], clear: SiteEvent): SiteEvent[] {
  if (clear.active) return [...events];
  return events.map((e) =>
    alarmStateOf(e) === 'active' && clearsRaise(clear, e)
      ? { ...e, alarmState: 'cleared', clearedAt: clear.time }
      : e,
  );
}
