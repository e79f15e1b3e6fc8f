/** Endpoint table of the fleet alarm console (docs/requirements.md#alarm-console). */
import {
  alarmConsoleAcknowledgeBody,
  alarmConsoleAcknowledgeReply,
  alarmConsoleFilter,
  alarmConsoleQuery,
  alarmConsoleReply,
} from '../alarm-console.ts';
import { XLSX_CONTENT_TYPE } from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['alarm-console'];

export const alarmConsoleEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/user/alarm-console',
    summary: "Active alarms or recent raises over the caller's sites and tenants, one keyset page",
    tags,
    query: alarmConsoleQuery,
    reply: alarmConsoleReply,
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/user/alarm-console/acknowledge',
    summary: 'Acknowledge many raise events at once (audited)',
    tags,
    body: alarmConsoleAcknowledgeBody,
    reply: alarmConsoleAcknowledgeReply,
  }),
  export: endpoint({
    method: 'GET',
    path: '/user/alarm-console/export',
    summary: 'The filtered console rows as an .xlsx workbook',
    tags,
    // the page's filters without paging; at most ALARM_CONSOLE_EXPORT_MAX_ROWS rows
    query: alarmConsoleFilter,
    reply: fileReply(XLSX_CONTENT_TYPE),
  }),
} as const;
