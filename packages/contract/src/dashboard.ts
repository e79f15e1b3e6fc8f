/**
 * Dashboard counts (docs/requirements.md#dashboard-counts): the HTTP replies use the same count
 * schemas as the live socket's count events, so a live update replaces an HTTP value one to one.
 * Every count is a number of sites (distinct), over the caller's sites and allowed tenants.
 */
import { z } from 'zod';
import { LIVE_EVENTS, livePayloadSchemas } from './live.ts';
import { tenantCode, userUidParam } from './site-common.ts';

export const powerCount = livePayloadSchemas[LIVE_EVENTS.POWER_COUNT];
export const dcPowerCount = livePayloadSchemas[LIVE_EVENTS.DC_POWER_COUNT];
export const alarmCount = livePayloadSchemas[LIVE_EVENTS.ALARM_COUNT];
export const accessCount = livePayloadSchemas[LIVE_EVENTS.ACCESS_COUNT];
export const mainsCount = livePayloadSchemas[LIVE_EVENTS.MAINS_AVAILABLE_COUNT];
export const dgCount = livePayloadSchemas[LIVE_EVENTS.DG_RUNNING_COUNT];
export const temperatureCount = livePayloadSchemas[LIVE_EVENTS.TEMPERATURE_WISE_COUNT];
export const batteryCount = livePayloadSchemas[LIVE_EVENTS.BATTERY_BACKUP_COUNT];

/**
 * Query of GET /user/site/status-counts and GET /user/network/dashboard-count. `tenant` narrows the
 * counts to one allowed tenant (the /dashboard/{tenant} page).
 */
export const dashboardCountQuery = z.object({
  user_uid: userUidParam.optional(),
  tenant: tenantCode.optional(),
});
export type DashboardCountQuery = z.infer<typeof dashboardCountQuery>;

/** Reply of GET /user/site/status-counts (docs/requirements.md#dashboard-counts: power, alarm, access, dg, mains, battery, temperature). */
export const statusCountsReply = z.object({
  power: powerCount,
  dcPower: dcPowerCount,
  alarm: alarmCount,
  access: accessCount,
  dg: dgCount,
  mains: mainsCount,
  battery: batteryCount,
  temperature: temperatureCount,
});
export type StatusCountsReply = z.infer<typeof statusCountsReply>;

/** Site counts (docs/requirements.md#site-counts): total, rms, rectifier, acs, sarbs, vertiv, eltek. */
export const siteCount = z.object({
  /** All sites of the caller. */
  total: z.number().int(),
  /** Sites with an RMS device (at least one pin config). */
  rms: z.number().int(),
  /** Sites with a rectifier integrated (rectifier_type set). */
  rectifier: z.number().int(),
  /** Sites with access control (a door or lock pin). */
  acs: z.number().int(),
  sarbs: z.number().int(),
  vertiv: z.number().int(),
  eltek: z.number().int(),
});
export type SiteCount = z.infer<typeof siteCount>;

/** Reply of GET /user/network/dashboard-count (docs/requirements.md#dashboard-counts: siteCount, alarmCount, dcLoadCount). */
export const dashboardCountReply = z.object({
  siteCount,
  alarmCount,
  dcLoadCount: dcPowerCount,
});
export type DashboardCountReply = z.infer<typeof dashboardCountReply>;
