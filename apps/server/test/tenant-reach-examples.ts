/**
 * The tenant dimension of the route table (tenant-reach.test.ts): for every route, what a company user
 * allowed only robi ({@link ROBI_USER}) does with objects that reach KT-3 (ktbl, banglalink only) or
 * another tenant's items at the shared KT-1. A new route fails the test until it is declared here:
 * - `'site'`: the route's object is the site of its example (`site: true` in endpoint-examples.ts),
 *   sent for KT-3;
 * - `{ none: why }`: it names no object that reaches a site (its own account, a scoped list, an
 *   operator-only or company-wide call): its example is sent as it is;
 * - `{ cases }`: requests naming objects of the fixture below that reach hidden sites or items, with
 *   the answer (docs/api.md "Scoping": a hidden object named directly is 404, an action on a visible
 *   object whose effect reaches a hidden site is 403).
 * Whatever the answer, nothing hidden changes and no reply names a hidden site (the test checks both).
 */
import type { ExampleRequest } from './endpoint-examples.ts';
import { attach, MIXED_CHAT, type ReachFixture } from './tenant-reach-fixture.ts';

export interface ReachCase {
  request(f: ReachFixture): ExampleRequest;
  status: number;
}

export type TenantReach = 'site' | { none: string } | { cases: ReachCase[] };

const none = (why: string): TenantReach => ({ none: why });
const cases = (...list: [number, (f: ReachFixture) => ExampleRequest][]): TenantReach => ({
  cases: list.map(([status, request]) => ({ status, request })),
});
const declare = (keys: string[], reach: TenantReach) => Object.fromEntries(keys.map((k) => [k, reach]));
const chat = { query: { chat_id: String(MIXED_CHAT) } };

