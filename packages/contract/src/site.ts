/**
 * Site entities as the site and network endpoints return them (docs/requirements.md#site-entity).
 * Field names follow the spec's entities (snake_case for site fields, camelCase for alarm/event).
 */
import { z } from 'zod';
import type { LiveAlarm, LiveSiteEvent } from './live-site.ts';
import { dcLoadState, liveAlarm, liveSiteEvent } from './live-site.ts';
import { comId, isoTime } from './site-common.ts';

/** One `dc_load` entry of a site. */
export const dcLoadEntry = z.object({ value: dcLoadState, tenant: z.string() });

/** Rectifier of a site (rectifier types: vertiv, sarbs, eltek, jvolt). */
export const siteRectifier = z.object({
  rectifier_type: z.string().nullable(),
  rectifier_type_2: z.string().nullable(),
});

/** Where a site is: thana, district, division (Bangladesh administrative units). */
export const sitePlace = z.object({
  thana: z.string().nullable(),
  district: z.string().nullable(),
  division: z.string().nullable(),
});

/** Site coordinates (WGS84). */
export const siteLocation = z.object({ lat: z.number(), lng: z.number() });

/**
 * Alarm entry of a site (docs/requirements.md#alarm-entity). The same schema
 * as the live socket's alarms, so HTTP and live replies are interchangeable.
 */
export const siteAlarm = liveAlarm;
export type SiteAlarm = LiveAlarm;

/**
 * An event of a site (docs/requirements.md#event-entity): append-only, numeric ids paged downward; `group`
 * is RMS or ACS. The same schema as the live socket's SITE_EVENT payload.
 */
export const siteEvent = liveSiteEvent;
export type SiteEvent = LiveSiteEvent;

/**
 * A stored pin configuration (docs/requirements.md#pin-config, see the device contract's `pinConfig`)
 * with its id and latest runtime values.
 */
export const sitePinConfig = z.object({
  id: z.number().int(),
  com_id: z.string(),
  pin_name: z.string(),
  type: z.string(),
  /** RMS service of the pin type (see `pinService`). */
  service: z.string().nullable(),
  /** door, lock or primary; null when not an access pin. */
  priority: z.string().nullable(),
  tenant: z.string().nullable(),
  site_uid: z.string(),
  user_uid: z.string(),
  label: z.string().nullable(),
  /** Latest runtime values from `pin_latest` (null until the device reported). */
  status: z.number().nullable(),
  voltage: z.number().nullable(),
  ampere: z.number().nullable(),
  maximum: z.number().nullable(),
  remaining: z.number().nullable(),
  updated_at: isoTime.nullable(),
});
export type SitePinConfig = z.infer<typeof sitePinConfig>;

/** A site as the site list calls return it (docs/requirements.md#site-entity). */
export const site = z.object({
  uid: z.string(),
  name: z.string(),
  /** Root user uid of the owning company. */
  user_uid: z.string(),
  /** Company code of the owner (ktbl, ftb, ...). */
  company: z.string().nullable(),
  /** Tenants of the site, reduced to the caller's allowed tenants. */
  tenants: z.array(z.string()),
  /** Distinct com_ids of the site's devices; only filled when `with_devices` is true. */
  devices: z.array(z.string()),
  /** Alarm entries, tenant-filtered for the caller. */
  alarms: z.array(siteAlarm),
  /** online when the device_online alarm is normal, else offline. */
  status: z.enum(['online', 'offline']),
  rectifier: siteRectifier,
  dc_load: z.array(dcLoadEntry),
  battery_max: z.number().nullable(),
  battery_left: z.number().nullable(),
  device_vendor: z.string().nullable(),
  place: sitePlace,
  location: siteLocation.nullable(),
  meta: z.object({ generic_site_id: z.string().nullable() }),
  more_details: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  /** Per-tenant value (docs/requirements.md#site-entity), keyed by tenant. */
  inc: z.record(z.string(), z.unknown()),
  /** BMS summary of the site (free-form as reported). */
  bms: z.record(z.string(), z.unknown()),
  created_at: isoTime,
});
export type Site = z.infer<typeof site>;

