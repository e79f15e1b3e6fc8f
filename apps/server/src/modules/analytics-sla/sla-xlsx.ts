/**
 * The tenant SLA report as an .xlsx through the shared writer (kernel/xlsx): "SLA by tenant" and "Sites
 * below target", then the writer's Parameters sheet with the report's parameters and every site's data
 * completeness (device-offline minutes).
 */
import { SLA_CAUSE_LABELS, SLA_CAUSES } from '@towerwatch/domain';
import type { XlsxCell, XlsxColumn, XlsxWorkbook } from '../../kernel/xlsx/index.ts';
import type { SlaResult } from './sla.service.ts';

const causeColumns: XlsxColumn[] = SLA_CAUSES.map((c) => ({
  header: `${SLA_CAUSE_LABELS[c]} (min)`,
  width: 18,
  type: 'number',
  decimals: 1,
}));
/** The rows of a sheet, each made when the writer takes it (never a second copy of the report). */
async function* rowsOf<T>(
  list: Iterable<T> | AsyncIterable<T>,
  row: (x: T) => XlsxCell[],
): AsyncGenerator<XlsxCell[]> {
  for await (const x of list) yield row(x);
}
const minutes = (header: string, width = 14): XlsxColumn => ({ header, width, type: 'number', decimals: 1 });

/** Who the report is for and how it was narrowed (the Parameters sheet). */
export interface SlaWorkbookMeta {
  /** Company code or id, or "all companies". */
  scope: string;
  tenant: string | null;
}

export function slaWorkbook(
  { report, breaches, completeness }: SlaResult,
  meta: SlaWorkbookMeta,
): XlsxWorkbook {
  const r = report;
  return {
    title: 'Tenant SLA report',
    generatedAt: new Date(r.generatedAt),
    sheets: [
      {
        name: 'SLA by tenant',
        columns: [
          { header: 'Month', width: 10, type: 'text' },
          { header: 'Tenant', width: 16, type: 'text' },
          { header: 'Sites', width: 8, type: 'integer' },
          { header: 'Meeting target', width: 15, type: 'integer' },
          { header: 'Below target', width: 13, type: 'integer' },
          { header: 'Availability %', width: 15, type: 'percent' },
          minutes('Outage (min)'),
          minutes('Data gap (min)', 15),
          ...causeColumns,
        ],
        rows: rowsOf(r.tenants, (t) => [
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
      },
      {
        name: 'Sites below target',
        columns: [
          { header: 'Month', width: 10, type: 'text' },
          { header: 'Tenant', width: 16, type: 'text' },
          { header: 'Site ID', width: 16, type: 'text' },
          { header: 'Site Name', width: 28, type: 'text' },
          { header: 'Availability %', width: 15, type: 'percent' },
          minutes('Outage (min)'),
          { header: 'Outages', width: 10, type: 'integer' },
          minutes('Data gap (min)', 15),
          { header: 'Down now', width: 11, type: 'boolean' },
          ...causeColumns,
        ],
        rows: rowsOf(breaches.rows(), (b) => [
          b.month,
          b.tenant,
          b.genericSiteId ?? b.siteUid,
          b.siteName,
          b.availability,
          b.outageMinutes,
          b.outages,
          b.gapMinutes,
          b.downNow,
          ...SLA_CAUSES.map((c) => b.causes[c]),
        ]),
      },
    ],
    parameters: [
      ['Scope', meta.scope],
      ['Months', r.months.join(', ')],
      ['Target %', r.target],
      ['Tenant', meta.tenant ?? 'all allowed tenants'],
      ['Sites below target', breaches.size],
    ],
    completeness: completeness.rows(),
  };
}
