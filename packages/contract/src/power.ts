/**
 * Power data calls: time series, battery, generator, mains, temperature (docs/requirements.md#power-data,
 * docs/requirements.md#time-series). Charts get at most MAX_CHART_POINTS buckets with min/max/avg each;
 * dates are Asia/Dhaka calendar dates. Fleet extras (fuel, series, backup) in power-fleet.ts.
 */
import {
  BATTERY_HEALTH_VALUES,
  BATTERY_PROFILE_PIN,
  FIRST_EVENT_CURSOR,
  GENERATOR_RUN_EVENTS,
  RANKING_LIMITS,
  RANKING_ORDERS,
  ZOOM_LIMITS,
} from '@towerwatch/domain';
import { z } from 'zod';
import { queryInt, safeText } from './input.ts';
import { comId, dateParam, isoTime, siteUid, tenantCode, userUidParam } from './site-common.ts';

/** A pin name (`am6`): 1–16 chars `a–z 0–9 _`, starting with a letter (docs/device-protocol.md §4). */
export const pinNameParam = z.string().regex(/^[a-z][a-z0-9_]{0,15}$/, 'a pin name like am6');
/** Minutes per chart point asked for; the server may answer coarser (docs/requirements.md#time-series). */
export const zoomParam = queryInt(ZOOM_LIMITS.min, ZOOM_LIMITS.max);
/** A finite number of the query string. */
const queryNumber = z.coerce.number().min(-1e6).max(1e6);

/** How the series was read: `resolutionMinutes` per bucket from `raw` telemetry or `hourly` rollups. */
export const seriesMeta = z.object({
  from: isoTime,
  until: isoTime,
  /** The zoom asked for (or the default). */
  zoom: z.number().int(),
  /** Minutes per point actually answered (≥ zoom, so at most MAX_CHART_POINTS points). */
  resolutionMinutes: z.number().int(),
  source: z.enum(['raw', 'hourly']),
});

