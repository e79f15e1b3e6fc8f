/**
 * Power data extras beyond the spec's calls (docs/requirements.md#power-decisions): a site's series by
 * kind (temperature, humidity, fuel, mains phases, DC current), the learned battery backup estimate
 * (docs/requirements.md#backup-estimate) and the fleet's DG fuel (docs/requirements.md#fuel-theft).
 */
import { z } from 'zod';
import { networkEvent } from './network.ts';
import { seriesMeta, seriesPoint, zoomParam } from './power.ts';
import { dateParam, eventCursorParam, isoTime, siteUid, tenantCode, userUidParam } from './site-common.ts';

/**
 * Kinds of `GET /power/series`: the pin services they read. `dc_current` is the sum of the (tenant's)
 * critical and non-critical DC load currents; `dc_voltage` the DC bus; phases in V AC.
 */
export const POWER_SERIES_KINDS = [
  'dc_voltage',
  'dc_current',
  'temperature',
  'humidity',
  'fuel',
  'mains_phase_a',
  'mains_phase_b',
  'mains_phase_c',
] as const;
export type PowerSeriesKind = (typeof POWER_SERIES_KINDS)[number];

/**
 * GET /power/series: one site's series of a kind over [fromDate, untilDate] (Dhaka dates, inclusive) or
 * the last `hours` (default 24) — same resolution rule as the spec's chart calls.
 */
export const powerSeriesQuery = z.object({
  siteUid,
  kind: z.enum(POWER_SERIES_KINDS),
  tenant: tenantCode.optional(),
  fromDate: dateParam.optional(),
  untilDate: dateParam.optional(),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .optional(),
  zoom: zoomParam.default(1),
});
export type PowerSeriesQuery = z.infer<typeof powerSeriesQuery>;
export const powerSeriesReply = seriesMeta.extend({
  siteUid: z.string(),
  kind: z.enum(POWER_SERIES_KINDS),
  /** V, A, °C, %RH or % (fuel). */
  unit: z.string(),
  tenant: z.string().nullable(),
  points: z.array(seriesPoint),
});
export type PowerSeriesReply = z.infer<typeof powerSeriesReply>;

/** GET /battery/backup-estimate: the site's backup time left now (optionally one tenant's load). */
export const backupEstimateQuery = z.object({ siteUid, tenant: tenantCode.optional() });
export type BackupEstimateQuery = z.infer<typeof backupEstimateQuery>;
export const backupEstimateReply = z.object({
  siteUid: z.string(),
  tenant: z.string().nullable(),
  /** Minutes left at the present discharge current, with the band [low, high]; null when not discharging. */
  minutes: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  confidence: z.enum(['low', 'medium', 'high']),
  method: z.enum(['nominal', 'learned']),
  capacityFactor: z.number(),
  capacityAh: z.number().nullable(),
  stateOfChargePct: z.number().nullable(),
  remainingAh: z.number().nullable(),
  volts: z.number().nullable(),
  dischargeAmps: z.number(),
  /** On battery now (site_on_battery raised). */
  onBattery: z.boolean(),
  learnedOutages: z.number().int(),
  /** Time of the latest reading used. */
  time: isoTime.nullable(),
});
export type BackupEstimateReply = z.infer<typeof backupEstimateReply>;

/** GET /fuel/fleet: DG fuel of the caller's (or `user_uid`'s) DG sites, lowest first. */
export const fuelFleetQuery = z.object({
  user_uid: userUidParam.optional(),
  tenant: tenantCode.optional(),
  /** Only sites at or below the low-fuel threshold. */
  lowOnly: z.stringbool().default(false),
});
export type FuelFleetQuery = z.infer<typeof fuelFleetQuery>;
export const fuelSite = z.object({
  siteUid: z.string(),
  siteName: z.string(),
  comId: z.string(),
  /** Latest level (% of tank), litres with the site's tank size. */
  levelPct: z.number(),
  litres: z.number(),
  tankLitres: z.number(),
  time: isoTime,
  /** At or below the site's low-fuel threshold (dg_low_fuel). */
  low: z.boolean(),
  lowFuelPercent: z.number(),
  dgRunning: z.boolean(),
  /** fuel_theft_suspected raised now. */
  theftSuspected: z.boolean(),
});
export const fuelFleetReply = z.object({
  total: z.number().int(),
  low: z.number().int(),
  theftSuspected: z.number().int(),
  items: z.array(fuelSite),
});
export type FuelFleetReply = z.infer<typeof fuelFleetReply>;

/**
 * GET /fuel/events: fuel_theft_suspected and fuel_refill events (value = litres) over the caller's
 * sites (or one `siteUid`), newest first, 100 per page below `oldestId` (docs/requirements.md#events-paging).
 */
export const fuelEventsQuery = z.object({
  siteUid: siteUid.optional(),
  user_uid: userUidParam.optional(),
  oldestId: eventCursorParam,
  tenant: tenantCode.optional(),
});
export type FuelEventsQuery = z.infer<typeof fuelEventsQuery>;
export const fuelEventsReply = z.object({
  items: z.array(networkEvent),
  nextOldestId: z.number().int().nullable(),
});
export type FuelEventsReply = z.infer<typeof fuelEventsReply>;
