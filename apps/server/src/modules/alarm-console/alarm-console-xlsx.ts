/** The console export as a workbook for the shared .xlsx writer (Asia/Dhaka date cells). */
import type { AlarmConsoleFilter, AlarmConsoleRow } from '@towerwatch/contract';
import { ALARM_CONSOLE_AGE_LABELS, eventDisplayName, tenantLabel } from '@towerwatch/domain';
import type { XlsxCell, XlsxColumn, XlsxWorkbook } from '../../kernel/xlsx/index.ts';

const COLUMNS: readonly XlsxColumn[] = [
  { header: 'Site ID', width: 14, type: 'text' },
  { header: 'Site name', width: 28, type: 'text' },
  { header: 'Division', width: 14, type: 'text' },
  { header: 'District', width: 16, type: 'text' },
  { header: 'Alarm', width: 26, type: 'text' },
  { header: 'Group', width: 14, type: 'text' },
  { header: 'Tenant', width: 14, type: 'text' },
  { header: 'Emergency', width: 11, type: 'boolean' },
  { header: 'State', width: 10, type: 'text' },
  { header: 'Raised at', width: 18, type: 'datetime' },
  { header: 'Cleared at', width: 18, type: 'datetime' },
  { header: 'Duration (min)', width: 14, type: 'integer' },
  { header: 'Acknowledged by', width: 20, type: 'text' },
  { header: 'Acknowledged at', width: 18, type: 'datetime' },
];

function rowCells(r: AlarmConsoleRow, companyCode: string | null, now: Date): XlsxCell[] {
  const raised = new Date(r.raisedAt);
  const end = r.clearedAt ? new Date(r.clearedAt) : r.active ? now : null;
  return [
    r.siteUid,
    r.siteName,
    r.division,
    r.district,
    eventDisplayName(r.name, companyCode),
    r.group,
    r.tenant ? tenantLabel(r.tenant) : null,
    r.emergency,
    r.active ? 'Active' : 'Cleared',
    raised,
    r.clearedAt ? new Date(r.clearedAt) : null,
    end ? Math.max(0, Math.floor((end.getTime() - raised.getTime()) / 60_000)) : null,
    r.acknowledgedByName,
    r.acknowledgedAt ? new Date(r.acknowledgedAt) : null,
  ];
}

export function consoleWorkbook(
  rows: AsyncIterable<AlarmConsoleRow>,
  f: AlarmConsoleFilter,
  opts: { companyCode: string | null; now: Date },
): XlsxWorkbook {
  return {
    title: f.view === 'active' ? 'Active alarms' : 'Recent alarms',
    generatedAt: opts.now,
    sheets: [
      {
        name: 'Alarms',
        columns: COLUMNS,
        rows: (async function* () {
          for await (const r of rows) yield rowCells(r, opts.companyCode, opts.now);
        })(),
      },
    ],
    parameters: [
      ['View', f.view],
      ['Group', f.group ?? 'All'],
      ['Alarms', f.alarms?.join(', ') || 'All'],
      ['Tenant', f.tenant ? tenantLabel(f.tenant) : 'All allowed'],
      ['Division', f.division ?? 'All'],
      ['District', f.district ?? 'All'],
      ['Age', f.age ? ALARM_CONSOLE_AGE_LABELS[f.age] : 'Any'],
      ['Acknowledged', f.acknowledged ?? 'Either'],
      ['Search', f.q ?? ''],
      ['Sort', f.sort],
    ],
  };
}