/** One bucket of a series: start time, min / max / mean of the readings in it, and how many. Empty buckets are left out. */
export const seriesPoint = z.object({
  time: isoTime,
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  count: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPoint>;

/**
 * GET /battery/voltage/profile: one pin's readings × `factor` + `offset`, over [fromDate, untilDate]
 * (Dhaka dates, inclusive) or by default the last 24 hours; `pinName` is `am6` (the DC bus).
 */
export const voltageProfileQuery = z.object({
  siteUid,
  comId,
  pinName: pinNameParam.default(BATTERY_PROFILE_PIN),
  tenant: tenantCode.optional(),
  factor: queryNumber.default(1),
  offset: queryNumber.default(0),
  fromDate: dateParam.optional(),
  untilDate: dateParam.optional(),
  zoom: zoomParam.default(1),
});
export type VoltageProfileQuery = z.infer<typeof voltageProfileQuery>;
export const voltageProfileReply = seriesMeta.extend({
  siteUid: z.string(),
  comId: z.string(),
  pinName: z.string(),
  tenant: z.string().nullable(),
  points: z.array(seriesPoint),
});
export type VoltageProfileReply = z.infer<typeof voltageProfileReply>;

/**
 * GET /battery/health-history: per bucket, how many DC bus readings were beyond the health value's
 * threshold (42 / 52 at or below, 56 at or above, docs/requirements.md#battery-health-history).
 * Default range: this Dhaka month to one month later, zoom 1440.
 */
export const healthHistoryQuery = z.object({
  comId,
  pinName: pinNameParam.default(BATTERY_PROFILE_PIN),
  fromDate: dateParam.optional(),
  untilDate: dateParam.optional(),
  zoom: zoomParam.optional(),
  value: z.coerce
    .number()
    .refine(
      (v): v is (typeof BATTERY_HEALTH_VALUES)[number] =>
        (BATTERY_HEALTH_VALUES as readonly number[]).includes(v),
      {
        message: `one of ${BATTERY_HEALTH_VALUES.join(', ')}`,
      },
    ),
});
export type HealthHistoryQuery = z.infer<typeof healthHistoryQuery>;
export const healthHistoryPoint = z.object({
  time: isoTime,
  /** Readings in the bucket. */
  samples: z.number().int(),
  /** Readings beyond the threshold. */
  beyond: z.number().int(),
  /** beyond ÷ samples × 100, one decimal. */
  percent: z.number(),
  /** Lowest and highest reading of the bucket. */
  min: z.number(),
  max: z.number(),
});
export const healthHistoryReply = seriesMeta.extend({
  comId: z.string(),
  pinName: z.string(),
  value: z.number(),
  side: z.enum(['at_or_below', 'at_or_above']),
  label: z.string(),
  points: z.array(healthHistoryPoint),
});
export type HealthHistoryReply = z.infer<typeof healthHistoryReply>;

/** Event cursor spelled `oldestId` (temperature and generator pages). */
const oldestIdParam = z.coerce.number().int().min(1).max(FIRST_EVENT_CURSOR).default(FIRST_EVENT_CURSOR);

/** GET /temperature/api/events (siteUid, oldestId; `tenant` optional). Reply: the event page. */
export const temperatureEventsQuery = z.object({
  siteUid,
  oldestId: oldestIdParam,
  tenant: tenantCode.optional(),
});
export type TemperatureEventsQuery = z.infer<typeof temperatureEventsQuery>;

/** GET /dg/api/events: `event` dg_power or pg_power; omitted = every generator and fuel event. */
export const generatorEventsQuery = z.object({
  event: z.enum(GENERATOR_RUN_EVENTS).optional(),
  siteUid,
  oldestId: oldestIdParam,
  tenant: tenantCode.optional(),
});
export type GeneratorEventsQuery = z.infer<typeof generatorEventsQuery>;

/** GET /battery/energy/consumption and /battery/power-trend: one Dhaka day of a site, per hour. */
export const siteDayQuery = z.object({ siteUid, date: dateParam, tenant: tenantCode.optional() });
export type SiteDayQuery = z.infer<typeof siteDayQuery>;

/** Reply of GET /battery/energy/consumption: DC energy per hour (kWh = mean V × mean A × 1 h ÷ 1000). */
export const energyConsumptionReply = z.object({
  siteUid: z.string(),
  date: z.string(),
  tenant: z.string().nullable(),
  totalKwh: z.number(),
  items: z.array(z.object({ time: isoTime, kwh: z.number() })),
});
export type EnergyConsumptionReply = z.infer<typeof energyConsumptionReply>;

/** Reply of GET /battery/power-trend: DC load power per hour (W: mean, lowest and highest hour reading). */
export const powerTrendReply = z.object({
  siteUid: z.string(),
  date: z.string(),
  tenant: z.string().nullable(),
  items: z.array(z.object({ time: isoTime, avgW: z.number(), minW: z.number(), maxW: z.number() })),
});
export type PowerTrendReply = z.infer<typeof powerTrendReply>;

/** GET /battery/power/last-avg-history: the caller's (or `user_uid`'s) fleet, daily mean DC load, last 7 days. */
export const lastAvgHistoryQuery = z.object({
  user_uid: userUidParam.optional(),
  tenant: tenantCode.optional(),
});
export type LastAvgHistoryQuery = z.infer<typeof lastAvgHistoryQuery>;
export const lastAvgHistoryReply = z.object({
  items: z.array(
    z.object({
      date: z.string(),
      /** Mean DC load power per site reporting that day (W), null when none reported. */
      avgW: z.number().nullable(),
      /** Mean DC load current per site (A). */
      avgAmps: z.number().nullable(),
      sites: z.number().int(),
    }),
  ),
});
export type LastAvgHistoryReply = z.infer<typeof lastAvgHistoryReply>;

/** Filters and order of the fleet rankings (energy/last, voltage/last, power/avg-load). */
export const rankingQuery = z.object({
  user_uid: userUidParam.optional(),
  tenant: tenantCode.optional(),
  /** By the ranked value; default descending (docs/requirements.md#ranking-tables). */
  order: z.enum(RANKING_ORDERS).default('desc'),
  /** Site name or uid contains this (case-insensitive). */
  search: safeText().trim().max(64).optional(),
  limit: queryInt(1, RANKING_LIMITS.max).default(RANKING_LIMITS.default),
  offset: queryInt(0, 1_000_000).default(0),
});
export type RankingQuery = z.infer<typeof rankingQuery>;
const rankingSite = { siteUid: z.string(), siteName: z.string() };

/** Reply of GET /battery/energy/last: DC energy per site on the last complete Dhaka day (yesterday). */
export const energyLastReply = z.object({
  date: z.string(),
  total: z.number().int(),
  items: z.array(z.object({ ...rankingSite, kwh: z.number(), avgW: z.number() })),
});
export type EnergyLastReply = z.infer<typeof energyLastReply>;

/** Reply of GET /battery/voltage/last: latest DC bus voltage per site (its lowest battery terminal pin). */
export const voltageLastReply = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      ...rankingSite,
      comId: z.string(),
      volts: z.number(),
      time: isoTime,
      /** Battery class of the dashboard counts (full, good, ok, bad). */
      batteryClass: z.string(),
    }),
  ),
});
export type VoltageLastReply = z.infer<typeof voltageLastReply>;

