import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelSerialToDate, readFirstSheet } from './xlsx-reader.ts';

describe('xlsx reader', () => {
  it('reads back what exceljs writes: strings, numbers, dates, empty cells, escaping', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('DC Energy Meter');
    sheet.columns = [
      { header: 'Site ID' },
      { header: 'Tenant' },
      { header: 'Load (kW)' },
      { header: 'Updated' },
    ];
    sheet.addRow(['KTBL-DHA-0001', 'robi', 1.234, new Date('2025-11-20T10:00:00Z')]);
    sheet.addRow(['A & B <x>', null, 0, null]);
    for (let i = 0; i < 30; i++) sheet.addRow([`S${i}`, 'banglalink', i, null]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());

    const table = await readFirstSheet(bytes);
    expect(table.sheetName).toBe('DC Energy Meter');
    expect(table.header).toEqual(['Site ID', 'Tenant', 'Load (kW)', 'Updated']);
    expect(table.rows).toHaveLength(32);
    expect(table.rows[0]?.slice(0, 3)).toEqual(['KTBL-DHA-0001', 'robi', 1.234]);
    expect(excelSerialToDate(table.rows[0]?.[3] as number).toISOString()).toBe('2025-11-20T10:00:00.000Z');
    expect(table.rows[1]).toEqual(['A & B <x>', null, 0, null]);
    expect(table.rows[31]).toEqual(['S29', 'banglalink', 29, null]);
  });

  it('refuses a file that is not a zip', async () => {
    await expect(readFirstSheet(new TextEncoder().encode('hello'))).rejects.toThrow('not a zip file');
  });
});
