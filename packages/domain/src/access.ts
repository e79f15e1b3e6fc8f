/**
 * Door and lock access control (docs/requirements.md#access-control): cards, groups, attachments,
 * the per-site access list the device enforces, its sync states, the deny reasons of a swipe, weekly
 * time windows in Asia/Dhaka and the spec's messages. Pure rules: the server, the web and the
 * simulator (which plays the device) all decide with these.
 */
import { DHAKA_OFFSET_MS } from './date-ranges.ts';
import { EVENT_PAGE_SIZE, FIRST_EVENT_CURSOR } from './event-list.ts';

/** Why a device refused a card (docs/requirements.md#access-deny-reasons). */
export const ACCESS_DENY_REASONS = [
  'unknown_card',
  'blocked',
  'expired',
  'not_yet_valid',
  'outside_time_window',
  'reader_error',
] as const;
/** A deny reason. */
export type AccessDenyReason = (typeof ACCESS_DENY_REASONS)[number];

/** Whether a site's device has applied the current access-list version (docs/requirements.md#access-sync). */
export const ACCESS_SYNC_STATES = ['pending', 'applied', 'failed'] as const;
/** A sync state. */
export type AccessSyncState = (typeof ACCESS_SYNC_STATES)[number];

/** Kinds of access record: a card swipe, a remote unlock from the browser. */
export const ACCESS_RECORD_KINDS = ['card', 'remote_unlock'] as const;
export type AccessRecordKind = (typeof ACCESS_RECORD_KINDS)[number];

/** What can be dragged (the card side of an attachment): `cardGroupType`. */
export const ACCESS_CARD_TARGET_TYPES = ['card', 'card_group'] as const;
export type AccessCardTargetType = (typeof ACCESS_CARD_TARGET_TYPES)[number];
/** Where it can be dropped (the site side of an attachment): `siteGroupType`. */
export const ACCESS_SITE_TARGET_TYPES = ['site', 'site_group'] as const;
export type AccessSiteTargetType = (typeof ACCESS_SITE_TARGET_TYPES)[number];

/** The spec's messages of the access management screen (docs/requirements.md#access-messages). */
export const ACCESS_MESSAGES = {
  /** Attach or detach without a site or site-group target. */
  dropOnSite: 'Please drop the item on a Site or Site Group',
  /** Attach or detach without a card or card-group item. */
  dropOnCard: 'Please drop the item on a Card or Card Group',
  /** A failed detach. */
  detachFailed: 'something wrong',
  /** Shown while a site's device has not applied the current list. */
  syncPending: 'sync pending',
} as const;

/**
 * The action words of the read-only refusal toast for each restricted access action
 * ('Sorry! You don't have the necessary permission to {action}.', docs/requirements.md#restricted-actions).
 */
export const ACCESS_ACTIONS = {
  addCard: 'add a card',
  deleteCard: 'delete a card',
  masterRemove: 'remove a card from every site',
  clearCards: 'clear the cards of a site',
  saveCard: 'save a card',
  saveCardGroup: 'save a card group',
  deleteCardGroup: 'delete a card group',
  saveSiteGroup: 'save a site group',
  deleteSiteGroup: 'delete a site group',
  attach: 'attach groups',
  detach: 'detach groups',
} as const;

/** Access records and cards page like events: 100 per page (docs/requirements.md#events-paging). */
export const ACCESS_PAGE_SIZE = EVENT_PAGE_SIZE;
/** The first page's cursor; ids strictly below it are returned. */
export const ACCESS_FIRST_CURSOR = FIRST_EVENT_CURSOR;

/** Entries per access-list command chunk (docs/device-protocol.md "access_list"). */
export const ACCESS_LIST_CHUNK_SIZE = 200;
/**
 * Least time between two list resends to one site caused by its device reporting a version other than
 * the applied one (docs/requirements.md#access-reconcile): a flapping device cannot cause a storm.
 */
export const ACCESS_LIST_RESEND_MIN_INTERVAL_MS = 60_000;
/** Most members a card group or site group may have; most entries of one group save. */
export const MAX_ACCESS_GROUP_MEMBERS = 50_000;
/** Most weekly time windows one card may have. */
export const MAX_TIME_WINDOWS = 14;
/** Zoom levels of the open-hours chart: the bucket of each bar. */
export const OPEN_HOURS_ZOOMS = ['hour', 'day', 'week', 'month'] as const;
export type OpenHoursZoom = (typeof OPEN_HOURS_ZOOMS)[number];
/** Longest open-hours range, in days (an hour zoom over more would be too many bars). */
export const MAX_OPEN_HOURS_DAYS = 366;
/** The card number format (as printed or encoded; digits or hex), as the device reports it. */
export const CARD_NUMBER_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/**
 * A weekly time window in Asia/Dhaka: `days` 0 (Sunday) … 6 (Saturday), `from` inclusive and `until`
 * exclusive as `HH:MM`. `until` earlier than `from` runs past midnight into the next day.
 * Example: Sun–Thu 08:00–18:00 = `{ days: [0,1,2,3,4], from: '08:00', until: '18:00' }`.
 */
