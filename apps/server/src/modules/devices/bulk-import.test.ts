/**
 * Bulk onboarding: the template downloads as a real .xlsx; a filled template creates the sites, binds
 * or creates their controllers and writes their pins in one go; a file with bad rows is refused with
 * every bad row listed and nothing written; CSV works the same; only operators may import.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const post = async (user: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/user/site/import', headers: await t.auth(user), payload });
const count = async (sql: string) => Number((await t.pool.query(sql)).rows[0].n);

async function template(): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/user/site/import-template',
    headers: await t.auth('admin'),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

describe('bulk onboarding', () => {
  it('imports sites, controllers and pins from the filled template', async () => {
    const book = await template();
    const sheet = book.getWorksheet('Sites') as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toContain('pins');
    sheet.spliceRows(2, 1);
    await t.pool.query(`insert into devices (com_id) values ('BULK-OLD')`);
    sheet.addRow([
      'ktbl',
      'Bulk One',
      'BULK-1',
      'robi, banglalink',
      'Dhaka',
      'Dhaka',
      'Gulshan',
      '23.79',
      '90.41',
      'vertiv',
      'vendor-hsl',
      'BULK-NEW',
      'am1:main_phase_a:each; di1:door; di3:dg_status:robi',
    ]);
    sheet.addRow([
      'ftb',
      'Bulk Two',
      'BULK-2',
      'banglalink',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'BULK-OLD',
      'am6:temperature',
    ]);
    sheet.addRow(['ktbl', 'Bulk Three', '', 'robi']);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const dry = (await post('admin', { format: 'xlsx', content_base64: content, dry_run: true })).json();
    expect(dry).toMatchObject({ applied: false, rows: 3, sites: 3, devices: 2, pins: 5, errors: [] });
    expect(await count(`select count(*) as n from sites where name like 'Bulk %'`)).toBe(0);

    const res = await post('ops', { format: 'xlsx', content_base64: content });
    expect(res.json()).toMatchObject({ applied: true, sites: 3, devices: 2, pins: 5 });
    const one = (
      await t.pool.query(`select uid, company_id, tenants, meta from sites where name = 'Bulk One'`)
    ).rows[0];
    expect(one).toMatchObject({
      company_id: 'ktbl',
      tenants: ['robi', 'banglalink'],
      meta: { generic_site_id: 'BULK-1' },
    });
    const pins = (
      await t.pool.query(
        `select pin_name, type, tenant, priority from pin_configs where site_uid = $1 order by pin_name, tenant`,
        [one.uid],
      )
    ).rows;
    expect(pins).toEqual([
      { pin_name: 'am1', type: 'main_phase_a', tenant: 'banglalink', priority: null },
      { pin_name: 'am1', type: 'main_phase_a', tenant: 'robi', priority: null },
      { pin_name: 'di1', type: 'access_control', tenant: null, priority: 'door' },
      { pin_name: 'di3', type: 'dg_status', tenant: 'robi', priority: null },
    ]);
    const old = (
      await t.pool.query(
        `select d.company_id, s.name from devices d join sites s on s.uid = d.site_uid where com_id = 'BULK-OLD'`,
      )
    ).rows[0];
    expect(old).toEqual({ company_id: 'ftb', name: 'Bulk Two' });

    // Importing the same file again: the generic ids and controllers are taken now.
    const again = (await post('admin', { format: 'xlsx', content_base64: content })).json();
    expect(again.applied).toBe(false);
    expect(again.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '2:generic_site_id',
      '2:com_id',
      '3:generic_site_id',
      '3:com_id',
    ]);
  });

  it('refuses a file with bad rows, listing every one, and writes nothing', async () => {
    const before = await count('select count(*) as n from sites');
    const csv = [
      'customer,name,tenants,lat,rectifier_type,device_vendor,com_id,pins',
      'ktbl,Good Row,robi,23.7,,,CSV-1,di1:door',
      'nope,Bad Customer,robi,,,,,',
      'ktbl,,robi,,,,,',
      'ktbl,Bad Tenant,vodafone,,,,,',
      'ktbl,Bad Lat,robi,200,,,,',
      'ktbl,Bad Pin,robi,,,,CSV-2,di3:dg_status',
      'ktbl,Dup Device,robi,,,,CSV-1,',
      'ktbl,Bad Vendor,robi,,boxy,nobody,,',
    ].join('\n');
    const res = await post('admin', { format: 'csv', content_base64: Buffer.from(csv).toString('base64') });
    const reply = res.json();
    expect(reply.applied).toBe(false);
    expect(reply.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:customer',
      '4:name',
      '5:tenants',
      '6:lat',
      '7:pins',
      '8:com_id',
      '9:rectifier_type',
      '9:device_vendor',
    ]);
    expect(reply.errors[4].message).toContain('tenant is required for dg_status');
    expect(await count('select count(*) as n from sites')).toBe(before);
    expect(await count(`select count(*) as n from devices where com_id like 'CSV-%'`)).toBe(0);

    const good = csv.split('\n').slice(0, 2).join('\n');
    const ok = (
      await post('admin', { format: 'csv', content_base64: Buffer.from(good).toString('base64') })
    ).json();
    expect(ok).toMatchObject({ applied: true, sites: 1, devices: 1, pins: 1 });
  });

  it('answers a file that is not a workbook, and refuses non-operators', async () => {
    const junk = (
      await post('admin', { format: 'xlsx', content_base64: Buffer.from('not a zip').toString('base64') })
    ).json();
    expect(junk.errors[0]).toMatchObject({ field: 'file' });
    expect((await post('ktbl', { format: 'csv', content_base64: 'eA==' })).statusCode).toBe(403);
  });
});
