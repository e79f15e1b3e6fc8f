import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PARAMETERS_SHEET, xlsxBuffer } from './xlsx-writer.ts';

async function readBack(buf: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return book;
}

describe('xlsx writer', () => {
  it('writes typed cells, a frozen bold header, widths, totals and the Parameters sheet', async () => {
    const at = new Date('2026-11-01T18:30:00Z'); // 2026-11-02 00:30 in Dhaka
    async function* rows() {
      yield ['S1', 12.5, 3, at] as const;
      yield ['S2', null, 4, null] as const;
    }
    const buf = await xlsxBuffer({
      title: 'Mains report',
      generatedAt: at,
      parameters: [
        ['From', at],
        ['Daily average (h)', 20],
      ],
      sheets: [
        {
          name: 'Mains',
          columns: [
            { header: 'Site', width: 16, type: 'text' },
            { header: 'Hours', width: 10, type: 'number' },
            { header: 'Count', width: 8, type: 'integer' },
            { header: 'Since', width: 20, type: 'datetime' },
          ],
          rows: rows(),
          totals: ['Total', 12.5, 7, null],
        },
      ],
      completeness: [{ siteUid: 'S1', siteName: 'One', gapMinutes: 30, completenessPct: 99.93 }],
    });
    const book = await readBack(buf);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Mains', PARAMETERS_SHEET]);
    const ws = book.getWorksheet('Mains');
    if (!ws) throw new Error('no sheet');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(16);
    expect(ws.getCell('B2').value).toBe(12.5);
    expect(ws.getCell('C3').value).toBe(4);
    const since = ws.getCell('D2').value;
    expect(since).toBeInstanceOf(Date);
    expect((since as Date).toISOString()).toBe('2026-11-02T00:30:00.000Z');
    expect(ws.getCell('B3').value).toBeNull();
    expect(ws.getCell('A4').value).toBe('Total');
    expect(ws.getCell('C4').value).toBe(7);
    expect(ws.getRow(4).font?.bold).toBe(true);
    const ps = book.getWorksheet(PARAMETERS_SHEET);
    const col = (c: string) => ps?.getColumn(c).values.filter((v) => v !== undefined && v !== null);
    expect(col('A')).toContain('Daily average (h)');
    expect(col('B')).toContain(20);
    expect(col('A')).toContain('S1');
    expect(col('D')).toContain(99.93);
  });
});
