/** Every area's endpoint table, and all of them as one list (OpenAPI, fuzz and permission tests). */

import { accessEndpoints } from './access.ts';
import { adminEndpoints } from './admin.ts';
import { alarmConsoleEndpoints } from './alarm-console.ts';
import { analyticsEndpoints } from './analytics.ts';
import { analyticsSlaEndpoints } from './analytics-sla.ts';
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import type { EndpointDef } from './define.ts';
import { deviceMonitorEndpoints } from './device-monitor.ts';
import { legacyEndpoints } from './legacy.ts';
import { networkEndpoints } from './network.ts';
import { oemEndpoints } from './oem.ts';
import { batteryEndpoints, powerEndpoints } from './power.ts';
import { siteReportEndpoints } from './site-reports.ts';
import { siteEndpoints } from './sites.ts';
import { telegramEndpoints } from './telegram.ts';
import { ticketEndpoints } from './tickets.ts';
import { userEndpoints } from './users.ts';

export * from './define.ts';
export {
  accessEndpoints,
  adminEndpoints,
  alarmConsoleEndpoints,
  analyticsEndpoints,
  analyticsSlaEndpoints,
  auditEndpoints,
  authEndpoints,
  batteryEndpoints,
  billingEndpoints,
  deviceMonitorEndpoints,
  legacyEndpoints,
  networkEndpoints,
  oemEndpoints,
  powerEndpoints,
  siteEndpoints,
  siteReportEndpoints,
  telegramEndpoints,
  ticketEndpoints,
  userEndpoints,
};

/** Every endpoint the server serves, from every area's table. New tables are added here. */
export const ALL_ENDPOINTS: readonly EndpointDef[] = [
  authEndpoints,
  userEndpoints,
  siteEndpoints,
  siteReportEndpoints,
  networkEndpoints,
  legacyEndpoints,
  auditEndpoints,
  adminEndpoints,
  oemEndpoints,
  deviceMonitorEndpoints,
  ticketEndpoints,
  billingEndpoints,
  accessEndpoints,
  batteryEndpoints,
  powerEndpoints,
  telegramEndpoints,
  analyticsEndpoints,
  analyticsSlaEndpoints,
  alarmConsoleEndpoints,
].flatMap((table) => Object.values(table));

/** The first path segments of every endpoint (`/user/`, `/site/`, ...): these never get the web app. */
export const API_PATH_PREFIXES: readonly string[] = [
  ...new Set(ALL_ENDPOINTS.map((e) => `/${e.path.split('/')[1]}/`)),
];
