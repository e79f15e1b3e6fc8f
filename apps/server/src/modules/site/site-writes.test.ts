/** Site writes, settings and device commands: roles allowed and refused, and what gets stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'door_status', isNormal: false });
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, payload: object, user = 'ktbl') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
const readOnly = (action: string) => `Sorry! You don't have the necessary permission to ${action}.`;

describe('device commands', () => {
  it('unlock records a pending command for the lock device and answers its id', async () => {
    const res = await post('/user/site/unlock', { site_uid: KT1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ command_id: expect.any(Number), status: 'pending' });
    const { rows } = await t.pool.query(
      'select site_uid, com_id, command, params, status, requested_by from commands where id = $1',
      [body.command_id],
    );
    expect(rows[0]).toEqual({
      site_uid: KT1,
      com_id: 'RMS-KT1',
      command: 'unlock',
      params: { duration_s: 10 },
      status: 'pending',
      requested_by: '100',
    });
  });

  it('announces the new command on the bus for the MQTT dispatcher', async () => {
    const ids: number[] = [];
    const stop = t.container.bus.subscribe('command.created', (e) => {
      ids.push(e.id);
    });
    const res = await post('/user/site/unlock', { site_uid: KT2 });
    stop();
    expect(ids).toEqual([res.json().command_id]);
  });

  it.each([
    ['/user/site/clear-security-breach', 'clear_security_breach'],
    ['/user/site/clear-lock-open-fail', 'clear_lock_open_fail'],
  ])('%s records %s', async (url, command) => {
    const res = await post(url, { site_uid: KT2 }, 'ktbl.employee');
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query('select command, com_id from commands where id = $1', [
      res.json().command_id,
    ]);
    expect(rows[0]).toEqual({ command, com_id: 'RMS-KT2' });
  });

  it('digital control on both paths records the output and value; the output shows pending', async () => {
    const a = await post('/site/digital-control', {
      site_uid: KT1,
      com_id: 'RMS-KT1',
      pin_name: 'do2',
      value: 1,
    });
    const b = await post('/user/site/digital-control', {
      site_uid: KT1,
      com_id: 'RMS-KT1',
      pin_name: 'do3',
      value: 0,
    });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const { rows } = await t.pool.query('select params from commands where id = any($1) order by id', [
      [a.json().command_id, b.json().command_id],
    ]);
    expect(rows.map((r) => r.params)).toEqual([
      { pin: 'do2', value: 1 },
      { pin: 'do3', value: 0 },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/user/site/digital-control?site_uid=${KT1}`,
      headers: await t.auth('ktbl'),
    });
    const items: { pin_name: string; pending: boolean }[] = list.json().items;
    expect(items.filter((i) => i.pending).map((i) => i.pin_name)).toEqual(['do2', 'do3']);
  });

  it('a device of another site is refused with the field named', async () => {
    const res = await post('/user/site/unlock', { site_uid: KT1, com_id: 'RMS-KT2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.com_id');
  });

  it.each([
    ['robi.viewer', '/user/site/unlock', 'unlock the door'],
    ['noc', '/user/site/clear-security-breach', 'clear the security breach'],
    ['noc', '/user/site/clear-lock-open-fail', 'clear the lock open fail'],
  ])('read-only %s is refused %s with the spec message', async (user, url, action) => {
    const res = await post(url, { site_uid: KT1 }, user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(readOnly(action));
  });

  it('read-only users cannot switch outputs', async () => {
    const res = await post(
      '/site/digital-control',
      { site_uid: KT1, com_id: 'RMS-KT1', pin_name: 'do2', value: 1 },
      'noc',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(readOnly('control digital outputs'));
  });

  it('an rms-only user may not unlock (acs needed); an employee with acs may', async () => {
    expect((await post('/user/site/unlock', { site_uid: KT1 }, 'ktbl.rms')).statusCode).toBe(403);
    expect((await post('/user/site/unlock', { site_uid: KT1 }, 'ktbl.employee')).statusCode).toBe(200);
  });
});

describe('POST /user/settings/save', () => {
  it('disabling an alarm pauses it; enabling resumes it', async () => {
    const res = await post('/user/settings/save', { siteUid: KT1, prop: 'door_status', value: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      siteUid: KT1,
      disabledAlarms: ['door_status'],
      settings: { door_status: false },
    });
    const { rows } = await t.pool.query(
      `select is_disable from alarms where site_uid = $1 and alarm_id = 'door_status'`,
      [KT1],
    );
    expect(rows[0]?.is_disable).toBe(true);
    const counts = await t.app.inject({
      method: 'GET',
      url: '/user/site/status-counts',
      headers: await t.auth('ktbl'),
    });
    expect(counts.json().alarm.paused).toBe(1);
    expect(counts.json().access.door_open).toBe(0);

    const back = await post('/user/settings/save', { siteUid: KT1, prop: 'door_status', value: true });
    expect(back.json().disabledAlarms).toEqual([]);
  });

  it('stores a threshold where the alarm engine reads it', async () => {
    const res = await post('/user/settings/save', {
      siteUid: KT1,
      prop: 'high_temperature_threshold',
      value: 40,
    });
    expect(res.json().settings.high_temperature_threshold).toBe(40);
    const { rows } = await t.pool.query(
      `select settings->'high_temperature_threshold' as v from sites where uid = $1`,
      [KT1],
    );
    expect(rows[0]?.v).toBe(40);
  });

  it('needs the alarm_settings access and refuses read-only users with the spec message', async () => {
    const body = { siteUid: KT1, prop: 'door_status', value: false };
    expect((await post('/user/settings/save', body, 'ktbl.rms')).statusCode).toBe(403);
    const ro = await post('/user/settings/save', body, 'noc');
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe(readOnly('change the site settings'));
  });

  it('refuses to pause an alarm the site does not have, naming the alarm (issue 21)', async () => {
    const res = await post('/user/settings/save', { siteUid: KT1, prop: 'lock_fault', value: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'body.prop',
      message: 'Lock Fault is not installed on this site: there is nothing to pause',
    });
    const { rows } = await t.pool.query(`select settings->'lock_fault' as v from sites where uid = $1`, [
      KT1,
    ]);
    expect(rows[0]?.v).toBeNull();
  });

  it('refuses an alarm the spec does not allow to disable, naming the field', async () => {
    const res = await post('/user/settings/save', { siteUid: KT1, prop: 'mains_fail', value: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.prop');
  });
});

describe('POST /user/site/save and /user/site/update', () => {
  it('a company user creates a site of its own company', async () => {
    const res = await post('/user/site/save', {
      name: 'New Tower',
      tenants: ['robi'],
      place: { division: 'Sylhet', district: 'Sylhet', thana: 'Kotwali' },
      location: { lat: 24.9, lng: 91.87 },
      rectifier: { rectifier_type: 'eltek' },
      generic_site_id: 'SYL-001',
    });
    expect(res.statusCode).toBe(200);
    const site = res.json().site;
    expect(site.uid).toMatch(/^KTBL-/);
    expect(site).toMatchObject({
      name: 'New Tower',
      company: 'ktbl',
      user_uid: '100',
      tenants: ['robi'],
      place: { division: 'Sylhet', district: 'Sylhet', thana: 'Kotwali' },
      rectifier: { rectifier_type: 'eltek' },
      meta: { generic_site_id: 'SYL-001' },
    });
    const ftb = await t.app.inject({
      method: 'GET',
      url: `/user/site/details?site_uid=${site.uid}`,
      headers: await t.auth('ftb'),
    });
    expect(ftb.statusCode).toBe(404);
  });

  it('an operator must name the customer and creates the site in its company', async () => {
    const missing = await post('/user/site/save', { name: 'X', tenants: ['robi'] }, 'admin');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('body.user_uid');
    const res = await post(
      '/user/site/save',
      { name: 'FTB New', tenants: ['banglalink'], user_uid: '200' },
      'ops',
    );
    expect(res.json().site).toMatchObject({ company: 'ftb', user_uid: '200' });
  });

  it('update renames a site', async () => {
    const res = await post('/user/site/update', { site_uid: KT2, name: 'Mirpur 10 Tower' }, 'super');
    expect(res.statusCode).toBe(200);
    expect(res.json().site.name).toBe('Mirpur 10 Tower');
  });

  it.each([
    ['ktbl.employee', 403],
    ['finance', 403],
    ['noc', 403],
  ])('%s may not update sites', async (user, status) => {
    const res = await post('/user/site/update', { site_uid: KT2, name: 'Nope' }, user);
    expect(res.statusCode).toBe(status);
  });

  it('a company user may not give a site a tenant outside its allowed tenants', async () => {
    const res = await post('/user/site/update', { site_uid: KT2, tenants: ['teletalk'] });
    expect(res.statusCode).toBe(403);
  });
});