/** Reply of GET /battery/power/avg-load: mean DC load per site over the last 24 hours. */
export const avgLoadReply = z.object({
  from: isoTime,
  until: isoTime,
  total: z.number().int(),
  /** Mean over the ranked sites. */
  fleetAvgAmps: z.number().nullable(),
  items: z.array(z.object({ ...rankingSite, avgAmps: z.number(), avgW: z.number().nullable() })),
});
export type AvgLoadReply = z.infer<typeof avgLoadReply>;

/**
 * GET /temperature/temperature/climate (no parameters in the spec): climate per site over a Dhaka day
 * (default today). With `siteUid` one site; otherwise the caller's sites, hottest first.
 */
export const climateQuery = z.object({
  siteUid: siteUid.optional(),
  user_uid: userUidParam.optional(),
  date: dateParam.optional(),
  order: z.enum(RANKING_ORDERS).default('desc'),
  limit: queryInt(1, RANKING_LIMITS.max).default(RANKING_LIMITS.default),
});
export type ClimateQuery = z.infer<typeof climateQuery>;
const climateStats = z.object({
  latest: z.number().nullable(),
  latestAt: isoTime.nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
});
export const climateReply = z.object({
  date: z.string(),
  /** The high-temperature threshold (°C) of the first site (the site's own, else the default). */
  highTemperature: z.number(),
  items: z.array(
    z.object({
      ...rankingSite,
      temperature: climateStats,
      humidity: climateStats,
      /** Hours of the day whose highest reading reached the site's high-temperature threshold. */
      hotHours: z.number().int(),
    }),
  ),
});
export type ClimateReply = z.infer<typeof climateReply>;

/** GET /dg/api/run-hours: run time per bucket from the dg_power / pg_power transitions. Default month, zoom 1440. */
export const runHoursQuery = z.object({
  siteUid,
  event: z.enum(GENERATOR_RUN_EVENTS),
  fromDate: dateParam.optional(),
  untilDate: dateParam.optional(),
  zoom: zoomParam.optional(),
  tenant: tenantCode.optional(),
});
export type RunHoursQuery = z.infer<typeof runHoursQuery>;
export const runHoursReply = z.object({
  siteUid: z.string(),
  event: z.enum(GENERATOR_RUN_EVENTS),
  tenant: z.string().nullable(),
  from: isoTime,
  until: isoTime,
  zoom: z.number().int(),
  resolutionMinutes: z.number().int(),
  totalHours: z.number(),
  starts: z.number().int(),
  /** Running now (the latest transition is a start), and since when. */
  running: z.boolean(),
  runningSince: isoTime.nullable(),
  /** Every bucket of the range (zero hours included), hours with two decimals. */
  items: z.array(z.object({ time: isoTime, hours: z.number(), starts: z.number().int() })),
});
export type RunHoursReply = z.infer<typeof runHoursReply>;

/**
 * GET /mains/analytics/availability (site_uid, date): mains presence over a Dhaka day from the
 * mains_fail transitions; `days` (extra, default 1) returns that many days from `date` in `days`.
 */
export const mainsAvailabilityQuery = z.object({
  site_uid: siteUid,
  date: dateParam,
  days: queryInt(1, 62).default(1),
  tenant: tenantCode.optional(),
});
export type MainsAvailabilityQuery = z.infer<typeof mainsAvailabilityQuery>;
export const mainsDay = z.object({
  date: z.string(),
  /**
   * Seconds of the day (up to now for today) with mains absent while the device reported, and outages
   * that started that day (docs/requirements.md#down-offline-rule).
   */
  mainsOffSeconds: z.number().int(),
  /** Seconds of the day the site did not report (device offline, before its first record): unknown. */
  gapSeconds: z.number().int(),
  outages: z.number().int(),
  /** Share (%) of the possible time (the day less its gaps) mains was present; null for a day not begun or all gap. */
  availability: z.number().nullable(),
});
export const mainsAvailabilityReply = mainsDay.extend({
  site_uid: z.string(),
  days: z.array(mainsDay),
});
export type MainsAvailabilityReply = z.infer<typeof mainsAvailabilityReply>;
