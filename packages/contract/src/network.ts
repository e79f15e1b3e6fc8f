/**
 * Network-wide calls (docs/requirements.md#site-calls, docs/requirements.md#network-calls).
 */
import { EVENT_GROUPS, EVENT_PAGE_SIZE } from '@towerwatch/domain';
import { z } from 'zod';
import { bodyIntId } from './input.ts';
import { siteEvent } from './site.ts';
import {
  dateParam,
  eventCursorParam,
  isoTime,
  queryList,
  siteUid,
  tenantCode,
  userUidParam,
} from './site-common.ts';

/**
 * GET /user/network/events: events over all the caller's sites, newest first, ids strictly below
 * `oldestId` (first page 2147483647). `group` RMS (monitoring), ACS (access) or ALL; `tenants`
 * narrows to some allowed tenants; read-only users get the reduced kinds only.
 */
export const networkEventsQuery = z.object({
  userUid: userUidParam.optional(),
  oldestId: eventCursorParam,
  group: z.enum(EVENT_GROUPS).default('ALL'),
  limit: z.coerce.number().int().min(1).max(EVENT_PAGE_SIZE).default(EVENT_PAGE_SIZE),
  tenants: queryList(tenantCode).optional(),
});
export type NetworkEventsQuery = z.infer<typeof networkEventsQuery>;

/** A network event: a site event with its site's name. */
export const networkEvent = siteEvent.extend({ siteName: z.string() });
export type NetworkEvent = z.infer<typeof networkEvent>;

/** Reply of GET /user/network/events; fewer items than `limit` means the last page. */
export const networkEventsReply = z.object({
  items: z.array(networkEvent),
  nextOldestId: z.number().int().nullable(),
});
export type NetworkEventsReply = z.infer<typeof networkEventsReply>;

/** POST /user/network/acknowledge-event. Refused to read-only users (docs/requirements.md#restricted-actions). */
export const acknowledgeEventBody = z.object({ eventId: bodyIntId });
export type AcknowledgeEventBody = z.infer<typeof acknowledgeEventBody>;

/** Reply: the event with who acknowledged it and when (a repeated acknowledge keeps the first). */
export const acknowledgeEventReply = z.object({ event: siteEvent });
export type AcknowledgeEventReply = z.infer<typeof acknowledgeEventReply>;

/**
 * GET /user/network/last-events (parameters not shown): the latest events of each of the caller's
 * sites. `site_uids` narrows the sites; `per_site` events per site (default 5).
 */
export const lastEventsQuery = z.object({
  user_uid: userUidParam.optional(),
  site_uids: queryList(siteUid).optional(),
  per_site: z.coerce.number().int().min(1).max(20).default(5),
  tenant: tenantCode.optional(),
});
export type LastEventsQuery = z.infer<typeof lastEventsQuery>;

/** Reply: a list of siteUid and events (docs/requirements.md#site-calls); sites without events are left out. */
export const lastEventsReply = z.array(z.object({ siteUid: z.string(), events: z.array(siteEvent) }));
export type LastEventsReply = z.infer<typeof lastEventsReply>;

/**
 * GET /user/network/availability (parameters not shown): daily network availability over
 * [`from_date`, `until_date`] (Asia/Dhaka dates; default the last 7 days), from the site-down history.
 */
export const networkAvailabilityQuery = z.object({
  user_uid: userUidParam.optional(),
  from_date: dateParam.optional(),
  until_date: dateParam.optional(),
  tenant: tenantCode.optional(),
});
export type NetworkAvailabilityQuery = z.infer<typeof networkAvailabilityQuery>;

/** One day: `availability` = 100 × (1 − down seconds ÷ (sites × seconds of the day)). */
export const availabilityDay = z.object({
  date: z.string(),
  siteCount: z.number().int(),
  downSeconds: z.number().int(),
  /** Sites that were down at some time that day. */
  sitesDown: z.number().int(),
  availability: z.number(),
});
export const networkAvailabilityReply = z.object({
  items: z.array(availabilityDay),
  from: isoTime,
  until: isoTime,
});
export type NetworkAvailabilityReply = z.infer<typeof networkAvailabilityReply>;
