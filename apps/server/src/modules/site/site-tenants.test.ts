/**
 * Shared sites keep what the caller may not see (issue 34 finding 3, docs/api.md "Sites" and
 * "Administration"): a company user allowed only robi (`ktbl.robi`) updating KT-1 (banglalink + robi)
 * keeps banglalink on it; unbinding a device that carries banglalink pin configs is refused (403) and
 * deletes nothing; changing a banglalink pin config by id is 404 like removing one. And a ticket
 * naming a hidden-tenant event answers as an id of no event (issue 34, tickets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildEvent, buildPin, buildTenantUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { REACH_REFUSED } from '../../kernel/scope/action-reach.ts';

const R = 'ktbl.robi';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildTenantUser(t.pool, R, ['robi']);
  for (const [pin, tenant] of [
    ['di5', 'banglalink'],
    ['di6', 'robi'],
  ] as const) {
    await buildPin(t.pool, { comId: 'RMS-KT1', siteUid: KT1, pinName: pin, type: 'dg_status', tenant });
  }
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, body: object, user = R) =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload: body });
const tenantsOf = async (uid: string) =>
  (await t.pool.query<{ tenants: string[] }>('select tenants from sites where uid = $1', [uid])).rows[0]
    ?.tenants;
const pinsOf = async (comId: string) =>
  (
    await t.pool.query<{ p: string }>(
      `select pin_name || ':' || coalesce(tenant, '') as p from pin_configs where com_id = $1 order by 1`,
      [comId],
    )
  ).rows.map((r) => r.p);

describe('shared sites (issue 34 finding 3)', () => {
  it('a site update keeps the tenants the caller may not see', async () => {
    const res = await post('/user/site/update', { site_uid: KT1, tenants: ['robi'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tenantsOf(KT1)).toEqual(['banglalink', 'robi']);
    expect((await post('/user/site/update', { site_uid: KT2, tenants: ['robi'] })).statusCode).toBe(200);
    expect(await tenantsOf(KT2)).toEqual(['robi', 'grameenphone']);
    // the company account sees every tenant: it may remove banglalink
    expect((await post('/user/site/update', { site_uid: KT1, tenants: ['robi'] }, 'ktbl')).statusCode).toBe(
      200,
    );
    expect(await tenantsOf(KT1)).toEqual(['robi']);
    await t.pool.query(`update sites set tenants = '{banglalink,robi}' where uid = $1`, [KT1]);
  });

  it('unbinding a device with another tenant’s pin configs is refused and deletes nothing', async () => {
    const before = await pinsOf('RMS-KT1');
    expect(before).toContain('di5:banglalink');
    const res = await post('/user/device/unbind', { com_id: 'RMS-KT1', site_uid: KT1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REACH_REFUSED);
    expect(await pinsOf('RMS-KT1')).toEqual(before);
    const bound = await t.pool.query(`select site_uid from devices where com_id = 'RMS-KT1'`);
    expect(bound.rows[0]?.site_uid).toBe(KT1);
    // KT-2's device has no tenant pins of others: the robi user may unbind it
    expect((await post('/user/device/unbind', { com_id: 'RMS-KT2', site_uid: KT2 })).statusCode).toBe(200);
  });

  it('a pin config of a hidden tenant is not found, for a change as for a removal', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `select id from pin_configs where com_id = 'RMS-KT1' and pin_name = 'di5'`,
    );
    const id = rows[0]?.id as number;
    expect((await post('/user/device/remove-config', { id })).statusCode).toBe(404);
    const change = await post('/user/device/save-config', {
      id,
      site_uid: KT1,
      com_id: 'RMS-KT1',
      pin_name: 'di5',
      type: 'dg_status',
      tenant: 'robi',
    });
    expect(change.statusCode).toBe(404);
    expect(await pinsOf('RMS-KT1')).toContain('di5:banglalink');
  });
});

describe('site settings at a shared site', () => {
  it("pausing or resuming an alarm that has another tenant's rows is refused; the rows stay", async () => {
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'door_status', tenant: 'robi' });
    await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'door_status', tenant: 'banglalink' });
    await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'door_status', tenant: 'robi' });
    const paused = async () =>
      (
        await t.pool.query<{ r: string }>(
          `select site_uid || ':' || tenant || ':' || is_disable as r from alarms where alarm_id = 'door_status' order by 1`,
        )
      ).rows.map((x) => x.r);
    const before = await paused();
    for (const value of [false, true]) {
      const res = await post('/user/settings/save', { siteUid: KT1, prop: 'door_status', value });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(REACH_REFUSED);
    }
    expect(await paused()).toEqual(before);
    // a site where every row of the alarm is the caller's: allowed
    expect(
      (await post('/user/settings/save', { siteUid: KT2, prop: 'door_status', value: false })).statusCode,
    ).toBe(200);
  });
});

describe('tickets naming a hidden-tenant event', () => {
  it('answers exactly as for an id of no event', async () => {
    const hidden = await buildEvent(t.pool, { siteUid: KT1, name: 'dg_fault', tenant: 'banglalink' });
    const base = { siteUid: KT1, title: 'x', type: 'power', severity: 'minor' };
    const none = await post('/ticket/api/ticket-create', { ...base, eventId: 2_000_000_000 });
    expect(none.statusCode).toBe(400);
    const res = await post('/ticket/api/ticket-create', { ...base, eventId: hidden });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: none.statusCode,
      body: none.json(),
    });
    const count = await t.pool.query(`select 1 from tickets where site_uid = $1`, [KT1]);
    expect(count.rowCount).toBe(0);
    // its own tenant's event is fine
    const own = await buildEvent(t.pool, { siteUid: KT1, name: 'dg_fault', tenant: 'robi' });
    expect((await post('/ticket/api/ticket-create', { ...base, eventId: own })).statusCode).toBe(200);
  });
});
