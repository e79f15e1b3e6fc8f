/** Every area's endpoint table, and all of them as one list (OpenAPI, fuzz and permission tests). */
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import type { EndpointDef } from './define.ts';
import { legacyEndpoints } from './legacy.ts';
import { networkEndpoints } from './network.ts';
import { siteReportEndpoints } from './site-reports.ts';
import { siteEndpoints } from './sites.ts';
import { userEndpoints } from './users.ts';

export * from './define.ts';
export {
  auditEndpoints,
  authEndpoints,
  legacyEndpoints,
  networkEndpoints,
  siteEndpoints,
  siteReportEndpoints,
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
].flatMap((table) => Object.values(table));

/** The first path segments of every endpoint (`/user/`, `/site/`, ...): these never get the web app. */
export const API_PATH_PREFIXES: readonly string[] = [
  ...new Set(ALL_ENDPOINTS.map((e) => `/${e.path.split('/')[1]}/`)),
];