/** Reply of the paged site lists (/user/site/fetch, /user/site/filter). */
export const siteListReply = z.object({
  items: z.array(site),
  /** Number of matching sites over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SiteListReply = z.infer<typeof siteListReply>;

/**
 * Alarm entry of a lean site list item (GET /user/site/fetch `lean=true`): what a list needs to
 * count raised alarms, filter (alarm filters, docs/requirements.md#site-filters) and bucket offline time.
 */
export const siteAlarmBrief = liveAlarm.pick({
  id: true,
  tenant: true,
  isNormal: true,
  isAvailable: true,
  isDisable: true,
  lastEvent: true,
});
export type SiteAlarmBrief = z.infer<typeof siteAlarmBrief>;

/**
 * A lean site list item: the site without more_details, settings, inc and bms, its alarms in the
 * brief form: about half a full item (demo fleet: 3.0 kB against 5.6 kB per site; the alarms are most
 * of it).
 */
export const siteLean = site
  .omit({ more_details: true, settings: true, inc: true, bms: true })
  .extend({ alarms: z.array(siteAlarmBrief) });
export type SiteLean = z.infer<typeof siteLean>;

/** Reply of GET /user/site/fetch with `lean=true`. */
export const siteLeanListReply = siteListReply.extend({ items: z.array(siteLean) });
export type SiteLeanListReply = z.infer<typeof siteLeanListReply>;

/**
 * Bits of a compact alarm's flags (siteAlarmTuple): 1 isNormal, 2 isAvailable, 4 isDisable.
 */
export const ALARM_TUPLE_FLAGS = { isNormal: 1, isAvailable: 2, isDisable: 4 } as const;

/**
 * A brief alarm (siteAlarmBrief) as a tuple: `[id, tenant, flags, lastEvent]`, flags the sum of
 * ALARM_TUPLE_FLAGS. The compact list form's alarms: a site carries every alarm (~20), so their keys
 * were half the bytes of a lean item (docs/decisions/compact-site-list.md).
 */
export const siteAlarmTuple = z.tuple([
  z.string(),
  z.string().nullable(),
  z.number().int().min(0).max(7),
  isoTime.nullable(),
]);
export type SiteAlarmTuple = z.infer<typeof siteAlarmTuple>;

/** A compact site list item (GET /user/site/fetch `compact=true`): the lean item, alarms as tuples. */
export const siteCompact = siteLean.extend({ alarms: z.array(siteAlarmTuple) });
export type SiteCompact = z.infer<typeof siteCompact>;

/** Reply of GET /user/site/fetch with `compact=true`. */
export const siteCompactListReply = siteListReply.extend({ items: z.array(siteCompact) });
export type SiteCompactListReply = z.infer<typeof siteCompactListReply>;

/** The brief alarm of a compact alarm tuple. */
export function alarmFromTuple([id, tenant, flags, lastEvent]: SiteAlarmTuple): SiteAlarmBrief {
  return {
    id,
    tenant,
    isNormal: (flags & ALARM_TUPLE_FLAGS.isNormal) !== 0,
    isAvailable: (flags & ALARM_TUPLE_FLAGS.isAvailable) !== 0,
    isDisable: (flags & ALARM_TUPLE_FLAGS.isDisable) !== 0,
    lastEvent,
  };
}

/** Reply of GET /user/site/fetch: full items, lean ones with `lean=true`, compact ones with `compact=true`. */
export const siteFetchReply = z.union([siteListReply, siteLeanListReply, siteCompactListReply]);

/** A digital output (relay) of a site that can be switched remotely. */
export const digitalControl = z.object({
  com_id: comId,
  pin_name: z.string(),
  label: z.string().nullable(),
  tenant: z.string().nullable(),
  /** Last reported state (0 off, 1 on); null until the device reported. */
  status: z.number().nullable(),
  /** A command for this output still waiting for the device. */
  pending: z.boolean(),
});
export type DigitalControl = z.infer<typeof digitalControl>;

/** Reply of GET /user/site/details (docs/requirements.md#site-config). */
export const siteDetailsReply = z.object({
  siteInfo: site,
  pinConfigs: z.array(sitePinConfig),
  /** Distinct com_ids of the site's pins. */
  devices: z.array(z.string()),
  controls: z.array(digitalControl),
});
export type SiteDetailsReply = z.infer<typeof siteDetailsReply>;
