/** POST /site/excel-export gives a real .xlsx that exceljs reads back with the expected rows. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildDcLoad, buildPin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // The seeded demo fleet has pin configs but no readings; only these sites have readings.
  await buildPin(t.pool, {
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am4',
    type: 'temperature',
    value: 31.46,
  });
  await buildPin(t.pool, { comId: 'RMS-KT1', siteUid: KT1, pinName: 'am5', type: 'humidity', value: 64 });
  await buildPin(t.pool, { comId: 'RMS-FT1', siteUid: FT1, pinName: 'am4', type: 'temperature', value: 29 });
  await buildDcLoad(t.pool, KT1, 'banglalink', 'NORMAL', 25);
  await buildDcLoad(t.pool, KT1, 'robi', 'NORMAL', 10);
  await buildDcLoad(t.pool, KT2, 'grameenphone', 'OVER', 120);
  await buildDcLoad(t.pool, FT1, 'banglalink', 'NORMAL', 50);
  await buildAlarm(t.pool, {
    siteUid: KT1,
    alarmId: 'mains_fail',
    tenant: 'robi',
    lastEventAt: new Date(t.clock.now().getTime() - 65.5 * 60_000),
  });
});
afterAll(async () => {
  await t?.close();
});

async function exportSheet(body: object, user = 'ktbl') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/site/excel-export',
    headers: await t.auth(user),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = book.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { res, book, ws, name: ws.name, header: rows[0], rows: rows.slice(1) };
}

describe('POST /site/excel-export', () => {
  it('climate: one row per site with readings, as an attachment named after file_name', async () => {
    const x = await exportSheet({ file_name: 'climate report', kind: 'climate' });
    expect(x.res.headers['content-disposition']).toBe('attachment; filename="climate report.xlsx"');
    expect(x.name).toBe('Climate');
    expect(x.header).toEqual(['Site ID', 'Site Name', 'Temperature (°C)', 'Humidity (%)', 'Updated']);
    expect(x.rows.map((r) => r.slice(0, 4))).toEqual([[KT1, 'Gulshan Tower', 31.5, 64]]);
  });

  it('the shared writer: frozen header, widths, a date cell in Dhaka time, a Parameters sheet', async () => {
    const x = await exportSheet({ file_name: 'c', kind: 'climate' });
    expect(x.ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(x.ws.getColumn(2).width).toBe(28);
    expect(x.rows[0]?.[4]).toBeInstanceOf(Date);
    expect(x.book.worksheets.map((w) => w.name)).toEqual(['Climate', 'Parameters']);
    const params: unknown[] = [];
    x.book.getWorksheet('Parameters')?.eachRow((row) => params.push((row.values as unknown[])[1]));
    expect(params).toEqual(
      expect.arrayContaining(['Report', 'Generated at (Asia/Dhaka)', 'Export', 'Tenant']),
    );
  });

  it('energy: one row per site and tenant, load = volts × amps', async () => {
    const x = await exportSheet({ file_name: 'energy', kind: 'energy' });
    expect(x.header).toEqual(['Site ID', 'Site Name', 'Tenant', 'Load (kW)', 'Current (A)']);
    expect(x.rows).toEqual([
      [KT1, 'Gulshan Tower', 'banglalink', Math.round(51.2 * 25) / 1000, 25],
      [KT1, 'Gulshan Tower', 'robi', Math.round(51.2 * 10) / 1000, 10],
      [KT2, 'Mirpur Tower', 'grameenphone', Math.round(51.2 * 120) / 1000, 120],
    ]);
  });

  it('energy for one tenant keeps only that tenant', async () => {
    const x = await exportSheet({ file_name: 'energy', kind: 'energy', tenant: 'robi' });
    expect(x.rows.map((r) => r[2])).toEqual(['robi']);
  });

  it('voltage and alarm sheets', async () => {
    const v = await exportSheet({ file_name: 'v', kind: 'voltage' });
    expect(v.header).toEqual(['Site ID', 'Site Name', 'Tenant', 'Voltage (V)', 'Updated']);
    expect(v.rows.map((r) => r.slice(0, 4))).toEqual([
      [KT1, 'Gulshan Tower', '', 51.2],
      [KT2, 'Mirpur Tower', '', 51.2],
    ]);
    const a = await exportSheet({ file_name: 'a', kind: 'alarm' });
    expect(a.header).toEqual(['Site ID', 'Site Name', 'Name', 'Tenant', 'Duration', 'Time']);
    expect(a.rows.map((r) => r.slice(0, 5))).toEqual([
      [KT1, 'Gulshan Tower', 'Mains Fail', 'robi', '1hr 5m'],
    ]);
  });

  it('ftb exports only its own sites', async () => {
    const x = await exportSheet({ file_name: 'energy', kind: 'energy' }, 'ftb');
    expect(x.rows.map((r) => r[0])).toEqual([FT1]);
  });

  it('a tenant outside the allowed tenants is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/excel-export',
      headers: await t.auth('robi.viewer'),
      payload: { file_name: 'x', kind: 'energy', tenant: 'banglalink' },
    });
    expect(res.statusCode).toBe(403);
  });
});
