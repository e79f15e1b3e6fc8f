/*
 * The site event and alarm schemas the live socket and the site endpoints share, apart from live.ts: the
 * site endpoints (used by the web's initial code) import these without pulling in every live payload
 * schema (access records, tickets) and their areas.
 */
import { ALARM_FILTER_GROUPS, DC_LOAD_STATES, EVENT_ROW_GROUPS } from '@towerwatch/domain';
import { z } from 'zod';

/** ISO-8601 UTC timestamp. */
const isoTime = z.string();
const tenant = z.string().nullable();
const siteUid = z.string().min(1).max(64);

/** Event groups of /user/network/events (RMS = monitoring, ACS = access). */
export const liveEventGroup = z.enum(EVENT_ROW_GROUPS);

/** One site event (docs/requirements.md#event-entity): numeric id, spec event name, time, site, tenant. */
export const liveSiteEvent = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  time: isoTime,
  siteUid,
  tenant,
  group: liveEventGroup,
  /**
   * True when the condition became active (alarm raised, DG started, door opened), false when it
   * ended (alarm cleared, DG stopped). Paired names (door_open/door_close, security_breach/
   * security_breach_cleared) also carry it.
   */
  active: z.boolean(),
  /** The reading that caused the event (e.g. the battery voltage), when there is one. */
  value: z.number().nullable(),
  /** Uid of the user who acknowledged the event; null until acknowledged. */
  acknowledgedBy: z.string().nullable(),
  /**
   * Display name of that user (their name, else their username), for showing; null or absent until
   * acknowledged (live events of the devices are never acknowledged yet).
   */
  acknowledgedByName: z.string().nullable().optional(),
  acknowledgedAt: isoTime.nullable(),
  /**
   * Pages only (docs/requirements.md#alarm-console): for the raise event of an alarm, `active` while
   * that alarm is still raised, `cleared` once it has cleared; null for other events. Absent in live
   * messages: a list pairs a live clear with the raise it ends (domain `clearsRaise`).
   */
  alarmState: z.enum(['active', 'cleared']).nullable().optional(),
  /** When that alarm cleared (its clear event's time); null while active or when not known. */
  clearedAt: isoTime.nullable().optional(),
});
export type LiveSiteEvent = z.infer<typeof liveSiteEvent>;

/** One alarm of a site (docs/requirements.md#alarm-entity), as in GET /user/site/alarms. */
export const liveAlarm = z.object({
  /** Alarm id of docs/requirements.md#alarm-ids, e.g. `mains_fail`. */
  id: z.string(),
  group: z.enum(ALARM_FILTER_GROUPS),
  tenant,
  isNormal: z.boolean(),
  isAvailable: z.boolean(),
  isDisable: z.boolean(),
  /** Time of the last transition (raised or cleared); null when it never changed. */
  lastEvent: isoTime.nullable(),
  raisedAt: isoTime.nullable(),
  clearedAt: isoTime.nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: isoTime.nullable(),
  value: z.number().nullable(),
});
export type LiveAlarm = z.infer<typeof liveAlarm>;

/** DC load state of a tenant (docs/requirements.md#dc-load). */
export const dcLoadState = z.enum(DC_LOAD_STATES);