export interface TimeWindow {
  days: number[];
  from: string;
  until: string;
}

/** `HH:MM`, 00:00 … 24:00. */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Day of week (0 = Sunday) and minute of day of `at` in Asia/Dhaka. */
export function dhakaWeekMinute(at: Date): { day: number; minute: number } {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return { day: local.getUTCDay(), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** True when `at` falls in one of `windows`; no windows means always. */
export function isWithinTimeWindows(windows: readonly TimeWindow[], at: Date): boolean {
  if (windows.length === 0) return true;
  const { day, minute } = dhakaWeekMinute(at);
  return windows.some((w) => {
    const from = minutesOf(w.from);
    const until = minutesOf(w.until);
    if (from < until) return w.days.includes(day) && minute >= from && minute < until;
    if (from === until) return w.days.includes(day);
    // past midnight: the evening part on the listed day, the morning part on the next day
    const yesterday = (day + 6) % 7;
    return (w.days.includes(day) && minute >= from) || (w.days.includes(yesterday) && minute < until);
  });
}

/** One card as the device holds it (an entry of the access list). */
export interface AccessListEntry {
  card_number: string;
  /** ISO instant or null: valid from. */
  valid_from: string | null;
  /** ISO instant or null: valid until (exclusive). */
  valid_until: string | null;
  blocked: boolean;
  time_windows: TimeWindow[];
}

/** The device's decision for a swipe of `cardNumber` at `at` given its list (docs/requirements.md#access-deny-reasons). */
export function accessDecision(
  list: ReadonlyMap<string, AccessListEntry> | readonly AccessListEntry[],
  cardNumber: string,
  at: Date,
): { granted: true } | { granted: false; reason: AccessDenyReason } {
  const entry = Array.isArray(list)
    ? (list as readonly AccessListEntry[]).find((e) => e.card_number === cardNumber)
    : (list as ReadonlyMap<string, AccessListEntry>).get(cardNumber);
  if (!entry) return { granted: false, reason: 'unknown_card' };
  if (entry.blocked) return { granted: false, reason: 'blocked' };
  const t = at.getTime();
  if (entry.valid_from && t < Date.parse(entry.valid_from))
    return { granted: false, reason: 'not_yet_valid' };
  if (entry.valid_until && t >= Date.parse(entry.valid_until)) return { granted: false, reason: 'expired' };
  if (!isWithinTimeWindows(entry.time_windows, at)) return { granted: false, reason: 'outside_time_window' };
  return { granted: true };
}

/** The sync state of a site from the statuses of the commands of its current list version. */
export function accessSyncState(
  commandStatuses: readonly ('pending' | 'sent' | 'acked' | 'failed')[],
): AccessSyncState {
  if (commandStatuses.some((s) => s === 'failed')) return 'failed';
  if (commandStatuses.every((s) => s === 'acked')) return 'applied';
  return 'pending';
}

/** Splits a list into chunks of {@link ACCESS_LIST_CHUNK_SIZE}; an empty list is one empty chunk (clears the device). */
export function accessListChunks<T>(entries: readonly T[], size = ACCESS_LIST_CHUNK_SIZE): T[][] {
  if (entries.length === 0) return [[]];
  const chunks: T[][] = [];
  for (let i = 0; i < entries.length; i += size) chunks.push(entries.slice(i, i + size));
  return chunks;
}

/**
 * Start instants (epoch ms) of the open-hours buckets covering [fromMs, untilMs) for `zoom`, on
 * Asia/Dhaka boundaries (weeks start on Sunday) (docs/requirements.md#open-hours).
 */
export function openHoursBucketStarts(fromMs: number, untilMs: number, zoom: OpenHoursZoom): number[] {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const local = (ms: number) => new Date(ms + DHAKA_OFFSET_MS);
  const floor = (ms: number): number => {
    if (zoom === 'hour') return Math.floor(ms / HOUR) * HOUR;
    const d = local(ms);
    const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - DHAKA_OFFSET_MS;
    if (zoom === 'day') return dayStart;
    if (zoom === 'week') return dayStart - d.getUTCDay() * DAY;
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - DHAKA_OFFSET_MS;
  };
  const step = (ms: number): number => {
    if (zoom === 'hour') return ms + HOUR;
    if (zoom === 'day') return ms + DAY;
    if (zoom === 'week') return ms + 7 * DAY;
    const d = local(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DHAKA_OFFSET_MS;
  };
  const starts: number[] = [];
  for (let t = floor(fromMs); t < untilMs; t = step(t)) starts.push(t);
  return starts;
}

/** Seconds of the periods [start, end) inside each bucket (`starts` from {@link openHoursBucketStarts}). */
export function openSecondsPerBucket(
  periods: readonly { start: number; end: number }[],
  starts: readonly number[],
  untilMs: number,
): number[] {
  return starts.map((b, i) => {
    const e = starts[i + 1] ?? untilMs;
    let ms = 0;
    for (const p of periods) ms += Math.max(0, Math.min(e, p.end) - Math.max(b, p.start));
    return Math.round(ms / 1000);
  });
}
