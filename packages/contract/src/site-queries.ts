/**
 * Read endpoints of the site area (docs/requirements.md#site-calls).
 * Query parameter names are the spec's, including its mix of snake_case and camelCase.
 */
import { DC_LOAD_STATES, MAX_DURATION_MINUTES, SITE_ALARM_IDS } from '@towerwatch/domain';
import { z } from 'zod';
import { safeText } from './input.ts';
import { siteAlarm, siteEvent } from './site.ts';
import {
  dateParam,
  eventCursorParam,
  isoTime,
  pageParam,
  queryFlag,
  queryList,
  siteLimitParam,
  siteUid,
  tenantCode,
  userUidParam,
} from './site-common.ts';

/**
 * `user_uid` on the list calls: operators (sudo, support) pass a customer's root user uid to see that
 * customer's sites; for everyone else it must be their own uid or their root user uid (another value
 * is answered 404 "User not found") and the scope is always their own company.
 */
const userUidQuery = userUidParam.optional();

/** GET /oem/api/site-list. */
export const oemSiteListQuery = z.object({
  user_uid: userUidQuery,
  /** Only sites that have at least one event of this kind (e.g. `rectifier_fail`). */
  event_name: safeText().trim().min(1).max(64).optional(),
  limit: siteLimitParam,
  with_devices: queryFlag.default(false),
});
export type OemSiteListQuery = z.infer<typeof oemSiteListQuery>;

/** One item of GET /oem/api/site-list. */
export const oemSiteListItem = z.object({
  site_uid: z.string(),
  name: z.string(),
  tenants: z.array(z.string()),
  /** Filled when `with_devices` is true, else empty. */
  devices: z.array(z.string()),
});
export const oemSiteListReply = z.object({ items: z.array(oemSiteListItem) });
export type OemSiteListReply = z.infer<typeof oemSiteListReply>;

/**
 * GET /user/site/filter: the dashboard tiles' site lists.
 * - `alarmName` is a site alarm id (e.g. `door_status`, `device_online`, `pg_on`) or `dc_load`.
 * - `alarmValue` for an alarm: `true`/`false` is compared with isNormal (docs/requirements.md#site-filters alarm
 *   filter), `paused` selects paused alarms (disabled and available); for `dc_load`: DOWN, NORMAL or OVER.
 * - `minDuration` / `maxDuration` (minutes, extension of the spec's call) bound the time since the
 *   alarm's last event, as the offline buckets need.
 */
export const siteFilterQuery = z.object({
  user_uid: userUidQuery,
  page: pageParam,
  limit: siteLimitParam,
  with_devices: queryFlag.default(false),
  alarmName: z.enum([...SITE_ALARM_IDS, 'dc_load']),
  alarmValue: z.enum(['true', 'false', 'paused', ...DC_LOAD_STATES]).optional(),
  tenant: tenantCode.optional(),
  minDuration: z.coerce.number().int().min(0).max(MAX_DURATION_MINUTES).optional(),
  maxDuration: z.coerce.number().int().min(0).max(MAX_DURATION_MINUTES).optional(),
});
export type SiteFilterQuery = z.infer<typeof siteFilterQuery>;

/**
 * GET /user/site/fetch: the site list (one site when `site_uid` is given). Reply: siteListReply, or
 * siteLeanListReply with `lean=true` (extension: see siteLean), siteCompactListReply with `compact=true`
 * (extension: the list pages' form, see siteCompact). `with_devices`
 * fills `devices` in both forms (pin configs are never embedded: GET /user/site/details has them).
 */
export const siteFetchQuery = z.object({
  user_uid: userUidQuery,
  /**
   * Operators (sudo, support): the customer whose sites to list, by company id; unlike `user_uid` it
   * reaches a customer without a root user. Others may only name their own company (else 404).
   */
  company_id: safeText().trim().min(1).max(40).optional(),
  site_uid: siteUid.optional(),
  page: pageParam,
  limit: siteLimitParam,
  with_devices: queryFlag.default(false),
  lean: queryFlag.default(false),
  /** The lean form with alarms as tuples (siteCompact); implies `lean`. */
  compact: queryFlag.default(false),
  /** Only sites having at least one of these tenants (must be allowed tenants). */
  tenants: queryList(tenantCode).optional(),
});
export type SiteFetchQuery = z.infer<typeof siteFetchQuery>;

/** GET /user/site/details and GET /user/site/alarms and GET /user/site/digital-control. */
export const siteUidQuery = z.object({ site_uid: siteUid });
export type SiteUidQuery = z.infer<typeof siteUidQuery>;

