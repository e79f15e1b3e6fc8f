/** Endpoint table of the tenant SLA report and scheduled reports (issue 15 "Beyond the anchors"). */
import {
  createReportScheduleBody,
  producedReportListQuery,
  producedReportListReply,
  reportDeletedReply,
  reportIdParams,
  reportScheduleListReply,
  reportScheduleReply,
  slaReportQuery,
  slaReportReply,
} from '../analytics-sla.ts';
import { XLSX_CONTENT_TYPE } from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['analytics'];

export const analyticsSlaEndpoints = {
  slaReport: endpoint({
    method: 'GET',
    path: '/analytics/sla-report',
    summary:
      'Per tenant and month: site availability against a target, the sites below it and why (excel=yes: .xlsx)',
    tags,
    query: slaReportQuery,
    reply: slaReportReply,
    fileVariant: { param: 'excel', value: 'yes', reply: fileReply(XLSX_CONTENT_TYPE) },
  }),
  schedules: endpoint({
    method: 'GET',
    path: '/analytics/report-schedules',
    summary: "The company's monthly report schedules",
    tags,
    reply: reportScheduleListReply,
  }),
  createSchedule: endpoint({
    method: 'POST',
    path: '/analytics/report-schedules',
    summary: 'Schedules a monthly report (produced on the 1st, Asia/Dhaka)',
    tags,
    body: createReportScheduleBody,
    reply: reportScheduleReply,
  }),
  deleteSchedule: endpoint({
    method: 'DELETE',
    path: '/analytics/report-schedules/:id',
    summary: 'Deletes a schedule (its produced reports stay)',
    tags,
    params: reportIdParams,
    reply: reportDeletedReply,
  }),
  producedReports: endpoint({
    method: 'GET',
    path: '/analytics/scheduled-reports',
    summary: 'Reports the schedules produced, newest first',
    tags,
    query: producedReportListQuery,
    reply: producedReportListReply,
  }),
  producedReportFile: endpoint({
    method: 'GET',
    path: '/analytics/scheduled-reports/:id/file',
    summary: 'The .xlsx of a produced report',
    tags,
    params: reportIdParams,
    reply: fileReply(XLSX_CONTENT_TYPE),
  }),
} as const;
