/**
 * Door and lock access control (docs/requirements.md#access-control): the queries, bodies and replies of
 * the 19 `/door/...` calls and the revocation ledger. Parameter names are the spec's (its mix of
 * camelCase and snake_case); payloads the spec leaves open are designed here (docs/api.md "Access control").
 */
import {
  ACCESS_CARD_TARGET_TYPES,
  ACCESS_DENY_REASONS,
  ACCESS_RECORD_KINDS,
  ACCESS_SITE_TARGET_TYPES,
  ACCESS_SYNC_STATES,
  CARD_NUMBER_PATTERN,
  MAX_TIME_WINDOWS,
  OPEN_HOURS_ZOOMS,
  PG_INT_MAX,
  TIME_OF_DAY_PATTERN,
} from '@towerwatch/domain';
import { z } from 'zod';
import { bodyIntId, queryInt, safeText } from './input.ts';
import { dateParam, eventCursorParam, isoTime, siteUid, userUidParam } from './site-common.ts';

// ---------------------------------------------------------------- building blocks

/** A card number as printed or encoded: 1–32 letters or digits. */
export const cardNumber = z
  .string()
  .trim()
  .regex(CARD_NUMBER_PATTERN, 'card_number must be 1–32 letters or digits');
/** A group id in a query string. */
export const groupIdQuery = queryInt(1, PG_INT_MAX);
/** `userUid` / `user_uid` of the access calls: optional; operators name a customer with it (as the site lists). */
export const userUidOptional = userUidParam.optional();

/** A weekly time window in Asia/Dhaka (domain `TimeWindow`): days 0 = Sunday … 6 = Saturday, `HH:MM`. */
export const timeWindow = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  from: z.string().regex(TIME_OF_DAY_PATTERN, 'from must be HH:MM'),
  until: z.string().regex(TIME_OF_DAY_PATTERN, 'until must be HH:MM'),
});
export type TimeWindowInput = z.infer<typeof timeWindow>;

/** An ISO-8601 instant with offset (`2026-01-01T00:00:00+06:00`), or null for "no bound". */
const validityBound = z.iso.datetime({ offset: true }).nullable().optional();

/** The card fields a client may set (add-card and card/save). */
export const cardFields = {
  card_number: cardNumber,
  holder_name: safeText().trim().max(100).nullable().optional(),
  valid_from: validityBound,
  valid_until: validityBound,
  blocked: z.boolean().optional(),
  time_windows: z.array(timeWindow).max(MAX_TIME_WINDOWS).optional(),
};

export function validityOrder(body: { valid_from?: string | null; valid_until?: string | null }) {
  return !body.valid_from || !body.valid_until || Date.parse(body.valid_from) < Date.parse(body.valid_until);
}
export const validityMessage = { message: 'valid_until must be after valid_from', path: ['valid_until'] };

/** The side of an attachment that is dropped on (a site or a site group). */
export const siteTarget = z.object({
  siteGroupType: z.enum(ACCESS_SITE_TARGET_TYPES),
  /** The site uid for `site`, the group id (as a string) for `site_group`. */
  siteGroupId: z.string(),
  name: z.string(),
});
export type SiteTarget = z.infer<typeof siteTarget>;
/** The side of an attachment that is dragged (a card or a card group). */
export const cardTarget = z.object({
  cardGroupType: z.enum(ACCESS_CARD_TARGET_TYPES),
  cardGroupId: z.number().int(),
  /** The group name, or the card number (and holder) of a card. */
  name: z.string(),
});
export type CardTarget = z.infer<typeof cardTarget>;

