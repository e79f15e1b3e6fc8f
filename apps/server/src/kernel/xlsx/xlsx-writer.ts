/**
 * THE .xlsx writer of the server (reports, legacy-dashboard exports, SLA reports): exceljs's streaming
 * WorkbookWriter, so a 50,000-site report is written row by row into the response, never held whole.
 * Every workbook it writes has typed cells (numbers as numbers, times as date cells showing Asia/Dhaka
 * wall-clock time), a bold frozen header row, column widths, and a last sheet "Parameters" with the
 * report's parameters, its generation time and the data completeness of each site.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DHAKA_OFFSET_MS } from '@towerwatch/domain';
import ExcelJS from 'exceljs';

/** How a column's cells are written. `date`/`datetime` take a Date (shown in Asia/Dhaka). */
export type XlsxColumnType = 'text' | 'integer' | 'number' | 'percent' | 'date' | 'datetime' | 'boolean';

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width: number;
  type: XlsxColumnType;
  /** Decimals of a `number` column (default 2). */
  decimals?: number;
}

/** A cell value: null leaves the cell empty. */
export type XlsxCell = string | number | boolean | Date | null;

export interface XlsxSheet {
  /** Sheet name (at most 31 characters, no `[]:*?/\`). */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxCell[]> | AsyncIterable<readonly XlsxCell[]>;
  /** A last bold row (fleet totals), typed like the other rows. */
  totals?: readonly XlsxCell[];
}

/** One site's data completeness over the report's period. */
export interface XlsxCompleteness {
  siteUid: string;
  siteName: string;
  gapMinutes: number;
  completenessPct: number;
}

export interface XlsxWorkbook {
  /** Title of the report (first line of the Parameters sheet). */
  title: string;
  sheets: readonly XlsxSheet[];
  /** The report's parameters as label → value (dates shown in Asia/Dhaka). */
  parameters: readonly (readonly [string, XlsxCell])[];
  generatedAt: Date;
  /** Per-site completeness, listed on the Parameters sheet (omit when the export has none). */
  completeness?: Iterable<XlsxCompleteness> | AsyncIterable<XlsxCompleteness>;
}

/** Name of the sheet every workbook ends with. */
export const PARAMETERS_SHEET = 'Parameters';

const DATE_FORMAT: Record<'date' | 'datetime', string> = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm' };

/**
 * A Date as the cell stores it: Excel has no time zone, so the cell holds the Asia/Dhaka wall-clock
 * time (exceljs reads it back as a Date whose UTC fields are the Dhaka time).
 */
export function dhakaCellDate(at: Date): Date {
  return new Date(at.getTime() + DHAKA_OFFSET_MS);
}

function numFmt(c: XlsxColumn): string | undefined {
  switch (c.type) {
    case 'integer':
      return '0';
    case 'number':
      return c.decimals === 0 ? '0' : `0.${'0'.repeat(c.decimals ?? 2)}`;
    case 'percent':
      return '0.00';
    case 'date':
    case 'datetime':
      return DATE_FORMAT[c.type];
    default:
      return undefined;
  }
}

/** A value typed for its column: numbers stay numbers, dates become Dhaka date cells. */
function typed(c: XlsxColumn | undefined, v: XlsxCell): ExcelJS.CellValue {
  if (v === null) return null;
  if (v instanceof Date) return dhakaCellDate(v);
  if (c && (c.type === 'date' || c.type === 'datetime') && typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? v : dhakaCellDate(new Date(t));
  }
  return v;
}

function addSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: readonly XlsxColumn[]) {
  const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  ws.columns = columns.map((c, i) => {
    const fmt = numFmt(c);
    return { header: c.header, key: `c${i}`, width: c.width, ...(fmt ? { style: { numFmt: fmt } } : {}) };
  });
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return ws;
}

function writeRow(
  ws: ExcelJS.Worksheet,
  columns: readonly XlsxColumn[],
  row: readonly XlsxCell[],
  bold = false,
) {
  const r = ws.addRow(row.map((v, i) => typed(columns[i], v)));
  if (bold) r.font = { bold: true };
  r.commit();
}

const PARAM_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Parameter', width: 28, type: 'text' },
  { header: 'Value', width: 32, type: 'text' },
  { header: 'Gap minutes', width: 14, type: 'number' },
  { header: 'Completeness %', width: 16, type: 'percent' },
];

/** Rows written between two turns of the event loop (see `backPressure`). */
const ROWS_PER_TURN = 100;

/**
 * Back-pressure for the rows written into `out`. exceljs writes a committed row into the zip at once,
 * whatever the zip's reader does, and nothing in it waits for `out`: a writer that only awaited its
 * rows would read every row and keep the compressed file in memory while a slow client reads it. So
 * after each row: when `out` is full (a slow client), wait until it drains; every ROWS_PER_TURN rows,
 * let the event loop turn so the zip's compression moves the rows written into `out` (rows read from
 * memory never give it a turn). Rejects when `out` closes before it drains (the client went away).
 */
function backPressure(out: Writable): () => Promise<void> {
  let rows = 0;
  return async () => {
    if (++rows % ROWS_PER_TURN === 0) await nextTurn();
    if (!out.writableNeedDrain) return;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        out.off('drain', drained).off('close', closed).off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const drained = () => done();
      const closed = () => done(new Error('the .xlsx output closed before the workbook was written'));
      out.on('drain', drained).on('close', closed).on('error', done);
      if (out.destroyed) closed();
    });
  };
}

/**
 * Writes the workbook into `out` (an HTTP reply, a file); resolves when the last byte is written. Rows
 * are read only as fast as `out` takes them (`backPressure`).
 */
export async function writeXlsx(out: Writable, wb: XlsxWorkbook): Promise<void> {
  const flow = backPressure(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: true,
  });
  book.created = wb.generatedAt;
  book.creator = 'Towerwatch';
  for (const sheet of wb.sheets) {
    const ws = addSheet(book, sheet.name, sheet.columns);
    for await (const row of sheet.rows) {
      writeRow(ws, sheet.columns, row);
      await flow();
    }
    if (sheet.totals) writeRow(ws, sheet.columns, sheet.totals, true);
    ws.commit();
  }
  const ps = addSheet(book, PARAMETERS_SHEET, PARAM_COLUMNS);
  const param = (label: string, v: XlsxCell) => {
    const r = ps.addRow([label, v instanceof Date ? dhakaCellDate(v) : v]);
    if (v instanceof Date) r.getCell(2).numFmt = DATE_FORMAT.datetime;
    r.commit();
  };
  param('Report', wb.title);
  param('Generated at (Asia/Dhaka)', wb.generatedAt);
  for (const [label, v] of wb.parameters) param(label, v);
  if (wb.completeness) {
    ps.addRow([]).commit();
    const head = ps.addRow(['Data completeness: site', 'Site name', 'Gap minutes', 'Completeness %']);
    head.font = { bold: true };
    head.commit();
    for await (const c of wb.completeness) {
      ps.addRow([c.siteUid, c.siteName, c.gapMinutes, c.completenessPct]).commit();
      await flow();
    }
  }
  ps.commit();
  await book.commit();
}

/** The workbook as a readable stream (the reply body of a download); errors end the stream. */
export function xlsxStream(wb: XlsxWorkbook): Readable {
  const out = new PassThrough();
  writeXlsx(out, wb).catch((err: unknown) =>
    out.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return out;
}

/** The workbook as bytes (small exports, tests). */
export async function xlsxBuffer(wb: XlsxWorkbook): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeXlsx(out, wb);
  await done;
  return Buffer.concat(chunks);
}
