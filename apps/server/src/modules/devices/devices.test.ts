/**
 * Devices and pin configs: who may call, company scope (another company's device or site is 404), the
 * tenant-required rule naming the field, bad input 400, and a change announced to ingest and live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1 } from '../../../test/two-company-fleet.ts';
import type { BusEvents } from '../../bus/bus.ts';

let t: TestServer;
const changes: BusEvents['site.config-changed'][] = [];
const live: BusEvents['live'][] = [];
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  t.container.bus.subscribe('site.config-changed', (e) => void changes.push(e));
  t.container.bus.subscribe('live', (e) => void live.push(e));
});
afterAll(async () => {
  await t?.close();
});

const call = async (method: 'GET' | 'POST', url: string, user: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

describe('devices', () => {
  it('registers a controller with a secret shown once, then lists it unbound', async () => {
    const res = await call('POST', '/user/device/save', 'admin', { model: 'RMS-X', vendor: 'vendor-hsl' });
    expect(res.statusCode).toBe(200);
    const { device, created, secret } = res.json();
    expect(created).toBe(true);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(device).toMatchObject({ model: 'RMS-X', vendor: 'vendor-hsl', site_uid: null, online: false });
    const again = (
      await call('POST', '/user/device/save', 'admin', { com_id: device.com_id, firmware: '2.1' })
    ).json();
    expect(again).toMatchObject({
      created: false,
      secret: null,
      device: { firmware: '2.1', model: 'RMS-X' },
    });
    const free = (await call('GET', '/user/device/com-id', 'admin')).json();
    expect(free.items.map((d: { com_id: string }) => d.com_id)).toContain(device.com_id);
    expect(free.next_com_id).toMatch(/^RMS-/);
  });

  it('refuses device registration to company users and unknown vendors with the field', async () => {
    expect((await call('POST', '/user/device/save', 'ktbl', {})).statusCode).toBe(403);
    const bad = await call('POST', '/user/device/save', 'admin', { vendor: 'no-such-vendor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.vendor');
    const badId = await call('POST', '/user/device/save', 'admin', { com_id: 'has space' });
    expect(badId.statusCode).toBe(400);
  });

  it('binds, configures and unbinds, announcing each change to ingest and live', async () => {
    const { device } = (await call('POST', '/user/device/save', 'admin', {})).json();
    changes.length = 0;
    live.length = 0;
    const bind = await call('POST', '/user/device/bind', 'admin', { com_id: device.com_id, site_uid: KT1 });
    expect(bind.statusCode).toBe(200);
    expect(bind.json().device).toMatchObject({ site_uid: KT1, company_id: 'ktbl' });
    expect(changes).toContainEqual({ siteUid: KT1, comIds: [device.com_id] });
    expect(live.some((m) => m.message.event === 'SITE_CONFIG_UPDATED')).toBe(true);

    const save = await call('POST', '/user/device/save-config', 'ktbl', {
      site_uid: KT1,
      com_id: device.com_id,
      pin_name: 'di3',
      type: 'dg_status',
      tenant: 'robi',
    });
    expect(save.statusCode).toBe(200);
    const pin = save.json().pinConfig;
    expect(pin).toMatchObject({ pin_name: 'di3', type: 'dg_status', tenant: 'robi', label: 'DG Status' });
    const details = (await call('GET', `/user/site/details?site_uid=${KT1}`, 'ktbl')).json();
    expect(details.pinConfigs.map((c: { id: number }) => c.id)).toContain(pin.id);

    const edit = await call('POST', '/user/device/save-config', 'ktbl', {
      id: pin.id,
      site_uid: KT1,
      com_id: device.com_id,
      pin_name: 'di3',
      type: 'pg_status',
      tenant: 'banglalink',
      label: 'Grid',
    });
    expect(edit.json().pinConfig).toMatchObject({ id: pin.id, type: 'pg_status', label: 'Grid' });

    const removed = await call('POST', '/user/device/remove-config', 'ktbl', { id: pin.id });
    expect(removed.json()).toEqual({ id: pin.id, site_uid: KT1 });
    await call('POST', '/user/device/save-config', 'admin', {
      site_uid: KT1,
      com_id: device.com_id,
      pin_name: 'am1',
      type: 'temperature',
    });
    const unbind = await call('POST', '/user/device/unbind', 'ktbl', {
      com_id: device.com_id,
      site_uid: KT1,
    });
    expect(unbind.json()).toMatchObject({
      removed_configs: 1,
      device: { site_uid: null, company_id: 'ktbl' },
    });
    // Still the customer's: it can bind it again.
    const list = (await call('GET', '/user/device/list?bound=no', 'ktbl')).json();
    expect(list.items.map((d: { com_id: string }) => d.com_id)).toContain(device.com_id);
  });

  it('enforces the tenant-required rule naming the field, and the site tenants', async () => {
    const base = { site_uid: KT1, com_id: 'RMS-KT1', pin_name: 'am1' };
    const missing = await call('POST', '/user/device/save-config', 'admin', {
      ...base,
      type: 'main_phase_a',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('body.tenant');
    const foreign = await call('POST', '/user/device/save-config', 'admin', {
      ...base,
      type: 'battery_terminal',
      tenant: 'grameenphone',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('body.tenant');
    const door = await call('POST', '/user/device/save-config', 'admin', { ...base, type: 'access_control' });
    expect(door.json().field).toBe('body.priority');
    const notBound = await call('POST', '/user/device/save-config', 'admin', {
      ...base,
      com_id: 'RMS-FT1',
      type: 'temperature',
    });
    expect(notBound.json().field).toBe('body.com_id');
  });

  it("answers 404 for another company's device and site, 409 for a device bound elsewhere", async () => {
    expect(
      (await call('POST', '/user/device/bind', 'ftb', { com_id: 'RMS-KT1', site_uid: FT1 })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/user/device/bind', 'ktbl', { com_id: 'RMS-KT1', site_uid: FT1 })).statusCode,
    ).toBe(404);
    const list = (await call('GET', '/user/device/list?search=RMS-', 'ftb')).json();
    const comIds = list.items.map((d: { com_id: string }) => d.com_id);
    expect(comIds).toContain('RMS-FT1');
    expect(comIds).not.toContain('RMS-KT1');
    expect(list.items.every((d: { company_id: string }) => d.company_id === 'ftb')).toBe(true);
    const pinId = (await t.pool.query(`select id from pin_configs where com_id = 'RMS-KT1' limit 1`)).rows[0]
      .id;
    expect((await call('POST', '/user/device/remove-config', 'ftb', { id: Number(pinId) })).statusCode).toBe(
      404,
    );
    const busy = await call('POST', '/user/device/bind', 'admin', { com_id: 'RMS-FT1', site_uid: KT1 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().field).toBe('body.com_id');
  });

  it('refuses read-only users with the spec text and company users the customer list', async () => {
    const ro = await call('POST', '/user/device/bind', 'noc', { com_id: 'RMS-KT1', site_uid: KT1 });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe("Sorry! You don't have the necessary permission to configure the site.");
    expect((await call('GET', '/user/company/list', 'ktbl')).statusCode).toBe(403);
  });

  it('lists customers 25 per page with site counts and health, searchable', async () => {
    const page = (await call('GET', '/user/company/list', 'ops')).json();
    const ktbl = page.items.find((c: { id: string }) => c.id === 'ktbl');
    const sites = (await t.pool.query(`select count(*)::int as n from sites where company_id = 'ktbl'`))
      .rows[0].n;
    expect(ktbl).toMatchObject({ sites, root_user_uid: '100' });
    expect(ktbl.devices).toBeGreaterThanOrEqual(2);
    expect(page.items.length).toBeLessThanOrEqual(25);
    const found = (await call('GET', '/user/company/list?search=ftb', 'ops')).json();
    expect(found.items.map((c: { id: string }) => c.id)).toEqual(['ftb']);
  });

  it("the customer summary's devices online agree with the device list's states (issue 37)", async () => {
    // Every KTBL device at a site online but one (an unbound one of earlier tests stays offline).
    await t.pool.query(
      `update devices d set online = d.com_id <> (select min(com_id) from devices
         where site_uid in (select uid from sites where company_id = 'ktbl'))
        where d.site_uid in (select uid from sites where company_id = 'ktbl')`,
    );
    const summary = (await call('GET', '/user/company/list?limit=100', 'admin'))
      .json()
      .items.find((c: { id: string }) => c.id === 'ktbl');
    const listed = (await call('GET', '/user/device/list?company_id=ktbl&limit=200', 'admin')).json();
    expect(listed.total).toBe(summary.devices);
    expect(listed.items).toHaveLength(summary.devices);
    const online = listed.items.filter((d: { online: boolean }) => d.online).length;
    expect(online).toBe(summary.devices_online);
    expect(online).toBeLessThan(summary.devices);
    expect(online).toBeGreaterThan(0);
  });

  it('creates a customer (sudo only) and refuses a taken code naming the field', async () => {
    const body = { code: 'newco', name: 'New Tower Co', label: 'NEWCO' };
    expect((await call('POST', '/user/company/save', 'ops', body)).statusCode).toBe(403);
    const created = await call('POST', '/user/company/save', 'admin', body);
    expect(created.json().company).toMatchObject({
      id: 'newco',
      label: 'NEWCO',
      sites: 0,
      root_user_uid: null,
    });
    const taken = await call('POST', '/user/company/save', 'admin', body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('body.code');
    const renamed = await call('POST', '/user/company/save', 'admin', {
      ...body,
      id: 'newco',
      label: 'NewCo',
    });
    expect(renamed.json().company.label).toBe('NewCo');
  });
});