export const TENANT_REACH: Readonly<Record<string, TenantReach>> = {
  ...declare(
    [
      'POST /user/auth/login',
      'POST /user/auth/refresh',
      'GET /user/auth/user',
      'POST /user/auth/logout',
      'POST /user/auth/session-status',
      'POST /user/auth/two-factor',
      'POST /user/profile/update',
      'POST /user/profile/change-password',
      'GET /telegram/link',
      'POST /telegram/link-code',
    ],
    none('the caller’s own account'),
  ),
  ...declare(
    [
      'POST /user/auth/signup',
      'POST /user/auth/update',
      'POST /user/auth/delete',
      'GET /user/user/list',
      'GET /user/app/user-list',
    ],
    none('users: tenants of the target are checked by user management'),
  ),
  ...declare(
    [
      'GET /user/audit/list',
      'GET /oem/api/site-list',
      'GET /user/site/filter',
      'GET /user/network/events',
      'GET /user/network/last-events',
      'GET /user/site/status-counts',
      'GET /user/network/dashboard-count',
      'GET /user/network/availability',
      'GET /user/site/availability',
      'GET /site/healths',
      'GET /battery/power/last-avg-history',
      'GET /battery/energy/last',
      'GET /battery/voltage/last',
      'GET /battery/power/avg-load',
      'GET /fuel/fleet',
      'GET /fuel/events',
      'POST /site/excel-export',
      'GET /site/legacy-table',
      'GET /analytics/dg-report',
      'GET /analytics/mains-report',
      'GET /analytics/battery-report',
      'GET /analytics/temperature-report',
      'GET /user/device/com-id',
      'GET /user/device/list',
      'GET /oem/api/fetch/oem-records',
      'GET /oem/api/battery-bank-health',
      'GET /oem/api/battery-bank-health/export',
      'GET /user/pulse/list',
      'GET /user/health/list',
      'GET /ticket/api/ticket-list',
      'GET /door/manage/site/group-list',
      'GET /door/manage/card/list',
      'GET /door/manage/card/group-list',
      'GET /telegram/group',
      'GET /analytics/sla-report',
      'GET /analytics/report-schedules',
      'GET /analytics/scheduled-reports',
      'GET /user/alarm-console',
      'GET /user/alarm-console/export',
    ],
    none('a list or report scoped to the caller’s sites'),
  ),
  ...declare(
    [
      'POST /user/site/save',
      'POST /user/device/save',
      'GET /user/company/list',
      'POST /user/company/save',
      'GET /urms/admin/vendor',
      'POST /urms/admin/create-vendor',
      'DELETE /urms/admin/delete-vendor/:id',
      'POST /urms/admin/generate-api-token',
      'GET /urms/admin/api-tokens',
      'POST /urms/admin/revoke-api-token',
      'GET /user/site/import-template',
      'POST /user/site/import',
      'POST /urms/ingest/messages',
      'GET /ticket/api/sla-settings',
      'POST /ticket/api/sla-settings',
      'GET /user/payment/list',
      'POST /user/payment/update',
      'POST /user/payment/rate',
      'GET /user/payment/invoices',
      'POST /user/payment/invoice-export',
      'POST /analytics/report-schedules',
      'DELETE /analytics/report-schedules/:id',
      'GET /analytics/scheduled-reports/:id/file',
    ],
    none('operator-only, company-wide or the caller’s own new object'),
  ),
  ...declare(
    [
      'GET /user/site/fetch',
      'GET /user/site/details',
      'GET /user/site/alarms',
      'POST /user/session/start',
      'GET /user/site/digital-control',
      'POST /user/site/digital-control',
      'POST /site/digital-control',
      'POST /user/site/unlock',
      'POST /user/site/clear-security-breach',
      'POST /user/site/clear-lock-open-fail',
      'GET /user/site/events',
      'GET /user/site/running-events',
      'GET /user/site/down-history',
      'GET /battery/analytics/availability',
      'GET /battery/voltage/profile',
      'GET /battery/health-history',
      'GET /battery/event/fetch',
      'GET /battery/energy/consumption',
      'GET /battery/power-trend',
      'GET /battery/backup-estimate',
      'GET /temperature/temperature/climate',
      'GET /temperature/api/events',
      'GET /dg/api/run-hours',
      'GET /dg/api/events',
      'GET /mains/analytics/availability',
      'GET /mains/event/fetch',
      'GET /power/series',
      'POST /user/device/bind',
      'GET /oem/api/rectifier-info',
      'GET /oem/api/rectifier-alarm',
      'GET /oem/api/rectifier-measurement',
      'GET /oem/api/rectifier-setting',
      'GET /oem/api/bms-alarm',
      'GET /oem/api/bms-measurement',
      'GET /oem/api/event',
      'GET /oem/api/event-count',
      'GET /door/api/open-hours',
      'GET /door/api/events',
      'GET /door/access/fetch-records',
      'GET /door/access/fetch-cards',
      'POST /door/access/clear-cards',
    ],
    'site',
  ),
  // shared sites: keep what the caller may not see
  'POST /user/site/update': cases(
    [200, () => ({ body: { site_uid: 'KT-1', tenants: ['robi'] } })],
    [404, () => ({ body: { site_uid: 'KT-3', name: 'Mine' } })],
  ),
  'POST /user/settings/save': cases(
    [403, () => ({ body: { siteUid: 'KT-1', prop: 'door_status', value: false } })],
    [404, () => ({ body: { siteUid: 'KT-3', prop: 'high_temperature_threshold', value: 45 } })],
  ),
  'POST /user/device/unbind': cases([403, () => ({ body: { com_id: 'RMS-KT1', site_uid: 'KT-1' } })]),
  'POST /user/device/save-config': cases([
    404,
    (f) => ({
      body: {
        id: f.hiddenPin,
        site_uid: 'KT-1',
        com_id: 'RMS-KT1',
        pin_name: 'di5',
        type: 'dg_status',
        tenant: 'robi',
      },
    }),
  ]),
  'POST /user/device/remove-config': cases([404, (f) => ({ body: { id: f.hiddenPin } })]),
  // events and tickets
  'POST /user/network/acknowledge-event': cases(
    [404, (f) => ({ body: { eventId: f.hiddenEvent } })],
    [404, (f) => ({ body: { eventId: f.kt3Event } })],
  ),
  // A bulk acknowledge answers per event: a hidden one is `unchanged`, like one already acknowledged.
  'POST /user/alarm-console/acknowledge': cases([
    200,
    (f) => ({ body: { eventIds: [f.hiddenEvent, f.kt3Event] } }),
  ]),
  'POST /ticket/api/ticket-create': cases(
    [
      400,
      (f) => ({
        body: { siteUid: 'KT-1', title: 'x', type: 'power', severity: 'minor', eventId: f.hiddenEvent },
      }),
    ],
    [404, () => ({ body: { siteUid: 'KT-3', title: 'x', type: 'power', severity: 'minor' } })],
  ),
  'POST /ticket/api/ticket-update': cases([404, (f) => ({ body: { id: f.ticket, note: 'mine' } })]),
  'GET /ticket/api/ticket-details': cases([404, (f) => ({ query: { id: String(f.ticket) } })]),
  'POST /ticket/api/ticket-attachment': cases([
    404,
    (f) => ({ body: { ticketId: f.ticket, name: 'p.png', contentType: 'image/png', data: 'iVBORw0KGgo=' } }),
  ]),
  'GET /ticket/api/ticket-attachment': cases([404, (f) => ({ query: { id: String(f.attachment) } })]),
  // door access
  'POST /door/access/add-card': cases(
    [403, () => ({ body: { site_uid: 'KT-1', card_number: 'HID', blocked: true } })],
    [404, () => ({ body: { site_uid: 'KT-3', card_number: 'NEW1' } })],
  ),
  'POST /door/access/delete-card': cases([404, (f) => ({ body: { access_id: f.hid.accessId } })]),
  'POST /door/access/master-remove': cases(
    [403, () => ({ body: { card_number: 'HID' } })],
    [403, () => ({ body: { card_number: 'MASTER' } })],
  ),
  'GET /door/access/card-ledger': cases([200, () => ({ query: { card_number: 'HID' } })]),
  'POST /door/manage/site/save-group': cases(
    [200, (f) => ({ body: { groupId: f.mixedGroup, name: 'Mixed', members: ['KT-1'] } })],
    [404, (f) => ({ body: { groupId: f.mixedGroup, name: 'Mixed', members: ['KT-1', 'KT-3'] } })],
  ),
  'POST /door/manage/site/delete-group': cases([403, (f) => ({ body: { groupId: f.mixedGroup } })]),
  'GET /door/manage/card/attached-card-group': cases([
    200,
    (f) => ({ query: { groupId: String(f.cardGroup) } }),
  ]),
  'POST /door/manage/card/save': cases(
    [403, () => ({ body: { card_number: 'NEWMASTER', master: true } })],
    [403, (f) => ({ body: { card_id: f.hid.id, card_number: 'HID', blocked: true } })],
    [403, (f) => ({ body: { card_id: f.master, card_number: 'MASTER', master: false } })],
  ),
  'POST /door/manage/card/save-group': cases([
    403,
    (f) => ({ body: { groupId: f.cardGroup, name: 'CG', members: [] } }),
  ]),
  'POST /door/manage/card/delete-group': cases([403, (f) => ({ body: { groupId: f.cardGroup } })]),
  'POST /door/manage/attach-groups': cases(
    [403, (f) => attach(f.cFree, f.mixedGroup)],
    [404, (f) => attach(f.cFree, 'KT-3', true, false)],
  ),
  'POST /door/manage/detach-groups': cases(
    [403, (f) => attach(f.cAtt, f.mixedGroup)],
    [404, (f) => attach(f.cardGroup, 'KT-3', false, false)],
  ),
  // messaging groups
  'GET /telegram/group/details': cases([200, () => chat]),
  'GET /telegram/alarm-settings': cases([200, () => chat]),
  'GET /telegram/deliveries': cases([200, () => chat]),
  'PATCH /telegram/group': cases([403, () => ({ ...chat, body: { status: 'inactive' } })]),
  'POST /telegram/group': cases([
    404,
    () => ({ body: { chat_id: -1003499000009, title: 'x', site_uids: ['KT-3'] } }),
  ]),
  'POST /telegram//site': cases([404, () => ({ body: { chat_id: MIXED_CHAT, site_uids: ['KT-3'] } })]),
  'POST /telegram/site': cases([404, () => ({ body: { chat_id: MIXED_CHAT, site_uids: ['KT-2', 'KT-3'] } })]),
  'DELETE /telegram/site': cases([404, () => ({ query: { chat_id: String(MIXED_CHAT), site_uid: 'KT-3' } })]),
  'PATCH /telegram/group/update-link': cases([403, () => chat]),
  'DELETE /telegram/group': cases([403, () => chat]),
  'PUT /telegram/alarm-settings': cases([
    403,
    () => ({
      ...chat,
      body: {
        alarm_ids: [],
        severities: [],
        notify_raise: false,
        notify_clear: false,
        quiet_start: null,
        quiet_end: null,
        grouping_seconds: 0,
      },
    }),
  ]),
};
