/**
 * excel=yes: every report downloads a real .xlsx that exceljs reads back — the report sheet with typed
 * cells and the JSON's totals, the compare columns, the per-tenant sheet, and the Parameters sheet with
 * the parameters, generation time and per-site completeness.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00+06:00');
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  await buildTwoCompanyFleet(t.pool);
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'mains_fail',
    tenant: 'robi',
    time: new Date(NOW - 5 * HOUR),
    active: true,
  });
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'mains_fail',
    tenant: 'robi',
    time: new Date(NOW - 4 * HOUR),
    active: false,
  });
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'device_offline',
    time: new Date(NOW - 3 * HOUR),
    active: true,
  });
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'device_offline',
    time: new Date(NOW - 2.5 * HOUR),
    active: false,
  });
});
afterAll(async () => {
  await t?.close();
});

const RANGE = `from_time=${new Date(NOW - 24 * HOUR).toISOString()}&until_time=${new Date(NOW).toISOString()}`;

async function download(url: string) {
  const headers = await t.auth('ktbl');
  const [file, json] = await Promise.all([
    t.app.inject({ method: 'GET', url: `${url}&excel=yes`, headers }),
    t.app.inject({ method: 'GET', url, headers }),
  ]);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  expect(file.headers['content-disposition']).toMatch(
    /attachment; filename="[a-z]+-report-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.xlsx"/,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
  return { book, body: json.json() };
}

/** The sheet's rows as arrays of cell values (row 1 = header). */
function rowsOf(ws: ExcelJS.Worksheet | undefined): ExcelJS.CellValue[][] {
  if (!ws) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

describe('excel=yes', () => {
  it('mains: typed rows, the totals row equals the JSON totals, tenants and Parameters sheets', async () => {
    const { book, body } = await download(
      `/analytics/mains-report?${RANGE}&daily_avg=20&compare=previous_period`,
    );
    expect(book.worksheets.map((w) => w.name)).toEqual(['Mains', 'Tenants', 'Parameters']);
    const ws = book.getWorksheet('Mains');
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = rowsOf(ws);
    const header = rows[0] as string[];
    expect(header.slice(0, 4)).toEqual(['Site ID', 'Site name', 'Tenants', 'Availability %']);
    expect(header).toContain('Outage (min) (compare)');
    expect(rows).toHaveLength(body.sites.length + 2);
    const kt1 = rows.find((r) => r[0] === KT1) as ExcelJS.CellValue[];
    const col = (name: string) => header.indexOf(name);
    expect(kt1[col('Outage (min)')]).toBe(60);
    expect(typeof kt1[col('Availability %')]).toBe('number');
    expect(kt1[col('Gap (min)')]).toBe(30);
    const totals = rows[rows.length - 1] as ExcelJS.CellValue[];
    expect(totals[0]).toBe('Total');
    expect(totals[col('Outage (min)')]).toBe(body.totals.outageMinutes);
    expect(totals[col('Availability %')]).toBe(body.totals.availabilityPct);
    expect(totals[col('Outages')]).toBe(body.totals.outageCount);

    const tenants = rowsOf(book.getWorksheet('Tenants'));
    expect(tenants.slice(1).map((r) => r[0])).toEqual(body.byTenant.map((x: { tenant: string }) => x.tenant));

    const params = rowsOf(book.getWorksheet('Parameters'));
    const value = (label: string) => params.find((r) => r[0] === label)?.[1];
    expect(value('Report')).toBe('Mains report');
    expect(value('dailyAvgHours')).toBe(20);
    expect(value('Compare')).toBe('previous_period');
    // Times are date cells holding the Asia/Dhaka wall-clock time.
    expect(value('Generated at (Asia/Dhaka)')).toEqual(new Date('2026-11-20T12:00:00Z'));
    const completeness = params.find((r) => r[0] === KT1);
    expect(completeness?.slice(2, 4)).toEqual([
      30,
      body.sites.find((s: { siteUid: string }) => s.siteUid === KT1).completenessPct,
    ]);
  });

  it('the other three reports download too, with their totals', async () => {
    for (const [path, sheet, column, total] of [
      ['dg-report', 'DG', 'DG run hours', 'dgRunHours'],
      ['battery-report', 'Battery', 'On battery (min)', 'onBatteryMinutes'],
      ['temperature-report', 'Temperature', 'Above (min)', 'minutesAbove'],
    ] as const) {
      const { book, body } = await download(`/analytics/${path}?${RANGE}`);
      expect(book.worksheets[0]?.name).toBe(sheet);
      expect(book.worksheets[book.worksheets.length - 1]?.name).toBe('Parameters');
      const rows = rowsOf(book.worksheets[0]);
      const header = rows[0] as string[];
      const last = rows[rows.length - 1] as ExcelJS.CellValue[];
      expect(last[0]).toBe('Total');
      expect(last[header.indexOf(column)]).toBe(body.totals[total]);
    }
  });
});