/**
 * GET /user/site/events: 100 per page, newest first, ids strictly below `oldest_id` (first page
 * 2147483647). `tenant` narrows to one allowed tenant; events without tenant are power events of the
 * first operator tenant (docs/requirements.md#tenant-rule). Read-only users get the reduced kinds only.
 */
export const siteEventsQuery = z.object({
  site_uid: siteUid,
  oldest_id: eventCursorParam,
  tenant: tenantCode.optional(),
});
export type SiteEventsQuery = z.infer<typeof siteEventsQuery>;

/** Reply of the event pages: fewer than 100 items means the last page. */
export const eventPageReply = z.object({
  items: z.array(siteEvent),
  /** Cursor for the next page (the smallest id returned); null on the last page. */
  nextOldestId: z.number().int().nullable(),
});
export type EventPageReply = z.infer<typeof eventPageReply>;

/** Reply of GET /user/site/alarms. */
export const siteAlarmsReply = z.object({
  siteUid: z.string(),
  items: z.array(siteAlarm),
});
export type SiteAlarmsReply = z.infer<typeof siteAlarmsReply>;

/**
 * GET /user/site/running-events (parameters not shown in the spec): the alarms raised right now
 * (not normal, available, not paused), longest running first. Without `site_uid` it covers all the
 * caller's sites.
 */
export const runningEventsQuery = z.object({
  site_uid: siteUid.optional(),
  tenant: tenantCode.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type RunningEventsQuery = z.infer<typeof runningEventsQuery>;

export const runningEvent = z.object({
  siteUid: z.string(),
  siteName: z.string(),
  /** The alarm id that is raised (e.g. `mains_fail`). */
  name: z.string(),
  group: z.string(),
  tenant: z.string().nullable(),
  since: isoTime,
  /** Seconds since the raise, at reply time. */
  durationSeconds: z.number().int(),
});
export const runningEventsReply = z.object({ items: z.array(runningEvent) });
export type RunningEventsReply = z.infer<typeof runningEventsReply>;

/**
 * GET /user/site/down-history (parameters not shown): site-down periods overlapping
 * [`from_date`, `until_date`] (dates in Asia/Dhaka, default the last 7 days), newest first.
 */
export const downHistoryQuery = z.object({
  site_uid: siteUid.optional(),
  from_date: dateParam.optional(),
  until_date: dateParam.optional(),
  tenant: tenantCode.optional(),
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type DownHistoryQuery = z.infer<typeof downHistoryQuery>;

export const downHistoryItem = z.object({
  id: z.number().int(),
  siteUid: z.string(),
  siteName: z.string(),
  tenant: z.string().nullable(),
  downAt: isoTime,
  /** Null while the site is still down. */
  upAt: isoTime.nullable(),
  /** Down time in seconds (up to now while still down). */
  durationSeconds: z.number().int(),
});
export const downHistoryReply = z.object({
  items: z.array(downHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DownHistoryReply = z.infer<typeof downHistoryReply>;

/**
 * GET /user/site/availability (extension; the spec names "availability per site and date" without
 * its call): per site, the share of [`from_date`, `until_date`] (Asia/Dhaka dates, both default
 * today; a day in progress counts up to now) the site was up, from the site-down history. Every
 * site of the caller's scope is listed, also those never down (100 %).
 */
export const siteAvailabilityQuery = z.object({
  user_uid: userUidQuery,
  from_date: dateParam.optional(),
  until_date: dateParam.optional(),
  tenant: tenantCode.optional(),
});
export type SiteAvailabilityQuery = z.infer<typeof siteAvailabilityQuery>;

export const siteAvailabilityItem = z.object({
  siteUid: z.string(),
  siteName: z.string(),
  genericSiteId: z.string().nullable(),
  /** The site's tenants the caller may see. */
  tenants: z.array(z.string()),
  /** Seconds down within the range (overlapping periods merged). */
  downSeconds: z.number().int(),
  /** Site-down periods overlapping the range. */
  outages: z.number().int(),
  /** The site is down right now (a period without end). */
  downNow: z.boolean(),
  /** 100 × (1 − downSeconds ÷ spanSeconds), 2 decimals. */
  availability: z.number(),
});
export type SiteAvailabilityItem = z.infer<typeof siteAvailabilityItem>;

export const siteAvailabilityReply = z.object({
  items: z.array(siteAvailabilityItem),
  /** Start of the range (start of `from_date` in Asia/Dhaka). */
  from: isoTime,
  /** End of the range counted: the end of `until_date`, or now for a day in progress. */
  until: isoTime,
  /** Seconds between `from` and `until` (the time each site could have been up). */
  spanSeconds: z.number().int(),
});
export type SiteAvailabilityReply = z.infer<typeof siteAvailabilityReply>;
