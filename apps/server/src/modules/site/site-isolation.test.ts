/**
 * Every site endpoint scopes to the caller: a ktbl user gets 404 "Site not found" for an ftb site
 * (the same answer as for a missing site), the owner gets 200. Lists never contain the other
 * company's sites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildEvent(t.pool, { siteUid: FT1, name: 'mains_fail', tenant: 'banglalink' });
  await buildEvent(t.pool, { siteUid: KT1, name: 'mains_fail', tenant: 'banglalink' });
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'door_status' });
  await buildAlarm(t.pool, { siteUid: FT1, alarmId: 'door_status' });
});
afterAll(async () => {
  await t?.close();
});

/** The distinct companies owning these sites. */
async function companiesOf(uids: string[]): Promise<string[]> {
  const { rows } = await t.pool.query<{ company_id: string }>(
    'select distinct company_id from sites where uid = any($1::text[]) order by 1',
    [[...new Set(uids)]],
  );
  return rows.map((r) => r.company_id);
}

type Call = {
  name: string;
  method: 'GET' | 'POST';
  url: (site: string) => string;
  body?: (site: string) => object;
};

const today = new Date().toISOString().slice(0, 10);
const SITE_CALLS: Call[] = [
  { name: 'details', method: 'GET', url: (s) => `/user/site/details?site_uid=${s}` },
  { name: 'alarms', method: 'GET', url: (s) => `/user/site/alarms?site_uid=${s}` },
  { name: 'events', method: 'GET', url: (s) => `/user/site/events?site_uid=${s}` },
  { name: 'fetch one', method: 'GET', url: (s) => `/user/site/fetch?site_uid=${s}` },
  { name: 'running events', method: 'GET', url: (s) => `/user/site/running-events?site_uid=${s}` },
  { name: 'down history', method: 'GET', url: (s) => `/user/site/down-history?site_uid=${s}` },
  { name: 'digital control list', method: 'GET', url: (s) => `/user/site/digital-control?site_uid=${s}` },
  {
    name: 'battery availability',
    method: 'GET',
    url: (s) => `/battery/analytics/availability?site_uid=${s}&date=${today}`,
  },
  { name: 'session start', method: 'POST', url: () => '/user/session/start', body: (s) => ({ site_uid: s }) },
  {
    name: 'site update',
    method: 'POST',
    url: () => '/user/site/update',
    body: (s) => ({ site_uid: s, more_details: { note: 'x' } }),
  },
  {
    name: 'settings save',
    method: 'POST',
    url: () => '/user/settings/save',
    body: (s) => ({ siteUid: s, prop: 'high_temperature_threshold', value: 40 }),
  },
  { name: 'unlock', method: 'POST', url: () => '/user/site/unlock', body: (s) => ({ site_uid: s }) },
  {
    name: 'clear security breach',
    method: 'POST',
    url: () => '/user/site/clear-security-breach',
    body: (s) => ({ site_uid: s }),
  },
  {
    name: 'clear lock open fail',
    method: 'POST',
    url: () => '/user/site/clear-lock-open-fail',
    body: (s) => ({ site_uid: s }),
  },
  {
    name: 'digital control (spec path)',
    method: 'POST',
    url: () => '/site/digital-control',
    body: (s) => ({ site_uid: s, com_id: `RMS-${s.replace('-', '')}`, pin_name: 'do2', value: 1 }),
  },
  {
    name: 'digital control (/user path)',
    method: 'POST',
    url: () => '/user/site/digital-control',
    body: (s) => ({ site_uid: s, com_id: `RMS-${s.replace('-', '')}`, pin_name: 'do2', value: 0 }),
  },
];

describe('site endpoints: company isolation', () => {
  it.each(SITE_CALLS)('$name: ktbl gets 404 for the ftb site', async (call) => {
    const res = await t.app.inject({
      method: call.method,
      url: call.url(FT1),
      headers: await t.auth('ktbl'),
      ...(call.body ? { payload: call.body(FT1) } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Site not found');
  });

  it.each(SITE_CALLS)('$name: ftb reaches its own site', async (call) => {
    const res = await t.app.inject({
      method: call.method,
      url: call.url(FT1),
      headers: await t.auth('ftb'),
      ...(call.body ? { payload: call.body(FT1) } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(SITE_CALLS)('$name: a missing site is the same 404', async (call) => {
    const res = await t.app.inject({
      method: call.method,
      url: call.url('NOPE-1'),
      headers: await t.auth('ktbl'),
      ...(call.body ? { payload: call.body('NOPE-1') } : {}),
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['/user/site/fetch', (b: { items: { uid: string }[] }) => b.items.map((s) => s.uid)],
    ['/oem/api/site-list', (b: { items: { site_uid: string }[] }) => b.items.map((s) => s.site_uid)],
    [
      '/user/site/filter?alarmName=door_status',
      (b: { items: { uid: string }[] }) => b.items.map((s) => s.uid),
    ],
    ['/user/network/events', (b: { items: { siteUid: string }[] }) => b.items.map((e) => e.siteUid)],
    ['/user/network/last-events', (b: { siteUid: string }[]) => b.map((e) => e.siteUid)],
    ['/user/site/running-events', (b: { items: { siteUid: string }[] }) => b.items.map((e) => e.siteUid)],
    ['/user/site/fetch?lean=true', (b: { items: { uid: string }[] }) => b.items.map((s) => s.uid)],
    ['/user/site/availability', (b: { items: { siteUid: string }[] }) => b.items.map((e) => e.siteUid)],
  ] as const)('%s never lists the other company', async (url, uids) => {
    const ktbl = await t.app.inject({ method: 'GET', url, headers: await t.auth('ktbl') });
    const ftb = await t.app.inject({ method: 'GET', url, headers: await t.auth('ftb') });
    expect(ktbl.statusCode).toBe(200);
    expect(ftb.statusCode).toBe(200);
    expect(uids(ktbl.json())).not.toContain(FT1);
    expect(await companiesOf(uids(ktbl.json()))).toEqual(['ktbl']);
    expect(await companiesOf(uids(ftb.json()))).toEqual(['ftb']);
  });

  it('operators see every company; naming a customer narrows to it', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/user/site/fetch',
      headers: await t.auth('admin'),
    });
    expect(all.json().items.map((s: { uid: string }) => s.uid)).toEqual(expect.arrayContaining([FT1, KT1]));
    const ftb = await t.app.inject({
      method: 'GET',
      url: '/user/site/fetch?user_uid=200',
      headers: await t.auth('ops'),
    });
    const uids = ftb.json().items.map((s: { uid: string }) => s.uid);
    expect(uids).toContain(FT1);
    expect(await companiesOf(uids)).toEqual(['ftb']);
  });

  it('a ktbl user naming another company in user_uid gets 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/site/fetch?user_uid=200',
      headers: await t.auth('ktbl'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('the ftb event cannot be acknowledged by ktbl', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from events where site_uid = $1`, [FT1]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('ktbl'),
      payload: { eventId: rows[0]?.id },
    });
    expect(res.statusCode).toBe(404);
  });
});
