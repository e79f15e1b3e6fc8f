/** Happy paths of the site reads, with seeded state. */
import { siteAlarmsMatchFilter } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildDcLoad, buildDownPeriod, buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // The fleet exists since 2019: the time before a site's first record is a gap (docs/requirements.md#down-offline-rule).
  await t.pool.query(`update sites set created_at = '2019-01-01T00:00:00+06:00'`);
  await buildAlarm(t.pool, {
    siteUid: KT1,
    alarmId: 'mains_fail',
    tenant: 'banglalink',
    lastEventAt: minutesAgo(90),
  });
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'mains_fail', tenant: 'robi', isNormal: true });
  await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'device_online', lastEventAt: minutesAgo(2000) });
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'device_online', lastEventAt: minutesAgo(100) });
  await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'door_status', isDisable: true });
  await buildDcLoad(t.pool, KT2, 'robi', 'OVER', 140);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('site lists', () => {
  it('fetch pages the company sites with total, devices on demand', async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from sites where company_id = 'ktbl'`,
    );
    const res = await get('/user/site/fetch?limit=5&page=1&with_devices=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(rows[0]?.n);
    expect(body.items).toHaveLength(5);
    const one = (await get(`/user/site/fetch?site_uid=${KT1}&with_devices=true`)).json().items[0];
    expect(one).toMatchObject({
      uid: KT1,
      name: 'Gulshan Tower',
      company: 'ktbl',
      tenants: ['banglalink', 'robi'],
      devices: ['RMS-KT1'],
      status: 'online',
      rectifier: { rectifier_type: 'vertiv', rectifier_type_2: null },
      meta: { generic_site_id: 'G-KT-1' },
    });
    expect(one.alarms.map((a: { id: string; tenant: string }) => `${a.id}/${a.tenant}`).sort()).toEqual([
      'device_online/null',
      'mains_fail/banglalink',
      'mains_fail/robi',
    ]);
  });

  it('hides tenants and alarms the caller may not see', async () => {
    const one = (await get(`/user/site/fetch?site_uid=${KT1}`, 'robi.viewer')).json().items[0];
    expect(one.tenants).toEqual(['robi']);
    expect(one.alarms.map((a: { tenant: string | null }) => a.tenant)).not.toContain('banglalink');
  });

  it('fetch with tenants keeps sites having one of them', async () => {
    const body = (await get('/user/site/fetch?tenants=grameenphone&limit=3000')).json();
    expect(body.items.every((s: { tenants: string[] }) => s.tenants.includes('grameenphone'))).toBe(true);
    expect(body.items.map((s: { uid: string }) => s.uid)).toContain(KT2);
    expect(body.items.map((s: { uid: string }) => s.uid)).not.toContain(KT1);
  });

  it('filter matches the domain alarm filter for every offline bucket', async () => {
    const buckets = [
      { min: undefined, max: 1440 },
      { min: 1440, max: 2880 },
    ];
    const all = (await get('/user/site/fetch?limit=3000')).json().items;
    for (const b of buckets) {
      const qs = `alarmName=device_online&alarmValue=false${b.min !== undefined ? `&minDuration=${b.min}` : ''}&maxDuration=${b.max}`;
      const res = (await get(`/user/site/filter?${qs}&limit=3000`)).json();
      const filter = {
        type: 'alarm' as const,
        id: 'device_online',
        expected: false,
        minDuration: b.min,
        maxDuration: b.max,
      };
      const expected = all.filter((s: { alarms: never[] }) =>
        siteAlarmsMatchFilter(s.alarms, filter, t.clock.now()),
      );
      expect(res.items.map((s: { uid: string }) => s.uid)).toEqual(
        expected.map((s: { uid: string }) => s.uid),
      );
      expect(res.total).toBe(expected.length);
    }
    const lt24 = (
      await get('/user/site/filter?alarmName=device_online&alarmValue=false&maxDuration=1440')
    ).json();
    expect(lt24.items.map((s: { uid: string }) => s.uid)).toEqual([KT1]);
  });

  it('filter finds paused alarms and DC load states', async () => {
    const paused = (await get('/user/site/filter?alarmName=door_status&alarmValue=paused')).json();
    expect(paused.items.map((s: { uid: string }) => s.uid)).toEqual([KT2]);
    const over = (await get('/user/site/filter?alarmName=dc_load&alarmValue=OVER')).json();
    expect(over.items.map((s: { uid: string }) => s.uid)).toEqual([KT2]);
    expect(over.items[0].dc_load).toEqual([{ tenant: 'robi', value: 'OVER' }]);
  });

  it('oem site-list filters by event name', async () => {
    await buildEvent(t.pool, { siteUid: KT2, name: 'rectifier_fail', tenant: 'robi' });
    const body = (await get('/oem/api/site-list?event_name=rectifier_fail&with_devices=1')).json();
    expect(body.items).toEqual([
      { site_uid: KT2, name: 'Mirpur Tower', tenants: ['robi', 'grameenphone'], devices: ['RMS-KT2'] },
    ]);
  });
});

describe('one site', () => {
  it('details give siteInfo, pin configs with latest values, devices and controls', async () => {
    const res = await get(`/user/site/details?site_uid=${KT1}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteInfo.uid).toBe(KT1);
    expect(body.devices).toEqual(['RMS-KT1']);
    const dc = body.pinConfigs.find((p: { pin_name: string }) => p.pin_name === 'am6');
    expect(dc).toMatchObject({ type: 'battery_terminal', service: 'battery_terminal', voltage: 51.2 });
    expect(body.controls.map((c: { pin_name: string }) => c.pin_name)).toEqual(['do1', 'do2', 'do3']);
  });

  it('alarms lists the visible alarms of the site', async () => {
    const body = (await get(`/user/site/alarms?site_uid=${KT1}`)).json();
    expect(body.siteUid).toBe(KT1);
    const mains = body.items.find(
      (a: { id: string; tenant: string }) => a.id === 'mains_fail' && a.tenant === 'banglalink',
    );
    expect(mains).toMatchObject({ group: 'Power', isNormal: false, isAvailable: true, isDisable: false });
  });

  it('running events list raised, unpaused alarms with their duration', async () => {
    const body = (await get(`/user/site/running-events?site_uid=${KT1}`)).json();
    expect(body.items.map((e: { name: string }) => e.name).sort()).toEqual(['device_online', 'mains_fail']);
    const mains = body.items.find((e: { name: string }) => e.name === 'mains_fail');
    expect(mains.durationSeconds).toBeGreaterThanOrEqual(90 * 60 - 5);
    const kt2 = (await get(`/user/site/running-events?site_uid=${KT2}`)).json();
    expect(kt2.items.map((e: { name: string }) => e.name)).toEqual(['device_online']);
  });

  it('session start records the session and answers the visible tenants', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/session/start',
      headers: await t.auth('robi.viewer'),
      payload: { site_uid: KT1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siteUid: KT1, tenants: ['robi'] });
    const { rows } = await t.pool.query('select user_uid from sessions where site_uid = $1', [KT1]);
    expect(rows).toEqual([{ user_uid: '104' }]);
  });

  it('down history lists periods overlapping the range', async () => {
    await buildDownPeriod(t.pool, KT1, minutesAgo(600), minutesAgo(540));
    await buildDownPeriod(t.pool, KT1, minutesAgo(30), null);
    const body = (await get(`/user/site/down-history?site_uid=${KT1}`)).json();
    expect(body.total).toBe(2);
    expect(body.items[0]).toMatchObject({ siteUid: KT1, upAt: null });
    expect(body.items[1].durationSeconds).toBe(3600);
  });

  it('battery availability measures on-battery time and down time within it', async () => {
    t.clock.set('2026-01-20T12:00:00Z');
    // Dhaka 2026-01-20 = 2026-01-19T18:00Z .. 2026-01-20T18:00Z (capped at now, 12:00Z: 18 h).
    await buildEvent(t.pool, {
      siteUid: KT2,
      name: 'battery_power',
      tenant: 'robi',
      time: new Date('2026-01-19T17:00:00Z'),
      active: true,
    });
    await buildEvent(t.pool, {
      siteUid: KT2,
      name: 'battery_power',
      tenant: 'robi',
      time: new Date('2026-01-19T20:00:00Z'),
      active: false,
    });
    await buildEvent(t.pool, {
      siteUid: KT2,
      name: 'battery_power',
      tenant: 'robi',
      time: new Date('2026-01-20T06:00:00Z'),
      active: true,
    });
    await buildDownPeriod(t.pool, KT2, new Date('2026-01-20T10:00:00Z'), new Date('2026-01-20T11:00:00Z'));
    const body = (await get(`/battery/analytics/availability?site_uid=${KT2}&date=2026-01-20`)).json();
    expect(body).toEqual({
      site_uid: KT2,
      date: '2026-01-20',
      onBatterySeconds: (2 + 6) * 3600,
      downSeconds: 3600,
      downWhileOnBatterySeconds: 3600,
      gapSeconds: 0,
      batteryAvailability: Math.round((1 - 1 / 8) * 10000) / 100,
      siteAvailability: Math.round((1 - 1 / 18) * 10000) / 100,
    });
    t.clock.set(Date.now());
  });
});

describe('GET /site/healths', () => {
  it('counts devices by category and lists them', async () => {
    await t.pool.query(`update devices set online = false, last_seen_at = $2 where com_id = $1`, [
      'RMS-KT2',
      minutesAgo(1500),
    ]);
    const body = (await get('/site/healths?category=lt48h')).json();
    expect(body.devices.map((d: { comId: string }) => d.comId)).toEqual(['RMS-KT2']);
    expect(body.devices[0]).toMatchObject({ siteUid: KT2, category: 'lt48h' });
    expect(body.counts.lt48h).toBe(1);
    expect(body.counts.total).toBe(body.counts.online + body.counts.offline);
    const ftb = (await get('/site/healths', 'ftb')).json();
    expect(ftb.devices.map((d: { siteUid: string }) => d.siteUid)).not.toContain(KT2);
  });
});
