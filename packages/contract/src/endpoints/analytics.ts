/**
 * Endpoint table of the analytics reports (docs/requirements.md#analytics): the spec's four calls with
 * their paths and parameter names. Each answers JSON, or with `excel=yes` the same report as .xlsx
 * (`fileVariant`). Payloads: docs/api.md "Analytics".
 */
import {
  batteryReportQuery,
  batteryReportReply,
  dgReportQuery,
  dgReportReply,
  mainsReportQuery,
  mainsReportReply,
  temperatureReportQuery,
  temperatureReportReply,
} from '../analytics.ts';
import { XLSX_CONTENT_TYPE } from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['analytics'];
/** `excel=yes` answers the report as an .xlsx download. */
const excel = { param: 'excel', value: 'yes', reply: fileReply(XLSX_CONTENT_TYPE) } as const;

export const analyticsEndpoints = {
  dgReport: endpoint({
    method: 'GET',
    path: '/analytics/dg-report',
    summary: 'DG and PG run hours, starts, fuel and cost per site and tenant over a period',
    tags,
    query: dgReportQuery,
    reply: dgReportReply,
    fileVariant: excel,
  }),
  mainsReport: endpoint({
    method: 'GET',
    path: '/analytics/mains-report',
    summary: 'Mains availability, outage minutes and count, daily mean per site over a period',
    tags,
    query: mainsReportQuery,
    reply: mainsReportReply,
    fileVariant: excel,
  }),
  batteryReport: endpoint({
    method: 'GET',
    path: '/analytics/battery-report',
    summary: 'Sites whose estimated battery backup is below min_backup_hour, with health',
    tags,
    query: batteryReportQuery,
    reply: batteryReportReply,
    fileVariant: excel,
  }),
  temperatureReport: endpoint({
    method: 'GET',
    path: '/analytics/temperature-report',
    summary: 'Time above the high-temperature threshold, max and mean, episodes per month per site',
    tags,
    query: temperatureReportQuery,
    reply: temperatureReportReply,
    fileVariant: excel,
  }),
} as const;
