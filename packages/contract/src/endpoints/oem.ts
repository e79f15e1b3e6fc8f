/** Endpoint table of OEM data: a site's rectifier and BMS, its OEM events, the fleet's raw records. */
import { bankHealthQuery, bankHealthReply } from '../battery-bank.ts';
import {
  bmsAlarmQuery,
  bmsAlarmReply,
  bmsMeasurementReply,
  bmsQuery,
  oemEventCountReply,
  oemEventQuery,
  oemEventReply,
  oemRangeQuery,
  oemRecordsQuery,
  oemRecordsReply,
  oemSiteQuery,
  rectifierAlarmReply,
  rectifierInfoReply,
  rectifierMeasurementReply,
  rectifierSettingReply,
} from '../oem.ts';
import { XLSX_CONTENT_TYPE } from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['oem'];

export const oemEndpoints = {
  rectifierInfo: endpoint({
    method: 'GET',
    path: '/oem/api/rectifier-info',
    summary: "The site rectifier's latest info record",
    tags,
    query: oemSiteQuery,
    reply: rectifierInfoReply,
  }),
  rectifierAlarm: endpoint({
    method: 'GET',
    path: '/oem/api/rectifier-alarm',
    summary: "The site rectifier's latest alarm list",
    tags,
    query: oemSiteQuery,
    reply: rectifierAlarmReply,
  }),
  rectifierMeasurement: endpoint({
    method: 'GET',
    path: '/oem/api/rectifier-measurement',
    summary: "The site rectifier's latest measurement with its modules, and its history over a range",
    tags,
    query: oemRangeQuery,
    reply: rectifierMeasurementReply,
  }),
  rectifierSetting: endpoint({
    method: 'GET',
    path: '/oem/api/rectifier-setting',
    summary: "The site rectifier's latest settings",
    tags,
    query: oemSiteQuery,
    reply: rectifierSettingReply,
  }),
  bmsAlarm: endpoint({
    method: 'GET',
    path: '/oem/api/bms-alarm',
    summary: "A battery's latest BMS alarm list (battery address, default 1)",
    tags,
    query: bmsAlarmQuery,
    reply: bmsAlarmReply,
  }),
  bmsMeasurement: endpoint({
    method: 'GET',
    path: '/oem/api/bms-measurement',
    summary: "A battery's latest BMS measurement and its history over a range",
    tags,
    query: bmsQuery,
    reply: bmsMeasurementReply,
  }),
  event: endpoint({
    method: 'GET',
    path: '/oem/api/event',
    summary: "A site's OEM events (alarms raised or cleared), newest first, below a cursor",
    tags,
    query: oemEventQuery,
    reply: oemEventReply,
  }),
  eventCount: endpoint({
    method: 'GET',
    path: '/oem/api/event-count',
    summary: "The site's OEM alarms active now",
    tags,
    query: oemSiteQuery,
    reply: oemEventCountReply,
  }),
  oemRecords: endpoint({
    method: 'GET',
    path: '/oem/api/fetch/oem-records',
    summary: 'Raw OEM records of the fleet (operators), newest first',
    tags,
    query: oemRecordsQuery,
    reply: oemRecordsReply,
  }),
  bankHealth: endpoint({
    method: 'GET',
    path: '/oem/api/battery-bank-health',
    summary: "A company's battery banks ranked by weakest-cell spread and SOH trend",
    tags,
    query: bankHealthQuery,
    reply: bankHealthReply,
  }),
  bankHealthExport: endpoint({
    method: 'GET',
    path: '/oem/api/battery-bank-health/export',
    summary: 'The battery bank ranking as .xlsx',
    tags,
    query: bankHealthQuery,
    reply: fileReply(XLSX_CONTENT_TYPE),
  }),
} as const;
