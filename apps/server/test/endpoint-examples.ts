/**
 * A valid example request for every endpoint of the contract, keyed `METHOD path`, for the suites
 * that walk the route table (fuzz-inputs.test.ts, permission-matrix.test.ts). Both fail when an
 * endpoint of ALL_ENDPOINTS has no example here: a new route adds its line.
 *
 * `site: true` marks an example aimed at one site (the `ctx.site` it is given); the permission
 * matrix sends it for the caller's own site, another company's site and a site of a tenant the caller
 * may not see. The fleet is the two-company fleet plus KT-3 (ktbl, banglalink only) and FT-1's device.
 */
import type { Queryable } from '../src/db/pool.ts';
import { buildDevice, buildSite } from './factories.ts';
import { buildTwoCompanyFleet } from './two-company-fleet.ts';

/** A ktbl site of banglalink only: outside the allowed tenants of a robi user. */
export const KT3 = 'KT-3';

/** The site an example is aimed at, its device, and a number unique to the call. */
export interface ExampleContext {
  site: string;
  com: string;
  seq: number;
}

export interface ExampleRequest {
  query?: Record<string, string>;
  body?: unknown;
}

export interface EndpointExample {
  /** The example targets `ctx.site` (scoped: another company's site or tenant is 404). */
  site?: boolean;
  request(ctx: ExampleContext): ExampleRequest;
}

/** The Asia/Dhaka date of yesterday (valid for every date parameter). */
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export const ENDPOINT_EXAMPLES: Readonly<Record<string, EndpointExample>> = {
  // auth
  'POST /user/auth/login': {
    request: () => ({ body: { username: 'nobody.example', password: 'wrong-pass' } }),
  },
  'POST /user/auth/refresh': { request: () => ({ body: { refresh_token: 'not-a-token' } }) },
  'GET /user/auth/user': { request: () => ({}) },
  'POST /user/auth/logout': { request: () => ({ body: {} }) },
  'POST /user/auth/session-status': { request: () => ({}) },
  'POST /user/auth/two-factor': { request: () => ({ body: { action: 'setup' } }) },
  'POST /user/profile/update': { request: () => ({ body: { logo: null } }) },
  'POST /user/profile/change-password': {
    request: () => ({ body: { old_password: 'towerwatch', new_password: 'towerwatch-2' } }),
  },
  // users
  'POST /user/auth/signup': {
    request: (c) => ({
      body: { username: `example.${c.seq}`, password: 'long-enough-1', name: 'Example', type: 'employee' },
    }),
  },
  'POST /user/auth/update': { request: () => ({ body: { uid: '103', name: 'KTBL Employee' } }) },
  'POST /user/auth/delete': { request: () => ({ body: { uid: 'no-such-user' } }) },
  'GET /user/user/list': { request: () => ({ query: { page: '1', limit: '5' } }) },
  'GET /user/app/user-list': { request: () => ({ query: { page: '1', limit: '5' } }) },
  // audit
  'GET /user/audit/list': { request: () => ({ query: { limit: '5' } }) },
  // sites
  'GET /oem/api/site-list': { request: () => ({ query: { limit: '10' } }) },
  'GET /user/site/filter': { request: () => ({ query: { alarmName: 'door_status', limit: '10' } }) },
  'GET /user/site/fetch': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /user/site/details': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /user/site/alarms': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'POST /user/session/start': { site: true, request: (c) => ({ body: { site_uid: c.site } }) },
  'GET /user/site/digital-control': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'POST /user/site/digital-control': {
    site: true,
    request: (c) => ({ body: { site_uid: c.site, com_id: c.com, pin_name: 'do1', value: 1 } }),
  },
  'POST /site/digital-control': {
    site: true,
    request: (c) => ({ body: { site_uid: c.site, com_id: c.com, pin_name: 'do1', value: 0 } }),
  },
  'POST /user/site/unlock': { site: true, request: (c) => ({ body: { site_uid: c.site } }) },
  'POST /user/site/clear-security-breach': { site: true, request: (c) => ({ body: { site_uid: c.site } }) },
  'POST /user/site/clear-lock-open-fail': { site: true, request: (c) => ({ body: { site_uid: c.site } }) },
  'POST /user/site/save': {
    // Operators name the customer (its root user); a company user's own company is used.
    request: (c) => ({ body: { user_uid: '100', name: `Example ${c.seq}`, tenants: ['robi'] } }),
  },
  'POST /user/site/update': {
    site: true,
    request: (c) => ({ body: { site_uid: c.site, device_vendor: null } }),
  },
  'POST /user/settings/save': {
    site: true,
    request: (c) => ({ body: { siteUid: c.site, prop: 'high_temperature_threshold', value: 45 } }),
  },
  // network
  'GET /user/site/events': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /user/network/events': { request: () => ({ query: { limit: '10' } }) },
  'GET /user/network/last-events': { request: () => ({ query: { per_site: '2' } }) },
  'POST /user/network/acknowledge-event': { request: () => ({ body: { eventId: 2_000_000_000 } }) },
  'GET /user/site/status-counts': { request: () => ({}) },
  'GET /user/network/dashboard-count': { request: () => ({}) },
  'GET /user/network/availability': {
    request: () => ({ query: { from_date: yesterday, until_date: yesterday } }),
  },
  // reports
  'GET /user/site/running-events': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /user/site/down-history': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /user/site/availability': { request: () => ({ query: { from_date: yesterday } }) },
  'GET /site/healths': { request: () => ({ query: { limit: '10' } }) },
  'GET /battery/analytics/availability': {
    site: true,
    request: (c) => ({ query: { site_uid: c.site, date: yesterday } }),
  },
  'POST /site/excel-export': { request: () => ({ body: { file_name: 'example', kind: 'climate' } }) },
  'GET /site/legacy-table': { request: () => ({ query: { kind: 'climate' } }) },
};

/** The device of each site of the example fleet. */
export const SITE_DEVICES: Readonly<Record<string, string>> = {
  'KT-1': 'RMS-KT1',
  'KT-2': 'RMS-KT2',
  'KT-3': 'RMS-KT3',
  'FT-1': 'RMS-FT1',
};

/** The two-company fleet plus KT-3 (ktbl, banglalink only) with its device. */
export async function buildExampleFleet(db: Queryable): Promise<void> {
  await buildTwoCompanyFleet(db);
  await buildSite(db, { uid: KT3, name: 'Banglalink Only', tenants: ['banglalink'], rectifierType: 'eltek' });
  await buildDevice(db, { comId: 'RMS-KT3', siteUid: KT3 });
}

/** A URL with the example's query (NUL and other bytes percent-encoded). */
export function urlOf(path: string, query?: Record<string, string | string[]>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) params.append(k, x);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