/** A card of the company (the manage screen's card list). */
export const accessCard = z.object({
  card_id: z.number().int(),
  card_number: z.string(),
  holder_name: z.string().nullable(),
  valid_from: isoTime.nullable(),
  valid_until: isoTime.nullable(),
  blocked: z.boolean(),
  /** A master card opens every site of the company. */
  master: z.boolean(),
  time_windows: z.array(timeWindow),
  company_id: z.string(),
  /** Sites the card is assigned to directly (add-card). */
  site_count: z.number().int(),
  /** Card groups it is a member of. */
  group_ids: z.array(z.number().int()),
  /** Sites and site groups the card itself is attached to. */
  attached_to: z.array(siteTarget),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AccessCard = z.infer<typeof accessCard>;

/** A card assigned to a site (the spec's access card: access_id, card_number, site_uid, user_uid). */
export const siteCard = z.object({
  /** Id of the assignment; delete-card takes it. */
  access_id: z.number().int(),
  card_id: z.number().int(),
  card_number: z.string(),
  holder_name: z.string().nullable(),
  valid_from: isoTime.nullable(),
  valid_until: isoTime.nullable(),
  blocked: z.boolean(),
  master: z.boolean(),
  time_windows: z.array(timeWindow),
  site_uid: z.string(),
  /** Who added the card to the site. */
  user_uid: z.string().nullable(),
  created_at: isoTime,
});
export type SiteCard = z.infer<typeof siteCard>;

/** Whether a site's device has applied the current access list (docs/requirements.md#access-sync). */
export const accessSync = z.object({
  siteUid: z.string(),
  state: z.enum(ACCESS_SYNC_STATES),
  /** Version of the list the server last sent (0: never sent). */
  version: z.number().int(),
  /** Latest version the device acknowledged completely; null when none. */
  appliedVersion: z.number().int().nullable(),
  /** Cards in the current list. */
  cardCount: z.number().int(),
  /** The device the list goes to; null when the site has none. */
  comId: z.string().nullable(),
  /** Why the last version failed (`timeout`, `no device`, the device's error), else null. */
  error: z.string().nullable(),
  updatedAt: isoTime.nullable(),
});
export type AccessSync = z.infer<typeof accessSync>;

// ---------------------------------------------------------------- site calls (/door/api, /door/access)

/** GET /door/api/open-hours: periods the site's door was open, and open time per bucket. */
export const openHoursQuery = z.object({
  siteUid,
  fromDate: dateParam,
  untilDate: dateParam,
  zoom: z.enum(OPEN_HOURS_ZOOMS).default('day'),
});
export type OpenHoursQuery = z.infer<typeof openHoursQuery>;
export const openHoursReply = z.object({
  siteUid: z.string(),
  zoom: z.enum(OPEN_HOURS_ZOOMS),
  fromDate: z.string(),
  untilDate: z.string(),
  /** Open periods overlapping the range, clipped to it; `closedAt` null = still open. */
  periods: z.array(z.object({ openedAt: isoTime, closedAt: isoTime.nullable() })),
  /** One bucket per zoom step (Asia/Dhaka boundaries) with the seconds the door was open in it. */
  buckets: z.array(z.object({ start: isoTime, openSeconds: z.number() })),
  totalOpenSeconds: z.number(),
});
export type OpenHoursReply = z.infer<typeof openHoursReply>;

/** GET /door/api/events, /door/access/fetch-records, /door/access/fetch-cards: a site and the cursor. */
export const doorPageQuery = z.object({ siteUid, oldestId: eventCursorParam });
export type DoorPageQuery = z.infer<typeof doorPageQuery>;

/** One access record: a card swipe or a remote unlock. */
export const accessRecord = z.object({
  id: z.number().int(),
  siteUid: z.string(),
  comId: z.string(),
  kind: z.enum(ACCESS_RECORD_KINDS),
  /** The card swiped ('' for a remote unlock). */
  cardNumber: z.string(),
  granted: z.boolean(),
  /** Why the device refused, when not granted (domain deny reasons; older devices may send others). */
  reason: z.string().nullable(),
  door: z.string().nullable(),
  /** The company card of that number, when there is one. */
  cardId: z.number().int().nullable(),
  holderName: z.string().nullable(),
  /** Remote unlock: uid and display name of the operator who unlocked. */
  unlockedBy: z.string().nullable(),
  unlockedByName: z.string().nullable(),
  time: isoTime,
});
export type AccessRecord = z.infer<typeof accessRecord>;
export const accessRecordsReply = z.object({
  items: z.array(accessRecord),
  /** Cursor for the next page; null on the last page. */
  nextOldestId: z.number().int().nullable(),
});
export type AccessRecordsReply = z.infer<typeof accessRecordsReply>;

export const siteCardsReply = z.object({
  /** The cards assigned to the site directly, newest first (by access_id). */
  items: z.array(siteCard),
  nextOldestId: z.number().int().nullable(),
  sync: accessSync,
  /** Cards on the site's effective list (direct, master, and through attached groups). */
  effectiveCount: z.number().int(),
});
export type SiteCardsReply = z.infer<typeof siteCardsReply>;

/** POST /door/access/add-card: the card (created or updated by its number) is assigned to the site. */
export const addCardBody = z
  .object({ site_uid: siteUid, user_uid: userUidOptional, ...cardFields })
  .refine(validityOrder, validityMessage);
export type AddCardBody = z.infer<typeof addCardBody>;
export const addCardReply = z.object({ card: siteCard, sync: accessSync });
export type AddCardReply = z.infer<typeof addCardReply>;

/** POST /door/access/delete-card: ends one assignment. */
export const deleteCardBody = z.object({ access_id: bodyIntId });
export type DeleteCardBody = z.infer<typeof deleteCardBody>;
export const deleteCardReply = z.object({ access_id: z.number().int(), sync: accessSync });
export type DeleteCardReply = z.infer<typeof deleteCardReply>;

/**
 * POST /door/access/master-remove: the card leaves every site of the company (its assignments,
 * its own attachments, its group memberships and its master flag end; the card record stays).
 */
export const masterRemoveBody = z.object({ user_uid: userUidOptional, card_number: cardNumber });
export type MasterRemoveBody = z.infer<typeof masterRemoveBody>;
export const masterRemoveReply = z.object({
  card_number: z.string(),
  card_id: z.number().int(),
  /** Sites whose list changed (a new version is on its way to each). */
  sitesAffected: z.number().int(),
});
export type MasterRemoveReply = z.infer<typeof masterRemoveReply>;

/** POST /door/access/clear-cards: removes the site's assignments and the attachments naming the site. */
export const clearCardsBody = z.object({ siteUid });
export type ClearCardsBody = z.infer<typeof clearCardsBody>;
export const clearCardsReply = z.object({
  siteUid: z.string(),
  removed: z.number().int(),
  /** Cards that stay on the list through site groups and master cards. */
  remaining: z.number().int(),
  sync: accessSync,
});
export type ClearCardsReply = z.infer<typeof clearCardsReply>;

/** Deny reasons of a swipe (for filters and labels). */
export const accessDenyReason = z.enum(ACCESS_DENY_REASONS);
