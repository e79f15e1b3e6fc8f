/**
 * OEM data of a site (rectifier and BMS records the devices forward, docs/device-protocol.md §7) and
 * the fleet's raw OEM records (docs/requirements.md#oem-calls, docs/requirements.md#oem-screens).
 * Parameters the spec leaves open (site, battery address, time range, paging) are documented in
 * docs/api.md "OEM data".
 */
import { FIRST_EVENT_CURSOR, OEM_PAGE_SIZE } from '@towerwatch/domain';
import { z } from 'zod';
import {
  bmsAlarmRecord,
  bmsMeasurementRecord,
  oemAlarm,
  rectifierAlarmRecord,
  rectifierInfoRecord,
  rectifierMeasurementRecord,
  rectifierSettingRecord,
} from './device/oem.ts';
import { queryInt, safeText } from './input.ts';
import { isoTime, siteUid } from './site-common.ts';

/** Kinds of OEM records (docs/device-protocol.md §7). */
export const OEM_RECORD_KINDS = [
  'rectifier_info',
  'rectifier_measurement',
  'rectifier_setting',
  'rectifier_alarm',
  'bms_measurement',
  'bms_alarm',
] as const;
export const oemRecordKind = z.enum(OEM_RECORD_KINDS);

/** An instant of a query (ISO-8601 with offset or Z). */
export const timeParam = z.iso.datetime({ offset: true });
/** A battery address on the BMS bus (default 1). */
export const batteryAddressParam = queryInt(1, 32).default(1);

/** The site of an OEM call. */
export const oemSiteQuery = z.object({ siteUid });
export type OemSiteQuery = z.infer<typeof oemSiteQuery>;

/** A site and a time range (default: the last 24 hours; at most 31 days). */
export const oemRangeQuery = z.object({
  siteUid,
  from_time: timeParam.optional(),
  until_time: timeParam.optional(),
});
export type OemRangeQuery = z.infer<typeof oemRangeQuery>;

/** A site, a battery address and a time range. */
export const bmsQuery = oemRangeQuery.extend({ address: batteryAddressParam });
export type BmsQuery = z.infer<typeof bmsQuery>;

/** A site and a battery address. */
export const bmsAlarmQuery = z.object({ siteUid, address: batteryAddressParam });
export type BmsAlarmQuery = z.infer<typeof bmsAlarmQuery>;

const stored = { id: z.number().int(), time: isoTime, comId: z.string() };
const strip = { msg_id: true, ts: true } as const;

/** GET /oem/api/rectifier-info: the latest info record, null when none arrived. */
export const rectifierInfoReply = z.object({
  info: rectifierInfoRecord.omit(strip).extend(stored).nullable(),
});
export type RectifierInfoReply = z.infer<typeof rectifierInfoReply>;

/** GET /oem/api/rectifier-setting: the latest settings record. */
export const rectifierSettingReply = z.object({
  setting: rectifierSettingRecord.omit(strip).extend(stored).nullable(),
});
export type RectifierSettingReply = z.infer<typeof rectifierSettingReply>;

/** GET /oem/api/rectifier-alarm: the latest alarm list (active and inactive). */
export const rectifierAlarmReply = z.object({
  record: rectifierAlarmRecord.omit(strip).extend(stored).nullable(),
});
export type RectifierAlarmReply = z.infer<typeof rectifierAlarmReply>;

/** One point of the rectifier's history. */
export const rectifierPoint = z.object({
  time: isoTime,
  output_voltage: z.number(),
  load_current: z.number(),
  battery_current: z.number().nullable(),
});

/** GET /oem/api/rectifier-measurement: the latest measurement and the range's history. */
export const rectifierMeasurementReply = z.object({
  latest: rectifierMeasurementRecord
    .omit(strip)
    .extend({
      ...stored,
      /** The rectifier's own clock (docs/requirements.md#rectifier-clock), null when not sent or invalid. */
      rectifierTime: isoTime.nullable(),
    })
    .nullable(),
  history: z.array(rectifierPoint),
  from: isoTime,
  until: isoTime,
});
export type RectifierMeasurementReply = z.infer<typeof rectifierMeasurementReply>;

