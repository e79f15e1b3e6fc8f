/**
 * Issue 34 finding 5: a device vendor of one company serves that company only
 * (docs/requirements.md#device-vendors). Assigning another company's vendor to a device or a site is a
 * 400 naming the field; a vendor token pushes data only for devices of its own company (refused and
 * counted, the rest of the batch is ingested).
 */
import { adminEndpoints, siteEndpoints } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { IngestRole } from '../../ingest/ingest-role.ts';
import { type BuiltSite, buildSite } from '../../ingest/test-fixtures.ts';

let t: TestServer;
let role: IngestRole;
let ktblSite: BuiltSite;
let ftbSite: BuiltSite;
/** A vendor of FTB only, and one of KTBL only. */
let ftbVendor: string;
let ktblVendor: string;

const call = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
const saveVendor = async (body: object) =>
  (await call('admin', 'POST', adminEndpoints.vendorSave.path, body)).json().vendor.uid as string;
const vendorOf = async (comId: string) =>
  (await t.pool.query('select vendor from devices where com_id = $1', [comId])).rows[0]?.vendor;
const siteVendor = async (uid: string) =>
  (await t.pool.query('select device_vendor from sites where uid = $1', [uid])).rows[0]?.device_vendor;

beforeAll(async () => {
  t = await startTestServer();
  role = await startTestIngestRole(t, { deviceRate: deviceRateLimit(100_000) });
  t.container.deviceInbox.attach(role.pipeline);
  ktblSite = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
  ftbSite = await buildSite(t.pool, { companyId: 'ftb', tenants: ['banglalink'] });
  ftbVendor = await saveVendor({ name: 'FTB Power', company_id: 'ftb' });
  ktblVendor = await saveVendor({ name: 'KTBL Power', company_id: 'ktbl' });
});
afterAll(async () => {
  t?.container.deviceInbox.attach(null);
  await role?.stop();
  await t?.close();
});

describe("a device gets only a vendor of the device's company", () => {
  it("refuses another company's vendor on a bound device and on a new device of a company", async () => {
    const res = await call('admin', 'POST', adminEndpoints.deviceSave.path, {
      com_id: ktblSite.comId,
      vendor: ftbVendor,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'body.vendor',
      message: `Vendor ${ftbVendor} serves company ftb only, not ktbl`,
    });
    expect(await vendorOf(ktblSite.comId)).toBeNull();
    const created = await call('admin', 'POST', adminEndpoints.deviceSave.path, {
      vendor: ftbVendor,
      company_id: 'ktbl',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().field).toBe('body.vendor');
    // Its own company's vendor, and a vendor serving every company, are fine.
    for (const vendor of [ktblVendor, 'vendor-hsl']) {
      const ok = await call('admin', 'POST', adminEndpoints.deviceSave.path, {
        com_id: ktblSite.comId,
        vendor,
      });
      expect(ok.statusCode, vendor).toBe(200);
    }
  });

  it("refuses to bind a device of another company's vendor to a site", async () => {
    const stock = await call('admin', 'POST', adminEndpoints.deviceSave.path, { vendor: ftbVendor });
    expect(stock.statusCode).toBe(200);
    const comId = stock.json().device.com_id as string;
    const bind = await call('admin', 'POST', adminEndpoints.deviceBind.path, {
      com_id: comId,
      site_uid: ktblSite.siteUid,
    });
    expect(bind.statusCode).toBe(400);
    expect(bind.json()).toMatchObject({ field: 'body.com_id' });
    expect(bind.json().message).toMatch(/serves company ftb only/);
    const toFtb = await call('admin', 'POST', adminEndpoints.deviceBind.path, {
      com_id: comId,
      site_uid: ftbSite.siteUid,
    });
    expect(toFtb.statusCode).toBe(200);
  });

  it("refuses to move a vendor to another company while it serves this one's devices", async () => {
    await t.pool.query('update devices set vendor = $2 where com_id = $1', [ktblSite.comId, ktblVendor]);
    const res = await call('admin', 'POST', adminEndpoints.vendorSave.path, {
      uid: ktblVendor,
      name: 'KTBL Power',
      company_id: 'ftb',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.company_id');
    const list = await call('admin', 'GET', `${adminEndpoints.vendorList.path}?uid=${ktblVendor}`);
    expect(list.json().items[0].company_id).toBe('ktbl');
  });
});

describe("a site's device_vendor is a vendor of the site's company", () => {
  it("a company user cannot set another company's vendor (nor an unknown one)", async () => {
    for (const vendor of [ftbVendor, 'no-such-vendor']) {
      const res = await call('ktbl', 'POST', siteEndpoints.siteUpdate.path, {
        site_uid: ktblSite.siteUid,
        device_vendor: vendor,
      });
      expect(res.statusCode, vendor).toBe(400);
      expect(res.json().field).toBe('body.device_vendor');
    }
    expect(await siteVendor(ktblSite.siteUid)).toBeNull();
    for (const vendor of [ktblVendor, 'vendor-hsl', null]) {
      const ok = await call('ktbl', 'POST', siteEndpoints.siteUpdate.path, {
        site_uid: ktblSite.siteUid,
        device_vendor: vendor,
      });
      expect(ok.statusCode, String(vendor)).toBe(200);
    }
  });

  it("an operator creating a site for a customer cannot give it another company's vendor", async () => {
    const res = await call('admin', 'POST', siteEndpoints.siteSave.path, {
      user_uid: '100',
      name: 'Vendor check',
      tenants: ['robi'],
      device_vendor: ftbVendor,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.device_vendor' });
  });
});

describe("a vendor token pushes data only for its own company's devices", () => {
  it('refuses and counts a device of another company (a vendor set before this rule), ingests the rest', async () => {
    // A KTBL device that names the FTB vendor (as data written before the rule could).
    await t.pool.query('update devices set vendor = $2 where com_id = $1', [ktblSite.comId, ftbVendor]);
    await t.pool.query('update devices set vendor = $2 where com_id = $1', [ftbSite.comId, ftbVendor]);
    const issued = await call('admin', 'POST', adminEndpoints.generateToken.path, { vendor_uid: ftbVendor });
    expect(issued.statusCode).toBe(200);
    // No name given: named by the Asia/Dhaka date and time (UTC+6) it was made.
    const dhaka = new Date(t.clock.now().getTime() + 6 * 3_600_000).toISOString();
    expect(issued.json().info.name).toBe(`Token ${dhaka.slice(0, 10)} ${dhaka.slice(11, 16)}`);
    const message = (comId: string, msgId: string) => ({
      com_id: comId,
      kind: 'pins',
      payload: { msg_id: msgId, ts: t.clock.now().getTime(), readings: [{ pin: 'am6', value: 31 }] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: adminEndpoints.ingestMessages.path,
      headers: { authorization: `Bearer ${issued.json().token}` },
      payload: { messages: [message(ktblSite.comId, 'k1'), message(ftbSite.comId, 'f1')] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 1,
      refused: [{ index: 0, com_id: ktblSite.comId, reason: 'forbidden_topic' }],
    });
    const tokens = await call('admin', 'GET', `${adminEndpoints.listTokens.path}?vendor_uid=${ftbVendor}`);
    expect(tokens.json().items[0]).toMatchObject({ accepted: 1, rejected: 1 });
    const stored = async (comId: string) =>
      (await t.pool.query('select count(*)::int as n from telemetry where com_id = $1', [comId])).rows[0].n;
    expect(await stored(ktblSite.comId)).toBe(0);
    expect(await stored(ftbSite.comId)).toBe(1);
  });
});
