/**
 * A small reader for the first worksheet of an .xlsx file (a ZIP of XML parts), enough to show the
 * server's export workbooks in a table: shared and inline strings, numbers, booleans, empty cells.
 * Uses the browser's DecompressionStream; no spreadsheet library is shipped to the browser.
 */

/** A cell value as stored: text, a number (dates stay Excel serial numbers), a boolean, or empty. */
export type XlsxCell = string | number | boolean | null;

/** The first sheet: its header row and the data rows (each padded to the header's length). */
export interface XlsxTable {
  sheetName: string;
  header: string[];
  rows: XlsxCell[][];
}

interface ZipEntry {
  method: number;
  compressedSize: number;
  offset: number;
}

function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip file');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('corrupt zip directory');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function readEntry(bytes: Uint8Array, entry: ZipEntry): Promise<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start =
    entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const data = bytes.slice(start, start + entry.compressedSize);
  if (entry.method === 0) return new TextDecoder().decode(data);
  if (entry.method !== 8) throw new Error(`unsupported zip compression ${entry.method}`);
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? '';
    return String.fromCodePoint(
      code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)),
    );
  });
}

function textOf(xml: string): string {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');
}

function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Reads the first worksheet of an .xlsx file. */
export async function readFirstSheet(file: ArrayBuffer | Uint8Array): Promise<XlsxTable> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const entries = zipEntries(bytes);
  const read = async (name: string) => {
    const entry = entries.get(name);
    return entry ? readEntry(bytes, entry) : null;
  };
  const workbook = (await read('xl/workbook.xml')) ?? '';
  const sheetName = unescapeXml(/<sheet\s[^>]*name="([^"]*)"/.exec(workbook)?.[1] ?? 'Sheet1');
  const sheet = await read('xl/worksheets/sheet1.xml');
  if (sheet === null) throw new Error('the workbook has no first sheet');
  const shared = [...((await read('xl/sharedStrings.xml')) ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map(
    (m) => textOf(m[1] ?? ''),
  );

  const grid: XlsxCell[][] = [];
  for (const row of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: XlsxCell[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1] ?? '';
      const body = cell[2] ?? '';
      const ref = /\br="([A-Z]+)\d+"/.exec(attributes)?.[1];
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1];
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: XlsxCell = null;
      if (type === 'inlineStr') value = textOf(body);
      else if (raw === undefined) value = null;
      else if (type === 's') value = shared[Number(raw)] ?? '';
      else if (type === 'str' || type === 'e') value = unescapeXml(raw);
      else if (type === 'b') value = raw === '1';
      else value = Number(raw);
      cells[ref ? columnIndex(ref) : cells.length] = value;
    }
    grid.push(cells);
  }
  const header = (grid[0] ?? []).map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
  const rows = grid.slice(1).map((cells) => header.map((_, i) => cells[i] ?? null));
  return { sheetName, header, rows };
}

/** An Excel date serial (days since 1899-12-30, UTC) as a Date. */
export function excelSerialToDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}
