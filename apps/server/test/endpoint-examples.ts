/**
 * A valid example request for every endpoint of the contract, keyed `METHOD path`, for the suites
 * that walk the route table (fuzz-inputs.test.ts, permission-matrix.test.ts). Both fail when an
 * endpoint of ALL_ENDPOINTS has no example here: a new route adds its line.
 *
 * `site: true` marks an example aimed at one site (the `ctx.site` it is given); the permission
 * matrix sends it for the caller's own site, another company's site and a site of a tenant the caller
 * may not see. The fleet is the two-company fleet plus KT-3 (ktbl, banglalink only) and FT-1's device.
 */
import { endpointPath } from '@towerwatch/contract';
import type { Queryable } from '../src/db/pool.ts';
import { buildDevice, buildSite, buildTenantUser } from './factories.ts';
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
  /** Path parameters (`:id`), filled into the path by {@link urlOf}. */
  params?: Record<string, string>;
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
  // alarm console
  'GET /user/alarm-console': { request: () => ({ query: { view: 'recent', group: 'Power', limit: '10' } }) },
  'POST /user/alarm-console/acknowledge': { request: () => ({ body: { eventIds: [2_000_000_000] } }) },
  'GET /user/alarm-console/export': { request: () => ({ query: { view: 'active', acknowledged: 'no' } }) },
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
  // power data (issue 14)
  'GET /battery/voltage/profile': {
    site: true,
    request: (c) => ({ query: { siteUid: c.site, comId: c.com, pinName: 'am6', factor: '1', offset: '0' } }),
  },
  'GET /battery/health-history': {
    site: true,
    request: (c) => ({
      query: { comId: c.com, pinName: 'am6', value: '42', fromDate: yesterday, untilDate: yesterday },
    }),
  },
  'GET /battery/event/fetch': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /battery/energy/consumption': {
    site: true,
    request: (c) => ({ query: { siteUid: c.site, date: yesterday } }),
  },
  'GET /battery/power-trend': {
    site: true,
    request: (c) => ({ query: { siteUid: c.site, date: yesterday } }),
  },
  'GET /battery/power/last-avg-history': { request: () => ({}) },
  'GET /battery/energy/last': { request: () => ({ query: { order: 'desc', limit: '10' } }) },
  'GET /battery/voltage/last': { request: () => ({ query: { order: 'asc' } }) },
  'GET /battery/power/avg-load': { request: () => ({}) },
  'GET /battery/backup-estimate': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /temperature/temperature/climate': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /temperature/api/events': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /dg/api/run-hours': {
    site: true,
    request: (c) => ({
      query: { siteUid: c.site, event: 'dg_power', fromDate: yesterday, untilDate: yesterday },
    }),
  },
  'GET /dg/api/events': { site: true, request: (c) => ({ query: { siteUid: c.site, event: 'pg_power' } }) },
  'GET /mains/analytics/availability': {
    site: true,
    request: (c) => ({ query: { site_uid: c.site, date: yesterday } }),
  },
  'GET /mains/event/fetch': { site: true, request: (c) => ({ query: { site_uid: c.site } }) },
  'GET /power/series': { site: true, request: (c) => ({ query: { siteUid: c.site, kind: 'temperature' } }) },
  'GET /fuel/fleet': { request: () => ({}) },
  'GET /fuel/events': { request: () => ({}) },
  'POST /site/excel-export': { request: () => ({ body: { file_name: 'example', kind: 'climate' } }) },
  'GET /site/legacy-table': { request: () => ({ query: { kind: 'climate' } }) },
  // analytics reports
  'GET /analytics/dg-report': { request: () => ({ query: { compare: 'previous_period' } }) },
  'GET /analytics/mains-report': { request: () => ({ query: { daily_avg: '20', from_time: yesterday } }) },
  'GET /analytics/battery-report': { request: () => ({ query: { min_backup_hour: '4' } }) },
  'GET /analytics/temperature-report': { request: () => ({ query: { monthly_frequency: '2' } }) },
  // administration (devices, pin configs, customers, vendors, tokens, HTTP ingest)
  'GET /user/device/com-id': { request: () => ({ query: { limit: '5' } }) },
  'POST /user/device/save': { request: (c) => ({ body: { com_id: `EX-${c.seq}`, model: 'RMS-X' } }) },
  'GET /user/device/list': { request: () => ({ query: { limit: '5' } }) },
  'GET /user/company/list': { request: () => ({ query: { page: '1' } }) },
  'POST /user/company/save': {
    request: () => ({
      body: { id: 'ktbl', code: 'ktbl', name: 'Kirtonkhola Tower Bangladesh Ltd', label: 'KTBL' },
    }),
  },
  'POST /user/device/bind': { site: true, request: (c) => ({ body: { com_id: c.com, site_uid: c.site } }) },
  'POST /user/device/unbind': {
    // No such device on the site: the matrix must not unbind the fleet's devices.
    site: true,
    request: (c) => ({ body: { com_id: 'NO-SUCH-DEVICE', site_uid: c.site } }),
  },
  'POST /user/device/save-config': {
    site: true,
    request: (c) => ({
      body: { site_uid: c.site, com_id: c.com, pin_name: 'am16', type: 'temperature', label: 'Cabinet' },
    }),
  },
  'POST /user/device/remove-config': { request: () => ({ body: { id: 2_000_000_000 } }) },
  'GET /urms/admin/vendor': { request: () => ({ query: { search: 'HSL' } }) },
  'POST /urms/admin/create-vendor': { request: (c) => ({ body: { name: `Example Vendor ${c.seq}` } }) },
  'DELETE /urms/admin/delete-vendor/:id': { request: () => ({ params: { id: 'no-such-vendor' } }) },
  'POST /urms/admin/generate-api-token': { request: () => ({ body: { vendor_uid: 'vendor-hsl' } }) },
  'GET /urms/admin/api-tokens': { request: () => ({ query: { vendor_uid: 'vendor-hsl' } }) },
  'POST /urms/admin/revoke-api-token': { request: () => ({ body: { id: '000000000000' } }) },
  'GET /user/site/import-template': { request: () => ({}) },
  'POST /user/site/import': {
    request: () => ({
      body: {
        format: 'csv',
        dry_run: true,
        content_base64: Buffer.from('customer,name,tenants\nktbl,Example,robi\n').toString('base64'),
      },
    }),
  },
  'POST /urms/ingest/messages': {
    request: (c) => ({
      body: { messages: [{ com_id: c.com, kind: 'status', payload: { msg_id: `ex-${c.seq}`, ts: 0 } }] },
    }),
  },
  // oem (issue 16)
  'GET /oem/api/rectifier-info': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /oem/api/rectifier-alarm': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /oem/api/rectifier-measurement': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /oem/api/rectifier-setting': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /oem/api/bms-alarm': { site: true, request: (c) => ({ query: { siteUid: c.site, address: '1' } }) },
  'GET /oem/api/bms-measurement': {
    site: true,
    request: (c) => ({ query: { siteUid: c.site, address: '1' } }),
  },
  'GET /oem/api/event': { site: true, request: (c) => ({ query: { siteUid: c.site, limit: '10' } }) },
  'GET /oem/api/event-count': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /oem/api/fetch/oem-records': { request: () => ({ query: { limit: '10' } }) },
  'GET /oem/api/battery-bank-health': { request: () => ({}) },
  'GET /oem/api/battery-bank-health/export': { request: () => ({}) },
  'GET /user/pulse/list': { request: () => ({ query: { limit: '10' } }) },
  'GET /user/health/list': { request: () => ({ query: { limit: '10', q: 'RMS' } }) },
  // tickets (ids 2000000000 are no ticket / attachment: 404 after the rule and the scope)
  'GET /ticket/api/ticket-list': {
    request: () => ({ query: { limit: '10', status: 'acknowledged,pending' } }),
  },
  'POST /ticket/api/ticket-create': {
    site: true,
    request: (c) => ({
      body: { siteUid: c.site, title: `Example ${c.seq}`, type: 'power', severity: 'minor' },
    }),
  },
  'POST /ticket/api/ticket-update': { request: () => ({ body: { id: 2_000_000_000, note: 'Checked' } }) },
  'GET /ticket/api/ticket-details': { request: () => ({ query: { id: '2000000000' } }) },
  'POST /ticket/api/ticket-attachment': {
    request: () => ({
      body: { ticketId: 2_000_000_000, name: 'photo.png', contentType: 'image/png', data: 'iVBORw0KGgo=' },
    }),
  },
  'GET /ticket/api/ticket-attachment': { request: () => ({ query: { id: '2000000000' } }) },
  'GET /ticket/api/sla-settings': { request: () => ({ query: { company: 'ktbl' } }) },
  'POST /ticket/api/sla-settings': {
    request: () => ({
      body: {
        company: 'ktbl',
        targets: {
          critical: { acknowledgeMinutes: 15, resolveMinutes: 240 },
          major: { acknowledgeMinutes: 30, resolveMinutes: 480 },
          minor: { acknowledgeMinutes: 120, resolveMinutes: 1440 },
        },
      },
    }),
  },
  // billing (payment 2000000000 does not exist: the update answers `invalid`)
  'GET /user/payment/list': { request: () => ({ query: { limit: '5' } }) },
  'POST /user/payment/update': { request: () => ({ body: { id: 2_000_000_000, status: 'complete' } }) },
  'POST /user/payment/rate': { request: () => ({ body: { company: 'ktbl', perSiteRate: 500 } }) },
  'GET /user/payment/invoices': { request: () => ({ query: { period: yesterday.slice(0, 7) } }) },
  'POST /user/payment/invoice-export': { request: () => ({ body: { period: yesterday.slice(0, 7) } }) },
  // access control
  'GET /door/api/open-hours': {
    site: true,
    request: (c) => ({ query: { siteUid: c.site, fromDate: yesterday, untilDate: yesterday, zoom: 'hour' } }),
  },
  'GET /door/api/events': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /door/access/fetch-records': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'GET /door/access/fetch-cards': { site: true, request: (c) => ({ query: { siteUid: c.site } }) },
  'POST /door/access/add-card': {
    site: true,
    request: (c) => ({ body: { site_uid: c.site, card_number: `EX${c.seq}`, holder_name: 'Example' } }),
  },
  'POST /door/access/delete-card': { request: () => ({ body: { access_id: 2_000_000_000 } }) },
  'POST /door/access/master-remove': { request: () => ({ body: { card_number: 'NOSUCHCARD' } }) },
  'POST /door/access/clear-cards': { site: true, request: (c) => ({ body: { siteUid: c.site } }) },
  'GET /door/access/card-ledger': { request: () => ({ query: { card_number: 'NOSUCHCARD' } }) },
  'GET /door/manage/site/group-list': { request: () => ({}) },
  'POST /door/manage/site/save-group': {
    request: (c) => ({ body: { userUid: '100', name: `Sites ${c.seq}`, members: [] } }),
  },
  'POST /door/manage/site/delete-group': { request: () => ({ body: { groupId: 2_000_000_000 } }) },
  'GET /door/manage/card/list': { request: () => ({}) },
  'GET /door/manage/card/attached-card-group': { request: () => ({ query: { groupId: '2000000000' } }) },
  'POST /door/manage/card/save': {
    request: (c) => ({ body: { userUid: '100', card_number: `SV${c.seq}`, holder_name: 'Example' } }),
  },
  'GET /door/manage/card/group-list': { request: () => ({}) },
  'POST /door/manage/card/save-group': {
    request: (c) => ({ body: { userUid: '100', name: `Cards ${c.seq}`, members: [] } }),
  },
  'POST /door/manage/card/delete-group': { request: () => ({ body: { groupId: 2_000_000_000 } }) },
  'POST /door/manage/attach-groups': {
    site: true,
    request: (c) => ({
      body: { cardGroupId: 2_000_000_000, cardGroupType: 'card', siteGroupId: c.site, siteGroupType: 'site' },
    }),
  },
  'POST /door/manage/detach-groups': {
    site: true,
    request: (c) => ({
      body: { cardGroupId: 2_000_000_000, cardGroupType: 'card', siteGroupId: c.site, siteGroupType: 'site' },
    }),
  },
  // messaging groups (Telegram): EXAMPLE_CHAT is a ktbl group; NO_CHAT is nobody's
  'GET /telegram/group': { request: () => ({}) },
  'GET /telegram/group/details': { request: () => ({ query: { chat_id: EXAMPLE_CHAT } }) },
  'PATCH /telegram/group': {
    request: () => ({ query: { chat_id: EXAMPLE_CHAT }, body: { title: 'KTBL NOC' } }),
  },
  'POST /telegram/group': {
    request: (c) => ({ body: { chat_id: -1_000_000 - c.seq, title: 'Example', company_id: 'ktbl' } }),
  },
  'POST /telegram//site': {
    request: () => ({ body: { chat_id: Number(EXAMPLE_CHAT), site_uids: ['KT-1'] } }),
  },
  'POST /telegram/site': {
    request: () => ({ body: { chat_id: Number(EXAMPLE_CHAT), site_uids: ['KT-1'] } }),
  },
  'DELETE /telegram/site': { request: () => ({ query: { chat_id: EXAMPLE_CHAT, site_uid: 'KT-2' } }) },
  'PATCH /telegram/group/update-link': { request: () => ({ query: { chat_id: EXAMPLE_CHAT } }) },
  'DELETE /telegram/group': { request: () => ({ query: { chat_id: NO_CHAT } }) },
  'GET /telegram/alarm-settings': { request: () => ({ query: { chat_id: EXAMPLE_CHAT } }) },
  'PUT /telegram/alarm-settings': {
    request: () => ({
      query: { chat_id: EXAMPLE_CHAT },
      body: {
        alarm_ids: ['mains_fail'],
        severities: ['major'],
        notify_raise: true,
        notify_clear: true,
        quiet_start: null,
        quiet_end: null,
        grouping_seconds: 60,
      },
    }),
  },
  'GET /telegram/deliveries': { request: () => ({ query: { chat_id: EXAMPLE_CHAT } }) },
  'GET /telegram/link': { request: () => ({}) },
  'POST /telegram/link-code': { request: () => ({ body: {} }) },
  // tenant SLA report and scheduled reports (ids 2000000000: no schedule / report)
  'GET /analytics/sla-report': {
    request: () => ({ query: { month: yesterday.slice(0, 7), target: '99.5' } }),
  },
  'GET /analytics/report-schedules': { request: () => ({}) },
  'POST /analytics/report-schedules': { request: () => ({ body: { kind: 'sla', params: { target: 99 } } }) },
  'DELETE /analytics/report-schedules/:id': { request: () => ({ params: { id: '2000000000' } }) },
  'GET /analytics/scheduled-reports': { request: () => ({}) },
  'GET /analytics/scheduled-reports/:id/file': { request: () => ({ params: { id: '2000000000' } }) },
};

