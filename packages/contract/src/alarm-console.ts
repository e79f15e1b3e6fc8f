/**
 * The fleet alarm console (docs/requirements.md#alarm-console): active alarms and recent raises over
 * every site and allowed tenant of the caller, keyset pages, bulk acknowledge, .xlsx export.
 */
import {
  ALARM_CONSOLE_AGES,
  ALARM_CONSOLE_BULK_MAX,
  ALARM_CONSOLE_MAX_PAGE_SIZE,
  ALARM_CONSOLE_PAGE_SIZE,
  ALARM_CONSOLE_VIEWS,
  ALARM_FILTER_GROUPS,
  ALARM_GROUP_MEMBERS,
} from '@towerwatch/domain';
import { z } from 'zod';
import { bodyIntId, safeText } from './input.ts';
import { isoTime, queryList, tenantCode } from './site-common.ts';

const alarmIds = Object.values(ALARM_GROUP_MEMBERS).flat() as [string, ...string[]];

/** Filters of the console (a page, the export). */
export const alarmConsoleFilter = z.object({
  /** `active` (default): alarms raised now, however old; `recent`: every raise of the last days. */
  view: z.enum(ALARM_CONSOLE_VIEWS).default('active'),
  /** Alarm filter group (Power, Access, Env & Others). */
  group: z.enum(ALARM_FILTER_GROUPS).optional(),
  /** Only these alarm ids. */
  alarms: queryList(z.enum(alarmIds)).optional(),
  /** Only this (allowed) tenant's rows; tenant-less power rows count as the first operator tenant. */
  tenant: tenantCode.optional(),
  division: safeText().trim().min(1).max(64).optional(),
  district: safeText().trim().min(1).max(64).optional(),
  /** Raised within the last hour / day, or more than an hour / a day / a week ago. */
  age: z.enum(ALARM_CONSOLE_AGES).optional(),
  /** `no`: not acknowledged yet; `yes`: acknowledged. */
  acknowledged: z.enum(['yes', 'no']).optional(),
  /** Part of the site id or name (case-insensitive). */
  q: safeText().trim().min(1).max(64).optional(),
  /** Raise time, newest (default) or oldest first. */
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type AlarmConsoleFilter = z.infer<typeof alarmConsoleFilter>;

/** GET /user/alarm-console: one page; `cursor` is the previous page's `nextCursor`. */
export const alarmConsoleQuery = alarmConsoleFilter.extend({
  cursor: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(ALARM_CONSOLE_MAX_PAGE_SIZE).default(ALARM_CONSOLE_PAGE_SIZE),
});
export type AlarmConsoleQuery = z.infer<typeof alarmConsoleQuery>;

/** One console row: an alarm raised at a site (for a tenant), with its state and acknowledgement. */
export const alarmConsoleRow = z.object({
  /** Stable key of the row: `e<eventId>`, or `a<site>|<alarm>|<tenant>` for a raised alarm without its event. */
  key: z.string(),
  /** The raise event (acknowledge, ticket); null when the alarm was raised without one (while paused). */
  eventId: z.number().int().nullable(),
  siteUid: z.string(),
  siteName: z.string(),
  division: z.string().nullable(),
  district: z.string().nullable(),
  alarmId: z.string(),
  /** The raise event's name (its label: `eventDisplayName`). */
  name: z.string(),
  tenant: z.string().nullable(),
  group: z.enum(ALARM_FILTER_GROUPS),
  raisedAt: isoTime,
  /** True while the alarm is still raised (this occurrence). */
  active: z.boolean(),
  /** When it cleared; null while active or when not known. */
  clearedAt: isoTime.nullable(),
  /** Security breach and high vibration (docs/requirements.md#emergency-alarm). */
  emergency: z.boolean(),
  value: z.number().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: isoTime.nullable(),
});
export type AlarmConsoleRow = z.infer<typeof alarmConsoleRow>;

export const alarmConsoleReply = z.object({
  items: z.array(alarmConsoleRow),
  /** Cursor of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AlarmConsoleReply = z.infer<typeof alarmConsoleReply>;

/** POST /user/alarm-console/acknowledge: the raise events to acknowledge (refused to read-only users). */
export const alarmConsoleAcknowledgeBody = z.object({
  eventIds: z.array(bodyIntId).min(1).max(ALARM_CONSOLE_BULK_MAX),
});
export type AlarmConsoleAcknowledgeBody = z.infer<typeof alarmConsoleAcknowledgeBody>;

/**
 * Reply: the events acknowledged now, and the ids left as they were (already acknowledged — the first
 * acknowledgement stays — or not visible to the caller: never told apart).
 */
export const alarmConsoleAcknowledgeReply = z.object({
  acknowledged: z.array(
    z.object({
      eventId: z.number().int(),
      acknowledgedBy: z.string(),
      acknowledgedByName: z.string(),
      acknowledgedAt: isoTime,
    }),
  ),
  unchanged: z.array(z.number().int()),
});
export type AlarmConsoleAcknowledgeReply = z.infer<typeof alarmConsoleAcknowledgeReply>;
