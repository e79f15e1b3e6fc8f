/**
 * The tenant SLA report as .xlsx: "SLA by tenant", "Sites below target" and "Parameters" sheets, numbers
 * as numbers, the generation time as a date cell in Asia/Dhaka wall time, frozen header, column widths.
 * TODO(issue 15): move onto the shared streaming writer of apps/server/src/kernel/xlsx/ once it lands.
 */
import type { SlaReportReply } from '@towerwatch/contract';
import { DHAKA_OFFSET_MS, SLA_CAUSE_LABELS, SLA_CAUSES } from '@towerwatch/domain';
import ExcelJS from 'exceljs';

interface Column {
  header: string;
  width: number;
  /** Excel number format for numeric columns. */
  numFmt?: string;
}

const PERCENT = '0.00';
const MINUTES = '#,##0.0';

const causeColumns: Column[] = SLA_CAUSES.map((c) => ({
  header: `${SLA_CAUSE_LABELS[c]} (min)`,
  width: 18,
  numFmt: MINUTES,
}));

function addSheet(book: ExcelJS.Workbook, name: string, columns: Column[], rows: unknown[][]): void {
  const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(row);
}

/** Wall-clock Asia/Dhaka time as a spreadsheet date (spreadsheets have no time zones). */
function dhakaCellDate(iso: string): Date {
  return new Date(new Date(iso).getTime() + DHAKA_OFFSET_MS);
}

export interface SlaWorkbookMeta {
  /** Who the report is for (company id, or "all companies"). */
  scope: string;
  tenant: string | null;
}

export async function slaWorkbook(report: SlaReportReply, meta: SlaWorkbookMeta): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date(report.generatedAt);
  addSheet(
    book,
    'SLA by tenant',
    [
      { header: 'Month', width: 10 },
      { header: 'Tenant', width: 16 },
      { header: 'Sites', width: 8, numFmt: '0' },
      { header: 'Meeting target', width: 15, numFmt: '0' },
      { header: 'Below target', width: 13, numFmt: '0' },
      { header: 'Availability %', width: 15, numFmt: PERCENT },
      { header: 'Outage (min)', width: 14, numFmt: MINUTES },
      { header: 'Data gap (min)', width: 15, numFmt: MINUTES },
      ...causeColumns,
    ],
    report.tenants.map((t) => [
      t.month,
      t.tenant,
      t.sites,
      t.sitesMeeting,
      t.sitesBreaching,
      t.availability,
      t.outageMinutes,
      t.gapMinutes,
      ...SLA_CAUSES.map((c) => t.causes[c]),
    ]),
  );
  addSheet(
    book,
    'Sites below target',
    [
      { header: 'Month', width: 10 },
      { header: 'Tenant', width: 16 },
      { header: 'Site ID', width: 16 },
      { header: 'Site Name', width: 28 },
      { header: 'Availability %', width: 15, numFmt: PERCENT },
      { header: 'Outage (min)', width: 14, numFmt: MINUTES },
      { header: 'Outages', width: 10, numFmt: '0' },
      { header: 'Data gap (min)', width: 15, numFmt: MINUTES },
      { header: 'Down now', width: 11 },
      ...causeColumns,
    ],
    report.breaches.map((b) => [
      b.month,
      b.tenant,
      b.genericSiteId ?? b.siteUid,
      b.siteName,
      b.availability,
      b.outageMinutes,
      b.outages,
      b.gapMinutes,
      b.downNow ? 'yes' : 'no',
      ...SLA_CAUSES.map((c) => b.causes[c]),
    ]),
  );
  const params = book.addWorksheet('Parameters');
  params.columns = [
    { header: 'Parameter', width: 22 },
    { header: 'Value', width: 30 },
  ];
  params.getRow(1).font = { bold: true };
  params.addRows([
    ['Report', 'Tenant SLA report'],
    ['Scope', meta.scope],
    ['Months', report.months.join(', ')],
    ['Target %', report.target],
    ['Tenant', meta.tenant ?? 'all allowed tenants'],
    ['Generated (Asia/Dhaka)', dhakaCellDate(report.generatedAt)],
    ['Sites below target', report.breaches.length],
  ]);
  params.getCell('B7').numFmt = 'yyyy-mm-dd hh:mm';
  return Buffer.from(await book.xlsx.writeBuffer());
}
