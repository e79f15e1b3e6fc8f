/**
 * Site health, spreadsheet export and battery availability (docs/requirements.md#site-calls,
 * docs/requirements.md#site-calls, docs/requirements.md#battery-calls).
 */
import { z } from 'zod';
import { dateParam, isoTime, pageParam, siteUid, tenantCode, userUidParam } from './site-common.ts';

/** Device health categories: online, or offline by the offline buckets (docs/requirements.md#offline-buckets). */
export const DEVICE_HEALTH_CATEGORIES = ['online', 'lt24h', 'lt48h', 'lt72h', 'gte72h'] as const;
export const deviceHealthCategory = z.enum(DEVICE_HEALTH_CATEGORIES);
export type DeviceHealthCategory = z.infer<typeof deviceHealthCategory>;

/** GET /site/healths. `userUid` as on the site lists (operators choose a customer). */
export const siteHealthsQuery = z.object({
  userUid: userUidParam.optional(),
  /** Only devices of this category. */
  category: deviceHealthCategory.optional(),
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export type SiteHealthsQuery = z.infer<typeof siteHealthsQuery>;

/** One device of GET /site/healths. */
export const deviceHealth = z.object({
  comId: z.string(),
  siteUid: z.string(),
  siteName: z.string(),
  /** Last time the device was heard from; null if never. */
  lastSeen: isoTime.nullable(),
  /** Minutes since the device went offline (0 when online). */
  minutesOffline: z.number().int(),
  category: deviceHealthCategory,
});
export type DeviceHealth = z.infer<typeof deviceHealth>;

/** Reply of GET /site/healths: counts over all matching devices, and one page of devices. */
export const siteHealthsReply = z.object({
  counts: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    lt24h: z.number().int(),
    lt48h: z.number().int(),
    lt72h: z.number().int(),
    gte72h: z.number().int(),
  }),
  devices: z.array(deviceHealth),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SiteHealthsReply = z.infer<typeof siteHealthsReply>;

/**
 * Export kinds of POST /site/excel-export: the legacy dashboard tabs (docs/requirements.md#legacy-dashboard): energy
 * (DC energy meter: Tenant, Load, Current), climate (Temperature, Humidity), voltage (rectifier:
 * Tenant, Voltage); plus alarm (Name, Tenant, Duration, Time) as an extension.
 */
export const EXCEL_EXPORT_KINDS = ['energy', 'climate', 'voltage', 'alarm'] as const;

/**
 * POST /site/excel-export. The reply is the binary .xlsx (content type
 * `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`) with
 * `Content-Disposition: attachment; filename="<file_name>.xlsx"`.
 */
export const excelExportBody = z.object({
  /** File name without extension; letters, digits, space, dot, dash, underscore. */
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w .-]+$/),
  kind: z.enum(EXCEL_EXPORT_KINDS),
  /** One allowed tenant; omitted means all the caller's allowed tenants (ignored for climate). */
  tenant: tenantCode.optional(),
  /** Operators: the customer's root user uid. */
  user_uid: userUidParam.optional(),
});
export type ExcelExportBody = z.infer<typeof excelExportBody>;

/** MIME type of the export. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /battery/analytics/availability: one site, one day (Asia/Dhaka). */
export const batteryAvailabilityQuery = z.object({ site_uid: siteUid, date: dateParam });
export type BatteryAvailabilityQuery = z.infer<typeof batteryAvailabilityQuery>;

/**
 * Reply of GET /battery/analytics/availability. Over the day: how long the site ran on battery
 * (site_on_battery raised), how long it was down (site_down_history), and
 * `batteryAvailability` = share (%) of the on-battery time during which the site stayed up
 * (null when it never ran on battery); `siteAvailability` = share (%) of the day the site was up.
 */
export const batteryAvailabilityReply = z.object({
  site_uid: z.string(),
  date: z.string(),
  onBatterySeconds: z.number().int(),
  downSeconds: z.number().int(),
  downWhileOnBatterySeconds: z.number().int(),
  /** Seconds the site did not report (device offline, before its first record): in none of the above. */
  gapSeconds: z.number().int(),
  batteryAvailability: z.number().nullable(),
  /** Share (%) of the possible time (the day less its gaps) the site was up; null when all of it is a gap. */
  siteAvailability: z.number().nullable(),
});
export type BatteryAvailabilityReply = z.infer<typeof batteryAvailabilityReply>;
