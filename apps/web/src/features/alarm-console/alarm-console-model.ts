/**
 * Pure logic of the alarm console (docs/requirements.md#alarm-console): its filter kept in the URL
 * (shareable, survives a reload), pages appended without duplicates, and live updates — an
 * acknowledgement updates its row, a clear ends the rows it clears (the active view drops them).
 */
import type { AlarmConsoleFilter, AlarmConsoleRow, SiteEvent } from '@towerwatch/contract';
import {
  ALARM_CONSOLE_AGES,
  ALARM_CONSOLE_VIEWS,
  ALARM_FILTER_GROUPS,
  type AlarmConsoleAge,
  type AlarmConsoleView,
  type AlarmFilterGroup,
  alarmOfRaiseEvent,
  clearsRaise,
} from '@towerwatch/domain';

/** The filter as the page holds it (every field a string the URL can carry). */
export interface ConsoleFilter {
  view: AlarmConsoleView;
  group: AlarmFilterGroup | null;
  alarms: string[];
  tenant: string | null;
  division: string | null;
  district: string | null;
  age: AlarmConsoleAge | null;
  acknowledged: 'yes' | 'no' | null;
  q: string;
  sort: 'newest' | 'oldest';
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : null;
const text = (v: string | null) => (v?.trim() ? v.trim() : null);

export function filterFromParams(params: URLSearchParams): ConsoleFilter {
  return {
    view: oneOf(ALARM_CONSOLE_VIEWS, params.get('view')) ?? 'active',
    group: oneOf(ALARM_FILTER_GROUPS, params.get('group')),
    alarms: (params.get('alarms') ?? '').split(',').filter(Boolean),
    tenant: text(params.get('tenant')),
    division: text(params.get('division')),
    district: text(params.get('district')),
    age: oneOf(ALARM_CONSOLE_AGES, params.get('age')),
    acknowledged: oneOf(['yes', 'no'] as const, params.get('acknowledged')),
    q: params.get('q') ?? '',
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}

/** The URL parameters of a filter; defaults are left out. */
export function filterToParams(f: ConsoleFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.view !== 'active') p.set('view', f.view);
  if (f.group) p.set('group', f.group);
  if (f.alarms.length) p.set('alarms', f.alarms.join(','));
  for (const key of ['tenant', 'division', 'district', 'age', 'acknowledged'] as const) {
    const v = f[key];
    if (v) p.set(key, v);
  }
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.sort !== 'newest') p.set('sort', f.sort);
  return p;
}

/** The API query of a filter. */
export function filterQuery(
  f: ConsoleFilter,
): Partial<AlarmConsoleFilter> & Pick<AlarmConsoleFilter, 'view' | 'sort'> {
  return {
    view: f.view,
    sort: f.sort,
    group: f.group ?? undefined,
    alarms: f.alarms.length ? (f.alarms as AlarmConsoleFilter['alarms']) : undefined,
    tenant: (f.tenant ?? undefined) as AlarmConsoleFilter['tenant'],
    division: f.division ?? undefined,
    district: f.district ?? undefined,
    age: f.age ?? undefined,
    acknowledged: f.acknowledged ?? undefined,
    q: f.q.trim() || undefined,
  };
}

/** Appends a page: rows already held (a live refresh brought them) are not repeated. */
export function appendRows(
  held: readonly AlarmConsoleRow[],
  page: readonly AlarmConsoleRow[],
): AlarmConsoleRow[] {
  const keys = new Set(held.map((r) => r.key));
  return [...held, ...page.filter((r) => !keys.has(r.key))];
}

/**
 * A fresh first page merged into the held rows: its rows not held yet go on top (a newly raised alarm),
 * held rows get the fresh copy.
 */
export function mergeFirstPage(
  held: readonly AlarmConsoleRow[],
  first: readonly AlarmConsoleRow[],
): AlarmConsoleRow[] {
  const fresh = new Map(first.map((r) => [r.key, r]));
  const heldKeys = new Set(held.map((r) => r.key));
  const added = first.filter((r) => !heldKeys.has(r.key));
  return [...added, ...held.map((r) => fresh.get(r.key) ?? r)];
}

/** An acknowledgement (live or our own) on its row. */
export function applyAcknowledged(
  rows: readonly AlarmConsoleRow[],
  ack: { id: number; acknowledgedBy: string; acknowledgedByName: string; acknowledgedAt: string },
): AlarmConsoleRow[] {
  return rows.map((r) =>
    r.eventId === ack.id && !r.acknowledgedBy
      ? {
          ...r,
          acknowledgedBy: ack.acknowledgedBy,
          acknowledgedByName: ack.acknowledgedByName,
          acknowledgedAt: ack.acknowledgedAt,
        }
      : r,
  );
}

/** A live clear: the rows it clears end (cleared at its time); the active view no longer lists them. */
export function applyClear(
  rows: readonly AlarmConsoleRow[],
  clear: SiteEvent,
  view: AlarmConsoleView,
): AlarmConsoleRow[] {
  const ends = (r: AlarmConsoleRow) =>
    r.active &&
    clearsRaise(clear, {
      name: r.name,
      active: true,
      siteUid: r.siteUid,
      tenant: r.tenant,
      time: r.raisedAt,
    });
  if (view === 'active') return rows.filter((r) => !ends(r));
  return rows.map((r) => (ends(r) ? { ...r, active: false, clearedAt: clear.time } : r));
}

/** True when a live event changes what the console lists: a raise or a clear of an alarm. */
export function isAlarmTransition(event: SiteEvent): boolean {
  return event.active ? alarmOfRaiseEvent(event) !== null : true;
}

/** Selectable rows: those with a raise event not acknowledged yet. */
export function selectableKeys(rows: readonly AlarmConsoleRow[]): string[] {
  return rows.filter((r) => r.eventId !== null && !r.acknowledgedBy).map((r) => r.key);
}