/** The example fleet's messaging group (ktbl) and a chat id no group has. */
export const EXAMPLE_CHAT = '-1001000000001';
const NO_CHAT = '-1009999999999';

/** The device of each site of the example fleet. */
export const SITE_DEVICES: Readonly<Record<string, string>> = {
  'KT-1': 'RMS-KT1',
  'KT-2': 'RMS-KT2',
  'KT-3': 'RMS-KT3',
  'FT-1': 'RMS-FT1',
};

/** A KTBL company user (not read-only, every ktbl role) allowed only robi: KT-3 is outside its tenants. */
export const ROBI_USER = 'ktbl.robi';

/** The two-company fleet plus KT-3 (ktbl, banglalink only) with its device, and {@link ROBI_USER}. */
export async function buildExampleFleet(db: Queryable): Promise<void> {
  await buildTwoCompanyFleet(db);
  await buildTenantUser(db, ROBI_USER, ['robi']);
  await buildSite(db, { uid: KT3, name: 'Banglalink Only', tenants: ['banglalink'], rectifierType: 'eltek' });
  await buildDevice(db, { comId: 'RMS-KT3', siteUid: KT3 });
  await db.query(
    `with g as (insert into telegram_groups (chat_id, company_id, title) values ($1, 'ktbl', 'KTBL NOC') returning id)
     insert into telegram_policies (group_id, alarm_ids, severities, grouping_seconds) select id, '{}', '{}', 0 from g`,
    [EXAMPLE_CHAT],
  );
}

/** A URL with the example's path parameters and query (NUL and other bytes percent-encoded). */
export function urlOf(
  template: string,
  query?: Record<string, string | string[]>,
  pathParams?: Record<string, string>,
): string {
  const path = pathParams ? endpointPath(template, pathParams) : template;
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) params.append(k, x);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
