/**
 * Dashboard counts come from the alarms, dc_load_state, pin configs and pin readings of the caller's
 * sites. The demo fleet is seeded without alarm state, so every alarm count here is made by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildDcLoad, buildDownPeriod } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  const db = t.pool;
  await buildAlarm(db, { siteUid: KT1, alarmId: 'mains_fail', tenant: 'banglalink' });
  await buildAlarm(db, { siteUid: KT1, alarmId: 'mains_fail', tenant: 'robi', isNormal: true });
  await buildAlarm(db, { siteUid: KT2, alarmId: 'mains_fail', tenant: 'robi', isNormal: true });
  await buildAlarm(db, { siteUid: KT2, alarmId: 'dg_on', tenant: 'robi' });
  await buildAlarm(db, { siteUid: KT1, alarmId: 'door_status' });
  await buildAlarm(db, { siteUid: KT2, alarmId: 'security_breach', isDisable: true });
  await buildAlarm(db, {
    siteUid: KT1,
    alarmId: 'device_online',
    isNormal: false,
    lastEventAt: minutesAgo(30),
  });
  await buildAlarm(db, {
    siteUid: KT2,
    alarmId: 'device_online',
    isNormal: false,
    lastEventAt: minutesAgo(3000),
  });
  await buildAlarm(db, { siteUid: KT1, alarmId: 'high_temperature' });
  await buildDcLoad(db, KT1, 'banglalink', 'DOWN', 0.2);
  await buildDcLoad(db, KT1, 'robi', 'NORMAL', 30);
  await buildDcLoad(db, KT2, 'robi', 'OVER', 140);
  // The other company: must never show in ktbl's counts.
  await buildAlarm(db, { siteUid: FT1, alarmId: 'mains_fail', tenant: 'banglalink' });
  await buildAlarm(db, { siteUid: FT1, alarmId: 'door_status' });
  await buildDcLoad(db, FT1, 'banglalink', 'OVER', 150);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('GET /user/site/status-counts', () => {
  it('counts sites from alarm state, scoped to the company', async () => {
    const res = await get('/user/site/status-counts');
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.power).toMatchObject({ mains_off: 1, mains_on: 1, dg_power: 1, site_down: 0 });
    expect(c.mains).toEqual({ on: 1, off: 1 });
    expect(c.dg).toEqual({ on: 1, off: 0 });
    expect(c.access).toMatchObject({ door_open: 1, security_breach: 0 });
    expect(c.temperature).toEqual({ normal: 0, high: 1 });
    expect(c.alarm.paused).toBe(1);
    expect(c.alarm.deviceOffline).toEqual({ lt24h: 1, lt48h: 0, lt72h: 1, gte72h: 0, total: 2 });
    expect(c.dcPower).toMatchObject({ no_load: 1, normal_load: 1, over_load: 1 });
    expect(c.dcPower.loadCount.robi).toEqual({ DOWN: 0, NORMAL: 1, OVER: 1 });
    expect(c.dcPower.loadCount.total).toEqual({ DOWN: 1, NORMAL: 1, OVER: 1 });
  });

  it('counts every site with a door pin and classifies batteries by voltage', async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(distinct site_uid)::int as n from pin_configs pc join sites s on s.uid = pc.site_uid
        where s.company_id = 'ktbl' and pc.type = 'access_control' and pc.priority = 'door'`,
    );
    const c = (await get('/user/site/status-counts')).json();
    expect(c.access.total_door).toBe(rows[0]?.n);
    // Fixture sites read 51.2 V: "good" (50 V ≤ v < 53 V).
    expect(c.battery.good).toBeGreaterThanOrEqual(2);
  });

  it('a tenant narrows the counts: robi has no mains fail', async () => {
    const c = (await get('/user/site/status-counts?tenant=robi')).json();
    expect(c.power.mains_off).toBe(0);
    expect(c.power.mains_on).toBe(2);
    expect(c.dcPower.loadCount).toEqual({
      robi: { DOWN: 0, NORMAL: 1, OVER: 1 },
      total: { DOWN: 0, NORMAL: 1, OVER: 1 },
    });
  });

  it('the robi read-only user does not count the banglalink mains fail', async () => {
    const c = (await get('/user/site/status-counts', 'robi.viewer')).json();
    expect(c.power.mains_off).toBe(0);
  });

  it('ftb counts only its own site', async () => {
    const c = (await get('/user/site/status-counts', 'ftb')).json();
    expect(c.power.mains_off).toBe(1);
    expect(c.access.door_open).toBe(1);
    expect(c.dcPower.over_load).toBe(1);
    expect(c.alarm.paused).toBe(0);
  });

  it('reflects a change of state at once (no cached constants)', async () => {
    await t.pool.query(
      `update alarms set is_normal = true where site_uid = $1 and alarm_id = 'door_status'`,
      [KT1],
    );
    const c = (await get('/user/site/status-counts')).json();
    expect(c.access.door_open).toBe(0);
    await t.pool.query(
      `update alarms set is_normal = false where site_uid = $1 and alarm_id = 'door_status'`,
      [KT1],
    );
  });
});

describe('GET /user/network/dashboard-count', () => {
  it('gives siteCount, alarmCount and dcLoadCount of the caller', async () => {
    const { rows } = await t.pool.query<{ total: number; vertiv: number }>(
      `select count(*)::int as total,
              (count(*) filter (where rectifier->>'rectifier_type' = 'vertiv' or rectifier->>'rectifier_type_2' = 'vertiv'))::int as vertiv
         from sites where company_id = 'ktbl'`,
    );
    const c = (await get('/user/network/dashboard-count')).json();
    expect(c.siteCount.total).toBe(rows[0]?.total);
    expect(c.siteCount.vertiv).toBe(rows[0]?.vertiv);
    expect(c.alarmCount.byAlarm).toMatchObject({ mains_fail: 1, dg_on: 1, door_status: 1 });
    expect(c.alarmCount.byAlarm.security_breach).toBeUndefined();
    expect(c.dcLoadCount.over_load).toBe(1);
    const ftb = (await get('/user/network/dashboard-count', 'ftb')).json();
    expect(ftb.alarmCount.byAlarm).toEqual({ mains_fail: 1, door_status: 1 });
  });
});

describe('GET /user/network/availability', () => {
  it('computes daily availability from the down history', async () => {
    t.clock.set('2026-02-10T12:00:00Z');
    // KT1 down 6 h on 2026-02-09 (Dhaka day starts 2026-02-08T18:00Z).
    await buildDownPeriod(t.pool, KT1, new Date('2026-02-08T20:00:00Z'), new Date('2026-02-09T02:00:00Z'));
    const res = await get('/user/network/availability?from_date=2026-02-08&until_date=2026-02-09');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const day = body.items.find((d: { date: string }) => d.date === '2026-02-09');
    expect(day.downSeconds).toBe(6 * 3600);
    expect(day.sitesDown).toBe(1);
    const expected = Math.round((1 - (6 * 3600) / (day.siteCount * 86400)) * 10000) / 100;
    expect(day.availability).toBe(expected);
    expect(body.items.find((d: { date: string }) => d.date === '2026-02-08').downSeconds).toBe(0);
    const ftb = (
      await get('/user/network/availability?from_date=2026-02-09&until_date=2026-02-09', 'ftb')
    ).json();
    expect(ftb.items[0].downSeconds).toBe(0);
    t.clock.set(Date.now());
  });
});
