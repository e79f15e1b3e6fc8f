/** Endpoint table of a site's reports: running events, down history, availability, battery, health. */
import {
  downHistoryQuery,
  downHistoryReply,
  runningEventsQuery,
  runningEventsReply,
  siteAvailabilityQuery,
  siteAvailabilityReply,
} from '../site-queries.ts';
import {
  batteryAvailabilityQuery,
  batteryAvailabilityReply,
  excelExportBody,
  siteHealthsQuery,
  siteHealthsReply,
  XLSX_CONTENT_TYPE,
} from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['sites'];

export const siteReportEndpoints = {
  runningEvents: endpoint({
    method: 'GET',
    path: '/user/site/running-events',
    summary: 'Alarms running now, per site',
    tags,
    query: runningEventsQuery,
    reply: runningEventsReply,
  }),
  downHistory: endpoint({
    method: 'GET',
    path: '/user/site/down-history',
    summary: 'Site-down periods between two dates',
    tags,
    query: downHistoryQuery,
    reply: downHistoryReply,
  }),
  siteAvailability: endpoint({
    method: 'GET',
    path: '/user/site/availability',
    summary: 'Availability per site over a day or a range (Asia/Dhaka)',
    tags,
    query: siteAvailabilityQuery,
    reply: siteAvailabilityReply,
  }),
  siteHealths: endpoint({
    method: 'GET',
    path: '/site/healths',
    summary: 'Device health of the caller’s sites by category',
    tags: ['health'],
    query: siteHealthsQuery,
    reply: siteHealthsReply,
  }),
  batteryAvailability: endpoint({
    method: 'GET',
    path: '/battery/analytics/availability',
    summary: 'Battery availability of a site on a day',
    tags: ['battery'],
    query: batteryAvailabilityQuery,
    reply: batteryAvailabilityReply,
  }),
  excelExport: endpoint({
    method: 'POST',
    path: '/site/excel-export',
    summary: 'Export a table as .xlsx',
    tags: ['export'],
    body: excelExportBody,
    reply: fileReply(XLSX_CONTENT_TYPE),
  }),
} as const;
