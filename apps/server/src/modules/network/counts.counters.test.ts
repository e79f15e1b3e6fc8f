/**
 * The dashboard counts come from counters kept by database triggers (migration 0400). These tests
 * change the source tables the way the ingest writer, the site admin and operators do (multi-row
 * upserts, pauses, deletes, moves, tenant changes) and compare every count with the same numbers
 * aggregated from scratch with the scoping SQL of every other endpoint, for several users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildDcLoad, buildDevice, buildPin, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { buildCaller, type Caller } from '../../auth/caller.ts';
import { siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { tenantNarrowing } from '../../kernel/scope/tenant-narrowing.ts';
import { createCountsRepository } from './counts.repository.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

async function callerOf(username: string): Promise<Caller> {
  const user = await t.container.repos.users.findByUsername(username);
  if (!user) throw new Error(`no user ${username}`);
  return buildCaller(user, 'sid', new Date(Date.now() + 3_600_000));
}

/** The counts aggregated from the source tables (the pre-counter queries). */
async function fromScratch(username: string, tenant?: string, companyId?: string) {
  const caller = await callerOf(username);
  const sitesWhere = (p: ReturnType<typeof sqlParams>) => {
    const parts = [siteScope(caller, p, 's')];
    if (companyId) parts.push(`s.company_id = ${p.add(companyId)}`);
    if (tenant) parts.push(`${p.add(tenant)} = any(s.tenants)`);
    return parts.join(' and ');
  };
  const p = sqlParams();
  const where = [sitesWhere(p), tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' })];
  if (tenant) where.push(tenantNarrowing(p, [tenant], 'a.tenant', { alarmId: 'a.alarm_id' }));
  const alarms = await t.pool.query<{ alarm_id: string; sites: number; raised: number; paused: number }>(
    `select a.alarm_id, count(distinct a.site_uid)::int as sites,
            (count(distinct a.site_uid) filter (where not a.is_normal and not a.is_disable))::int as raised,
            (count(*) filter (where a.is_disable))::int as paused
       from alarms a join sites s on s.uid = a.site_uid
      where a.is_available and ${where.join(' and ')} group by a.alarm_id`,
    p.values,
  );
  const q = sqlParams();
  const hasPin = (cond: string) =>
    `exists (select 1 from pin_configs pc where pc.site_uid = s.uid and ${cond})`;
  const rect = (v: string) =>
    `(s.rectifier->>'rectifier_type' = '${v}' or s.rectifier->>'rectifier_type_2' = '${v}')`;
  const sites = await t.pool.query(
    `select count(*)::int as total,
            (count(*) filter (where ${hasPin('true')} or exists (select 1 from devices d where d.site_uid = s.uid)))::int as rms,
            (count(*) filter (where coalesce(s.rectifier->>'rectifier_type', '') <> ''))::int as rectifier,
            (count(*) filter (where ${hasPin(`pc.type = 'access_control'`)}))::int as acs,
            (count(*) filter (where ${rect('sarbs')}))::int as sarbs,
            (count(*) filter (where ${rect('vertiv')}))::int as vertiv,
            (count(*) filter (where ${rect('eltek')}))::int as eltek
       from sites s where ${sitesWhere(q)}`,
    q.values,
  );
  const r = sqlParams();
  const dc = await t.pool.query<{ state: string; n: number }>(
    `select l.state, count(*)::int as n from dc_load_state l join sites s on s.uid = l.site_uid
      where ${sitesWhere(r)} and (l.tenant = any(${r.add(tenant ? [tenant] : caller.allowedTenants)}::text[]))
      group by l.state`,
    r.values,
  );
  const byAlarm: Record<string, number> = {};
  for (const a of alarms.rows) if (a.raised > 0) byAlarm[a.alarm_id] = a.raised;
  const dcTotal = { DOWN: 0, NORMAL: 0, OVER: 0 } as Record<string, number>;
  for (const d of dc.rows) dcTotal[d.state] = d.n;
  return {
    byAlarm,
    paused: alarms.rows.reduce((n, a) => n + a.paused, 0),
    normal: Object.fromEntries(alarms.rows.map((a) => [a.alarm_id, a.sites - a.raised])),
    siteCount: sites.rows[0],
    dcTotal,
  };
}

async function dashboard(username: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/user/network/dashboard-count${query}`,
    headers: await t.auth(username),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function status(username: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/user/site/status-counts${query}`,
    headers: await t.auth(username),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const VIEWS: [string, string, string?, string?][] = [
  ['admin', ''],
  ['admin', '?user_uid=200', undefined, 'ftb'],
  ['ktbl', ''],
  ['ktbl', '?tenant=robi', 'robi'],
  ['ktbl', '?tenant=banglalink', 'banglalink'],
  ['robi.viewer', ''],
  ['noc', ''],
  ['ftb', ''],
];

async function expectAllViewsExact() {
  for (const [user, query, tenant, company] of VIEWS) {
    const want = await fromScratch(user, tenant, company);
    const got = await dashboard(user, query);
    const label = `${user}${query}`;
    expect(got.alarmCount.byAlarm, label).toEqual(want.byAlarm);
    expect(got.alarmCount.paused, label).toBe(want.paused);
    expect(got.siteCount, label).toEqual(want.siteCount);
    expect(got.dcLoadCount.loadCount.total, label).toEqual(want.dcTotal);
    const s = await status(user, query);
    expect(s.mains, label).toEqual({ on: want.normal.mains_fail ?? 0, off: want.byAlarm.mains_fail ?? 0 });
    expect(s.dg, label).toEqual({ on: want.byAlarm.dg_on ?? 0, off: want.normal.dg_on ?? 0 });
    expect(s.temperature, label).toEqual({
      normal: want.normal.high_temperature ?? 0,
      high: want.byAlarm.high_temperature ?? 0,
    });
  }
}

/** An upsert of several alarm rows of one site in one statement, as the ingest writer does. */
async function upsertAlarms(
  siteUid: string,
  rows: {
    alarmId: string;
    tenant?: string;
    isNormal?: boolean;
    isDisable?: boolean;
    isAvailable?: boolean;
  }[],
) {
  await t.pool.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, last_event_at)
     select $1, * , now() from unnest($2::text[], $3::text[], $4::bool[], $5::bool[], $6::bool[])
     on conflict (site_uid, alarm_id, tenant) do update set is_normal = excluded.is_normal,
       is_available = excluded.is_available, is_disable = excluded.is_disable`,
    [
      siteUid,
      rows.map((r) => r.alarmId),
      rows.map((r) => r.tenant ?? ''),
      rows.map((r) => r.isNormal ?? false),
      rows.map((r) => r.isAvailable ?? true),
      rows.map((r) => r.isDisable ?? false),
    ],
  );
}

describe('dashboard counters', () => {
  it('start exact on the seeded fleet for every user and filter', async () => {
    await expectAllViewsExact();
  });

  it('follow raised, cleared, paused, unavailable and deleted alarms, per tenant, in multi-row upserts', async () => {
    const before = (await dashboard('ktbl')).alarmCount.byAlarm.mains_fail ?? 0;
    // Insert and update of the same alarm id in one statement (two tenants).
    await upsertAlarms(KT1, [
      { alarmId: 'mains_fail', tenant: 'robi', isNormal: true },
      { alarmId: 'dg_on', tenant: 'robi' },
    ]);
    await upsertAlarms(KT1, [
      { alarmId: 'mains_fail', tenant: 'robi' },
      { alarmId: 'mains_fail', tenant: 'banglalink' },
      { alarmId: 'high_temperature' },
      { alarmId: 'site_on_battery' },
    ]);
    expect((await dashboard('ktbl')).alarmCount.byAlarm.mains_fail).toBe(before + 1);
    await expectAllViewsExact();
    // Clear one tenant: the site still counts once (the other tenant is raised).
    await upsertAlarms(KT1, [{ alarmId: 'mains_fail', tenant: 'robi', isNormal: true }]);
    expect((await dashboard('ktbl')).alarmCount.byAlarm.mains_fail).toBe(before + 1);
    expect((await dashboard('robi.viewer')).alarmCount.byAlarm.mains_fail).toBeUndefined();
    await expectAllViewsExact();
    // Pause, make unavailable, delete.
    await upsertAlarms(KT2, [
      { alarmId: 'door_status', isDisable: true },
      { alarmId: 'mains_fail', tenant: 'robi', isAvailable: false },
      { alarmId: 'dg_on', tenant: 'grameenphone' },
    ]);
    await expectAllViewsExact();
    await t.pool.query(`update alarms set is_normal = true where site_uid = $1 and alarm_id = 'dg_on'`, [
      KT1,
    ]);
    await t.pool.query(`delete from alarms where site_uid = $1 and alarm_id = 'site_on_battery'`, [KT1]);
    await expectAllViewsExact();
  });

  it('stay scoped: another company’s changes move only its own counts', async () => {
    const ktbl = await dashboard('ktbl');
    const ftbBefore = (await dashboard('ftb')).alarmCount.byAlarm.door_status ?? 0;
    await buildAlarm(t.pool, { siteUid: FT1, alarmId: 'door_status' });
    await buildDcLoad(t.pool, FT1, 'banglalink', 'OVER', 150);
    expect((await dashboard('ftb')).alarmCount.byAlarm.door_status).toBe(ftbBefore + 1);
    expect((await dashboard('ftb')).dcLoadCount.over_load).toBe(1);
    const after = await dashboard('ktbl');
    expect(after).toEqual(ktbl);
    await expectAllViewsExact();
  });

  it('follow DC load, pin configs, devices, rectifiers, site tenants and deleted sites', async () => {
    await buildDcLoad(t.pool, KT1, 'robi', 'DOWN', 0.1);
    await t.pool.query(
      `insert into dc_load_state (site_uid, tenant, state, current, updated_at) values ($1, 'robi', 'NORMAL', 30, now())
       on conflict (site_uid, tenant) do update set state = excluded.state`,
      [KT1],
    );
    await buildDcLoad(t.pool, KT2, 'grameenphone', 'DOWN', 0.1);
    await expectAllViewsExact();

    const doors = (await status('ktbl')).access.total_door as number;
    await buildSite(t.pool, { uid: 'KT-NEW', tenants: ['robi'], rectifierType: 'eltek' });
    await expectAllViewsExact();
    await buildDevice(t.pool, { comId: 'RMS-NEW', siteUid: 'KT-NEW' });
    await buildPin(t.pool, {
      comId: 'RMS-NEW',
      siteUid: 'KT-NEW',
      pinName: 'di1',
      type: 'access_control',
      priority: 'door',
      value: 0,
    });
    await upsertAlarms('KT-NEW', [{ alarmId: 'mains_fail', tenant: 'robi' }, { alarmId: 'door_status' }]);
    await buildDcLoad(t.pool, 'KT-NEW', 'robi', 'OVER', 120);
    const withNew = await status('ktbl');
    expect(withNew.access.total_door).toBe(doors + 1);
    await expectAllViewsExact();

    await t.pool.query(`update sites set rectifier = '{"rectifier_type": "vertiv"}' where uid = 'KT-NEW'`);
    await t.pool.query(`update sites set tenants = '{banglalink}' where uid = 'KT-NEW'`);
    await expectAllViewsExact();
    await t.pool.query(`update devices set site_uid = $1 where com_id = 'RMS-NEW'`, [KT2]);
    await t.pool.query(`delete from pin_configs where com_id = 'RMS-NEW'`);
    await expectAllViewsExact();
    // A site moving to another company takes its alarms along.
    await t.pool.query(`update sites set company_id = 'ftb', user_uid = '200' where uid = 'KT-NEW'`);
    await expectAllViewsExact();
    await t.pool.query(`delete from sites where uid = 'KT-NEW'`);
    await expectAllViewsExact();
    expect((await status('ktbl')).access.total_door).toBe(doors);
  });

  it('give the same counts after the counter tables are compacted', async () => {
    const before = await dashboard('ktbl');
    const { rows } = await t.pool.query<{ n: number }>('select count(*)::int as n from alarm_count_deltas');
    await createCountsRepository(t.pool).compact();
    const after = await t.pool.query<{ n: number }>('select count(*)::int as n from alarm_count_deltas');
    expect(after.rows[0]?.n).toBeLessThan(rows[0]?.n ?? 0);
    expect(await dashboard('ktbl')).toEqual(before);
    await expectAllViewsExact();
  });

  it('count a change committed just before the request, on both endpoints', async () => {
    for (let i = 0; i < 3; i++) {
      await upsertAlarms(KT2, [{ alarmId: 'vibration', isNormal: i % 2 === 1 }]);
      const [a, b] = await Promise.all([status('ktbl'), dashboard('ktbl')]);
      expect(a.access.vibration).toBe(i % 2 === 1 ? 0 : 1);
      expect(b.alarmCount.byAlarm.vibration).toBe(i % 2 === 1 ? undefined : 1);
    }
  });

  it('move offline devices between the age buckets when only their last event time changes', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await t.pool.query(`delete from alarms where alarm_id = 'device_online'`);
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'device_online', lastEventAt: hoursAgo(1) });
    const first = (await status('ktbl')).alarm.deviceOffline;
    expect(first).toEqual({ lt24h: 1, lt48h: 0, lt72h: 0, gte72h: 0, total: 1 });
    await t.pool.query(
      `update alarms set last_event_at = $2 where site_uid = $1 and alarm_id = 'device_online'`,
      [KT1, hoursAgo(30)],
    );
    expect((await status('ktbl')).alarm.deviceOffline).toEqual({
      lt24h: 0,
      lt48h: 1,
      lt72h: 0,
      gte72h: 0,
      total: 1,
    });
    expect((await status('ftb')).alarm.deviceOffline.total).toBe(0);
  });

  it('count a change whose transaction commits after a later one was counted', async () => {
    const raised = async () => (await dashboard('ktbl')).alarmCount.byAlarm.smoke ?? 0;
    const before = await raised();
    const late = await t.pool.connect();
    try {
      await late.query('begin');
      // This transaction's delta rows get the lower ids...
      await late.query(
        `insert into alarms (site_uid, alarm_id, tenant, is_normal) values ($1, 'smoke', '', false)`,
        [KT1],
      );
      // ...while another one, on another site, commits and is counted first.
      await upsertAlarms(KT2, [{ alarmId: 'smoke' }]);
      expect(await raised()).toBe(before + 1);
      await late.query('commit');
    } finally {
      late.release();
    }
    expect(await raised()).toBe(before + 2);
    await expectAllViewsExact();
  });
});
