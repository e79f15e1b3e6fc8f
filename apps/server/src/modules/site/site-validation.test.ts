/** Malformed input on every site/network route is a 400 whose `field` names the input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

type Case = [method: 'GET' | 'POST', url: string, body: object | undefined, field: string];

const CASES: Case[] = [
  ['GET', '/oem/api/site-list?limit=0', undefined, 'query.limit'],
  ['GET', '/oem/api/site-list?with_devices=maybe', undefined, 'query.with_devices'],
  ['GET', '/user/site/filter', undefined, 'query.alarmName'],
  ['GET', '/user/site/filter?alarmName=no_such_alarm', undefined, 'query.alarmName'],
  ['GET', '/user/site/filter?alarmName=door_status&alarmValue=maybe', undefined, 'query.alarmValue'],
  ['GET', '/user/site/filter?alarmName=door_status&page=0', undefined, 'query.page'],
  ['GET', '/user/site/fetch?limit=3001', undefined, 'query.limit'],
  ['GET', '/user/site/fetch?tenants=robi,vodafone', undefined, 'query.tenants.1'],
  ['GET', '/user/site/details', undefined, 'query.site_uid'],
  ['GET', '/user/site/events', undefined, 'query.site_uid'],
  ['GET', '/user/site/events?site_uid=KT-1&oldest_id=abc', undefined, 'query.oldest_id'],
  ['GET', '/user/site/events?site_uid=KT-1&oldest_id=2147483648', undefined, 'query.oldest_id'],
  ['GET', '/user/site/events?site_uid=KT-1&tenant=vodafone', undefined, 'query.tenant'],
  ['GET', '/user/site/alarms', undefined, 'query.site_uid'],
  ['GET', '/user/site/running-events?limit=-1', undefined, 'query.limit'],
  ['GET', '/user/network/last-events?per_site=50', undefined, 'query.per_site'],
  ['GET', '/user/site/down-history?from_date=2026-13-01', undefined, 'query.from_date'],
  ['GET', '/user/site/fetch?lean=maybe', undefined, 'query.lean'],
  ['GET', '/user/site/availability?until_date=tomorrow', undefined, 'query.until_date'],
  ['GET', '/user/site/availability?from_date=2026-02-02&until_date=2026-02-01', undefined, 'query.from_date'],
  ['GET', '/user/site/availability?tenant=vodafone', undefined, 'query.tenant'],
  ['GET', '/user/site/status-counts?tenant=vodafone', undefined, 'query.tenant'],
  ['GET', '/user/network/dashboard-count?tenant=x', undefined, 'query.tenant'],
  ['GET', '/user/network/availability?until_date=yesterday', undefined, 'query.until_date'],
  ['GET', '/user/network/events?group=SOME', undefined, 'query.group'],
  ['GET', '/user/network/events?oldestId=0', undefined, 'query.oldestId'],
  ['GET', '/user/network/events?limit=101', undefined, 'query.limit'],
  ['POST', '/user/network/acknowledge-event', {}, 'body.eventId'],
  ['POST', '/user/network/acknowledge-event', { eventId: 'x' }, 'body.eventId'],
  ['POST', '/user/session/start', {}, 'body.site_uid'],
  ['POST', '/user/site/save', { tenants: ['robi'] }, 'body.name'],
  ['POST', '/user/site/save', { name: 'A', tenants: [] }, 'body.tenants'],
  [
    'POST',
    '/user/site/save',
    { name: 'A', tenants: ['robi'], location: { lat: 100, lng: 90 } },
    'body.location.lat',
  ],
  ['POST', '/user/site/update', { name: 'A' }, 'body.site_uid'],
  ['POST', '/user/site/update', { site_uid: 'KT-1' }, 'body.name'],
  ['POST', '/user/settings/save', { siteUid: 'KT-1', prop: 'door_status', value: 'no' }, 'body.value'],
  ['POST', '/user/settings/save', { siteUid: 'KT-1', prop: 'nope', value: 1 }, 'body.prop'],
  ['POST', '/user/settings/save', { prop: 'door_status', value: false }, 'body.siteUid'],
  ['GET', '/site/healths?category=sleepy', undefined, 'query.category'],
  ['POST', '/site/excel-export', { kind: 'energy' }, 'body.file_name'],
  ['POST', '/site/excel-export', { file_name: '../etc/passwd', kind: 'energy' }, 'body.file_name'],
  ['POST', '/site/excel-export', { file_name: 'x', kind: 'battery' }, 'body.kind'],
  ['GET', '/battery/analytics/availability?site_uid=KT-1', undefined, 'query.date'],
  ['GET', '/battery/analytics/availability?date=2026-01-01', undefined, 'query.site_uid'],
  ['GET', '/user/site/digital-control', undefined, 'query.site_uid'],
  [
    'POST',
    '/site/digital-control',
    { site_uid: 'KT-1', com_id: 'C', pin_name: 'do9', value: 1 },
    'body.pin_name',
  ],
  [
    'POST',
    '/user/site/digital-control',
    { site_uid: 'KT-1', com_id: 'C', pin_name: 'do1', value: 2 },
    'body.value',
  ],
  ['POST', '/user/site/unlock', {}, 'body.site_uid'],
  ['POST', '/user/site/clear-security-breach', { site_uid: '' }, 'body.site_uid'],
  ['POST', '/user/site/clear-lock-open-fail', { site_uid: 'KT-1', tenant: 'x' }, 'body.tenant'],
];

describe('400 with the field named', () => {
  it.each(CASES)('%s %s → %s', async (method, url, body, field) => {
    const res = await t.app.inject({
      method,
      url,
      headers: await t.auth('ktbl'),
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(field);
  });

  it('covers every route of the site, network and dashboard contract', async () => {
    const { networkEndpoints, siteEndpoints, siteReportEndpoints } = await import('@towerwatch/contract');
    const paths = [siteEndpoints, siteReportEndpoints, networkEndpoints].flatMap((table) =>
      Object.values(table).map((e) => e.path),
    );
    const covered = new Set(CASES.map(([, url]) => url.split('?')[0]));
    expect([...new Set(paths)].filter((p) => !covered.has(p))).toEqual([]);
  });
});
