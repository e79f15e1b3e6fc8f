/**
 * GET /site/legacy-table: the legacy dashboard's tables as JSON hold exactly the rows the .xlsx
 * export of the same kind writes, in the caller's scope.
 */
import { LEGACY_TABLE_COLUMNS, LEGACY_TABLE_KINDS, type LegacyTableReply } from '@towerwatch/contract';
import { DHAKA_OFFSET_MS } from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDcLoad, buildPin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  const ts = new Date('2026-03-01T08:30:00Z');
  await buildPin(t.pool, {
    comId: 'RMS-KT1',
    siteUid: KT1,
    pinName: 'am4',
    type: 'temperature',
    value: 31.46,
    ts,
  });
  await buildPin(t.pool, {
    comId: 'RMS-KT2',
    siteUid: KT2,
    pinName: 'am5',
    type: 'humidity',
    value: 58.04,
    ts,
  });
  await buildPin(t.pool, {
    comId: 'RMS-FT1',
    siteUid: FT1,
    pinName: 'am4',
    type: 'temperature',
    value: 29,
    ts,
  });
  await buildDcLoad(t.pool, KT1, 'banglalink', 'NORMAL', 25);
  await buildDcLoad(t.pool, KT1, 'robi', 'NORMAL', 10);
  await buildDcLoad(t.pool, KT2, 'grameenphone', 'OVER', 120);
  await buildDcLoad(t.pool, FT1, 'banglalink', 'NORMAL', 50);
});
afterAll(async () => {
  await t?.close();
});

async function table(query: string, user = 'ktbl'): Promise<LegacyTableReply> {
  const res = await t.app.inject({ url: `/site/legacy-table?${query}`, headers: await t.auth(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The first sheet of the export of `kind`: header and rows, empty cells as null, dates as ISO. Date
 * cells hold Asia/Dhaka wall-clock time (kernel/xlsx): back to the instant they show.
 */
async function exported(kind: string, user = 'ktbl', tenant?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/site/excel-export',
    headers: await t.auth(user),
    payload: { file_name: 'x', kind, ...(tenant ? { tenant } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = book.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const grid: unknown[][] = [];
  ws.eachRow((row) => grid.push((row.values as unknown[]).slice(1)));
  const header = (grid[0] ?? []).map(String);
  const rows = grid
    .slice(1)
    .map((cells) =>
      header.map((_, i) =>
        cells[i] instanceof Date
          ? new Date((cells[i] as Date).getTime() - DHAKA_OFFSET_MS).toISOString()
          : (cells[i] ?? null),
      ),
    );
  return { header, rows };
}

/** JSON rows as cell rows in the order of the table's columns. */
function cells(reply: LegacyTableReply): unknown[][] {
  const columns = LEGACY_TABLE_COLUMNS[reply.kind];
  return (reply.rows as Record<string, unknown>[]).map((row) => columns.map((c) => row[c.key]));
}

describe('GET /site/legacy-table', () => {
  it.each(LEGACY_TABLE_KINDS)('%s: the rows and columns of the .xlsx export', async (kind) => {
    const json = await table(`kind=${kind}`);
    expect(json.kind).toBe(kind);
    expect(json.rows.length).toBeGreaterThan(0);
    const xlsx = await exported(kind);
    expect(xlsx.header).toEqual(LEGACY_TABLE_COLUMNS[kind].map((c) => c.header));
    expect(cells(json)).toEqual(xlsx.rows);
  });

  it('energy: one row per site and tenant, load = volts × amps', async () => {
    expect((await table('kind=energy')).rows).toEqual([
      { site_id: KT1, site_name: 'Gulshan Tower', tenant: 'banglalink', load_kw: 1.28, current_a: 25 },
      { site_id: KT1, site_name: 'Gulshan Tower', tenant: 'robi', load_kw: 0.512, current_a: 10 },
      { site_id: KT2, site_name: 'Mirpur Tower', tenant: 'grameenphone', load_kw: 6.144, current_a: 120 },
    ]);
  });

  it('climate: rounded readings and the time of the latest', async () => {
    expect((await table('kind=climate')).rows).toEqual([
      {
        site_id: KT1,
        site_name: 'Gulshan Tower',
        temperature_c: 31.5,
        humidity_pct: null,
        updated: '2026-03-01T08:30:00.000Z',
      },
      {
        site_id: KT2,
        site_name: 'Mirpur Tower',
        temperature_c: null,
        humidity_pct: 58,
        updated: '2026-03-01T08:30:00.000Z',
      },
    ]);
  });

  it('a tenant narrows the rows, as in the export', async () => {
    const json = await table('kind=energy&tenant=robi');
    expect(json.rows.map((r) => [r.site_id, 'tenant' in r ? r.tenant : null])).toEqual([[KT1, 'robi']]);
    expect(cells(json)).toEqual((await exported('energy', 'ktbl', 'robi')).rows);
  });

  it('another company’s sites are not included', async () => {
    for (const kind of LEGACY_TABLE_KINDS) {
      expect((await table(`kind=${kind}`)).rows.map((r) => r.site_id)).not.toContain(FT1);
    }
    expect((await table('kind=energy', 'ftb')).rows.map((r) => r.site_id)).toEqual([FT1]);
    expect((await table('kind=climate', 'ftb')).rows.map((r) => r.site_id)).toEqual([FT1]);
  });

  it('refuses a tenant outside the allowed ones and a user without RMS access', async () => {
    const tenant = await t.app.inject({
      url: '/site/legacy-table?kind=energy&tenant=banglalink',
      headers: await t.auth('robi.viewer'),
    });
    expect(tenant.statusCode).toBe(403);
    const noRms = await t.app.inject({
      url: '/site/legacy-table?kind=energy',
      headers: await t.auth('finance'),
    });
    expect(noRms.statusCode).toBe(403);
  });

  it.each([
    ['', 'query.kind'],
    ['kind=alarm', 'query.kind'],
    ['kind=energy&tenant=vodafone', 'query.tenant'],
    ['kind=energy&user_uid=', 'query.user_uid'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ url: `/site/legacy-table?${query}`, headers: await t.auth('ktbl') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});