/** One point of a battery's history. */
export const bmsPoint = z.object({
  time: isoTime,
  soc: z.number(),
  soh: z.number(),
  voltage: z.number(),
  current: z.number(),
});

/** GET /oem/api/bms-measurement. */
export const bmsMeasurementReply = z.object({
  address: z.number().int(),
  /** Every battery address the site has reported (ascending). */
  addresses: z.array(z.number().int()),
  latest: bmsMeasurementRecord.omit(strip).extend(stored).nullable(),
  history: z.array(bmsPoint),
  from: isoTime,
  until: isoTime,
});
export type BmsMeasurementReply = z.infer<typeof bmsMeasurementReply>;

/** GET /oem/api/bms-alarm. */
export const bmsAlarmReply = z.object({
  address: z.number().int(),
  record: bmsAlarmRecord.omit(strip).extend(stored).nullable(),
});
export type BmsAlarmReply = z.infer<typeof bmsAlarmReply>;

/** GET /oem/api/event: a site's OEM events below `oldestId` (docs/requirements.md#oem-events). */
export const oemEventQuery = z.object({
  siteUid,
  oldestId: queryInt(1, FIRST_EVENT_CURSOR).default(FIRST_EVENT_CURSOR),
  limit: queryInt(1, OEM_PAGE_SIZE).default(OEM_PAGE_SIZE),
});
export type OemEventQuery = z.infer<typeof oemEventQuery>;

const alarmRef = oemAlarm.omit({ active: true });

/** One OEM event: alarms raised and cleared between two alarm records of one source. */
export const oemEvent = z.object({
  /** The alarm record's id. */
  id: z.number().int(),
  time: isoTime,
  source: z.enum(['rectifier', 'bms']),
  /** Battery address (BMS events), null for the rectifier. */
  address: z.number().int().nullable(),
  raised: z.array(alarmRef),
  cleared: z.array(alarmRef),
});
export type OemEvent = z.infer<typeof oemEvent>;

export const oemEventReply = z.object({
  items: z.array(oemEvent),
  /** Pass as `oldestId` for the next page; null when there is none. */
  nextOldestId: z.number().int().nullable(),
});
export type OemEventReply = z.infer<typeof oemEventReply>;

/** GET /oem/api/event-count: OEM alarms active now. */
export const oemEventCountReply = z.object({
  rectifier: z.number().int(),
  bms: z.number().int(),
  total: z.number().int(),
});
export type OemEventCountReply = z.infer<typeof oemEventCountReply>;

/** GET /oem/api/fetch/oem-records (operators): raw records of the fleet, newest first. */
export const oemRecordsQuery = z.object({
  company_id: safeText().trim().min(1).max(64).optional(),
  site_uid: siteUid.optional(),
  kind: oemRecordKind.optional(),
  from_time: timeParam.optional(),
  until_time: timeParam.optional(),
  /** Ids strictly below this (default: from the newest). */
  oldest_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: queryInt(1, 500).default(OEM_PAGE_SIZE),
});
export type OemRecordsQuery = z.infer<typeof oemRecordsQuery>;

export const oemRecordItem = z.object({
  id: z.number().int(),
  siteUid: z.string().nullable(),
  siteName: z.string().nullable(),
  companyId: z.string().nullable(),
  comId: z.string(),
  kind: z.string(),
  time: isoTime,
  /** The record as the device sent it, without `msg_id` and `ts`. */
  data: z.record(z.string(), z.unknown()),
});
export type OemRecordItem = z.infer<typeof oemRecordItem>;

export const oemRecordsReply = z.object({
  items: z.array(oemRecordItem),
  nextOldestId: z.number().int().nullable(),
});
export type OemRecordsReply = z.infer<typeof oemRecordsReply>;
