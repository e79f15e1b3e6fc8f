/**
 * Building blocks shared by the site, network and dashboard contracts: identifiers, query-string
 * flags, paging and the event cursor (docs/requirements.md#site-calls, docs/requirements.md#events-paging).
 */
import {
  ALL_TENANTS,
  FIRST_EVENT_CURSOR,
  MAX_PAGE,
  OPERATOR_SITE_LOAD_LIMIT,
  SITE_LOAD_LIMIT,
} from '@towerwatch/domain';
import { z } from 'zod';
import { queryInt, safeText } from './input.ts';

/** A site uid (docs/requirements.md#site-entity). */
export const siteUid = safeText().trim().min(1).max(64);
/** A user uid as the spec passes it (`user_uid`, `userUid`). */
export const userUidParam = safeText().trim().min(1).max(64);
/** A tenant code (operator or rectifier-based tenant, docs/requirements.md#rectifier-tenants). */
export const tenantCode = z.enum(ALL_TENANTS);
/** A device communication id (`com_id`). */
export const comId = safeText().trim().min(1).max(64);

/** Query-string boolean: `true|false|1|0|yes|no|on|off`. */
export const queryFlag = z.stringbool();

/**
 * A list in the query string: either repeated (`tenants=robi&tenants=banglalink`) or comma-separated
 * (`tenants=robi,banglalink`). Empty entries are dropped.
 */
export function queryList<T extends z.ZodType<string>>(item: T) {
  return z.preprocess((raw) => {
    const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(parts)) return parts;
    return parts
      .flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]))
      .map((p) => (typeof p === 'string' ? p.trim() : p))
      .filter((p) => p !== '');
  }, z.array(item));
}

/** 1-based page number (bounded: see input.ts). */
export const pageParam = queryInt(1, MAX_PAGE).default(1);
/** Site page size (1..3000, default 1000). */
export const siteLimitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(OPERATOR_SITE_LOAD_LIMIT)
  .default(SITE_LOAD_LIMIT);

/**
 * Event cursor: ids strictly below it are returned, newest first. The first page uses
 * {@link FIRST_EVENT_CURSOR} (the default when omitted).
 */
export const eventCursorParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(FIRST_EVENT_CURSOR)
  .default(FIRST_EVENT_CURSOR);

/** A calendar date `YYYY-MM-DD`, read in Asia/Dhaka. */
export const dateParam = z.iso.date();

/** ISO-8601 instant in UTC as replies carry it. */
export const isoTime = z.string();

/** Reply of the command endpoints: the command is recorded and handed to the device path. */
export const commandReply = z.object({
  /** Id of the row in `commands`. */
  command_id: z.number().int(),
  /** Always `pending` on creation; the ingest path moves it to sent / acked / failed. */
  status: z.literal('pending'),
});
export type CommandReply = z.infer<typeof commandReply>;
