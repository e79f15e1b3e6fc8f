/**
 * Bulk onboarding files (docs/api.md "Bulk onboarding"): the template's columns, the downloadable
 * template, and reading an .xlsx (sheet `Sites`) or CSV into rows of text keyed by column.
 */
import { PIN_SERVICE_OPTIONS } from '@towerwatch/domain';
import ExcelJS from 'exceljs';

/** The template's columns, in order. */
export const IMPORT_COLUMNS = [
  'customer',
  'name',
  'generic_site_id',
  'tenants',
  'division',
  'district',
  'thana',
  'lat',
  'lng',
  'rectifier_type',
  'device_vendor',
  'com_id',
  'pins',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One data row: its row number in the file (the header is row 1) and its cells. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

const EXAMPLE: Record<ImportColumn, string> = {
  customer: 'ktbl',
  name: 'Gulshan Tower 2',
  generic_site_id: 'DHK-0001',
  tenants: 'robi, banglalink',
  division: 'Dhaka',
  district: 'Dhaka',
  thana: 'Gulshan',
  lat: '23.7925',
  lng: '90.4078',
  rectifier_type: 'vertiv',
  device_vendor: 'vendor-hsl',
  com_id: 'RMS-DHK0001',
  pins: 'am1:main_phase_a:each; am4:battery_terminal:each; am6:temperature; di1:door; di2:lock; di3:dg_status:robi',
};

/** The template workbook: the `Sites` sheet with one example row, and a `Help` sheet. */
export async function importTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sites = book.addWorksheet('Sites');
  sites.addRow([...IMPORT_COLUMNS]);
  sites.addRow(IMPORT_COLUMNS.map((c) => EXAMPLE[c]));
  sites.getRow(1).font = { bold: true };
  sites.columns.forEach((col) => {
    col.width = 18;
  });
  const help = book.addWorksheet('Help');
  help.addRow(['column', 'meaning']);
  help.addRows([
    ['customer', 'company code (ktbl, ftb, ...)'],
    ['tenants', 'tenant codes, comma separated'],
    ['lat, lng', 'decimal degrees (optional)'],
    ['rectifier_type', 'vertiv, sarbs, eltek or jvolt (optional)'],
    ['device_vendor', 'vendor uid (optional)'],
    ['com_id', 'the controller: new, or registered and not bound (optional)'],
    ['pins', 'pin:service[:tenant] separated by ; — tenant "each" = one config per site tenant'],
    ['', ''],
    ['service', 'value in the pins column'],
    ...PIN_SERVICE_OPTIONS.map((o) => [o.label, o.priority ?? o.type]),
  ]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value);
}

function keyed(header: string[], values: string[], row: number): ImportRow | null {
  const cells: ImportRow['cells'] = {};
  let any = false;
  header.forEach((name, i) => {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) return;
    const v = (values[i] ?? '').trim();
    if (v) any = true;
    cells[name as ImportColumn] = v;
  });
  return any ? { row, cells } : null;
}

/** Reads the `Sites` sheet (or the first sheet) of an .xlsx. Throws on a file that is not one. */
export async function readXlsx(data: Buffer): Promise<{ header: string[]; rows: ImportRow[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Sites') ?? book.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = cellText(cell.value).trim().toLowerCase();
  });
  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const values: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      values[col - 1] = cellText(cell.value);
    });
    const row = keyed(header, values, n);
    if (row) rows.push(row);
  });
  return { header, rows };
}

/** Splits CSV text (RFC 4180: quotes, doubled quotes, CRLF) into records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Reads CSV with the template's header. */
export function readCsv(data: Buffer): { header: string[]; rows: ImportRow[] } {
  const [head = [], ...body] = parseCsv(data.toString('utf8').replace(/^\uFEFF/, ''));
  const header = head.map((h) => h.trim().toLowerCase());
  const rows: ImportRow[] = [];
  body.forEach((values, i) => {
    const row = keyed(header, values, i + 2);
    if (row) rows.push(row);
  });
  return { header, rows };
}
