/**
 * The analytics reports as workbooks (excel=yes) on the kernel's streaming .xlsx writer: one sheet of
 * site rows with a bold totals row, the compare period's figures in columns beside them, a per-tenant
 * sheet where the report has one, and the Parameters sheet (parameters, generation time, completeness).
 */
import type {
  BatteryReportReply,
  DgReportReply,
  MainsReportReply,
  TemperatureReportReply,
} from '@towerwatch/contract';
import type {
  XlsxCell,
  XlsxColumn,
  XlsxColumnType,
  XlsxSheet,
  XlsxWorkbook,
} from '../../kernel/xlsx/index.ts';

type AnyReply = DgReportReply | MainsReportReply | BatteryReportReply | TemperatureReportReply;
/** A reply without its site rows (the head of a StreamedReport). */
type AnyHead =
  | Omit<DgReportReply, 'sites'>
  | Omit<MainsReportReply, 'sites'>
  | Omit<BatteryReportReply, 'sites'>
  | Omit<TemperatureReportReply, 'sites'>;
/** A report as the workbook reads it: its head and its site rows, read once per sheet that lists them. */
export interface ReportForWorkbook {
  head: AnyHead;
  sites: { rows(): AsyncIterable<unknown> };
}
type Row = Record<string, unknown> & { previous: Record<string, unknown> | null };

/** A figure column: the row field it shows, its header, width and type. */
interface Figure {
  key: string;
  header: string;
  type: XlsxColumnType;
  width?: number;
  /** Also shown for the compare period. */
  compared?: boolean;
}

const SITE_COLUMNS: XlsxColumn[] = [
  { header: 'Site ID', width: 16, type: 'text' },
  { header: 'Site name', width: 28, type: 'text' },
  { header: 'Tenants', width: 24, type: 'text' },
];
const COMPLETENESS: Figure[] = [
  { key: 'gapMinutes', header: 'Gap (min)', type: 'number', compared: true },
  { key: 'completenessPct', header: 'Completeness %', type: 'percent', width: 15 },
];

const FIGURES: Record<AnyReply['report'], Figure[]> = {
  dg: [
    { key: 'dgRunHours', header: 'DG run hours', type: 'number', compared: true },
    { key: 'dgStarts', header: 'DG starts', type: 'integer', compared: true },
    { key: 'pgRunHours', header: 'PG run hours', type: 'number', compared: true },
    { key: 'pgStarts', header: 'PG starts', type: 'integer', compared: true },
    { key: 'meanLoadKw', header: 'Mean load (kW)', type: 'number' },
    { key: 'fuelLitres', header: 'Fuel (L)', type: 'number', compared: true },
    { key: 'cost', header: 'Cost (BDT)', type: 'number', compared: true },
    ...COMPLETENESS,
  ],
  mains: [
    { key: 'availabilityPct', header: 'Availability %', type: 'percent', compared: true },
    { key: 'outageMinutes', header: 'Outage (min)', type: 'number', compared: true },
    { key: 'outageCount', header: 'Outages', type: 'integer', compared: true },
    { key: 'mainsHoursPerDay', header: 'Mains h/day', type: 'number', compared: true },
    { key: 'possibleMinutes', header: 'Possible (min)', type: 'number' },
    ...COMPLETENESS,
  ],
  battery: [
    { key: 'backupHours', header: 'Backup (h)', type: 'number' },
    { key: 'capacityAh', header: 'Capacity (Ah)', type: 'number' },
    { key: 'volts', header: 'Bus (V)', type: 'number' },
    { key: 'stateOfChargePct', header: 'Charge %', type: 'percent' },
    { key: 'meanLoadAmps', header: 'Mean load (A)', type: 'number' },
    { key: 'soh', header: 'SOH %', type: 'percent' },
    { key: 'onBatteryMinutes', header: 'On battery (min)', type: 'number', compared: true },
    { key: 'discharges', header: 'Discharges', type: 'integer', compared: true },
    { key: 'deepDischargeReadings', header: 'Readings ≤ 42 V', type: 'integer', compared: true },
    ...COMPLETENESS,
  ],
  temperature: [
    { key: 'maxC', header: 'Max °C', type: 'number', compared: true },
    { key: 'meanC', header: 'Mean °C', type: 'number', compared: true },
    { key: 'thresholdC', header: 'Threshold °C', type: 'number' },
    { key: 'minutesAbove', header: 'Above (min)', type: 'number', compared: true },
    { key: 'episodes', header: 'Episodes', type: 'integer', compared: true },
    { key: 'episodesPerMonth', header: 'Episodes / month', type: 'number', compared: true },
    ...COMPLETENESS,
  ],
};

const TITLE: Record<AnyReply['report'], string> = {
  dg: 'DG report',
  mains: 'Mains report',
  battery: 'Battery report',
  temperature: 'Temperature report',
};

const cell = (v: unknown): XlsxCell =>
  v === undefined || v === null ? null : typeof v === 'object' ? null : (v as XlsxCell);

function sitesSheet({ head: reply, sites }: ReportForWorkbook): XlsxSheet {
  const figures = FIGURES[reply.report];
  const compared = reply.comparePeriod ? figures.filter((f) => f.compared) : [];
  const columns: XlsxColumn[] = [
    ...SITE_COLUMNS,
    ...figures.map((f) => ({ header: f.header, width: f.width ?? 14, type: f.type })),
    ...compared.map((f) => ({ header: `${f.header} (compare)`, width: (f.width ?? 14) + 4, type: f.type })),
  ];
  const totals = reply.totals as Record<string, unknown>;
  const previousTotals = reply.previousTotals as Record<string, unknown> | null;
  return {
    name: TITLE[reply.report].replace(' report', ''),
    columns,
    rows: (async function* () {
      for await (const x of sites.rows()) {
        const r = x as Row;
        yield [
          r.siteUid as string,
          r.siteName as string,
          (r.tenants as string[]).join(', '),
          ...figures.map((f) => cell(r[f.key])),
          ...compared.map((f) => cell(r.previous?.[f.key])),
        ];
      }
    })(),
    totals: [
      'Total',
      `${String(totals.sites)} sites`,
      null,
      ...figures.map((f) => cell(totals[f.key])),
      ...compared.map((f) => cell(previousTotals?.[f.key])),
    ],
  };
}

function tenantSheet(reply: AnyHead): XlsxSheet | null {
  if (reply.report === 'dg') {
    return {
      name: 'Tenants',
      columns: [
        { header: 'Tenant', width: 16, type: 'text' },
        { header: 'Sites', width: 10, type: 'integer' },
        { header: 'DG run hours (share)', width: 20, type: 'number' },
        { header: 'Fuel (L)', width: 12, type: 'number' },
        { header: 'Cost (BDT)', width: 14, type: 'number' },
      ],
      rows: reply.byTenant.map((t) => [t.tenant, t.sites, t.dgRunHours, t.fuelLitres, t.cost]),
    };
  }
  if (reply.report === 'mains') {
    return {
      name: 'Tenants',
      columns: [
        { header: 'Tenant', width: 16, type: 'text' },
        { header: 'Sites', width: 10, type: 'integer' },
        { header: 'Outage (min)', width: 14, type: 'number' },
        { header: 'Possible (min)', width: 16, type: 'number' },
        { header: 'Availability %', width: 16, type: 'percent' },
      ],
      rows: reply.byTenant.map((t) => [
        t.tenant,
        t.sites,
        t.outageMinutes,
        t.possibleMinutes,
        t.availabilityPct,
      ]),
    };
  }
  return null;
}

function parameters(reply: AnyHead): [string, XlsxCell][] {
  const list: [string, XlsxCell][] = [
    ['From (Asia/Dhaka)', new Date(reply.period.from)],
    ['Until (Asia/Dhaka)', new Date(reply.period.until)],
    ['Figures up to (Asia/Dhaka)', new Date(reply.period.end)],
    ['Compare', reply.compare],
  ];
  if (reply.comparePeriod) {
    list.push(
      ['Compare from', new Date(reply.comparePeriod.from)],
      ['Compare until', new Date(reply.comparePeriod.end)],
    );
  }
  list.push(
    ['Tenant', reply.tenant ?? 'all allowed'],
    ['Customer (company)', reply.companyId ?? 'own scope'],
  );
  for (const [k, v] of Object.entries(reply.parameters)) list.push([k, cell(v)]);
  return list;
}

/** The workbook of a report: its site rows are read as the writer takes them (twice: sheet, completeness). */
export function reportWorkbook(report: ReportForWorkbook): XlsxWorkbook {
  const reply = report.head;
  const tenants = tenantSheet(reply);
  return {
    title: TITLE[reply.report],
    generatedAt: new Date(reply.generatedAt),
    sheets: tenants ? [sitesSheet(report), tenants] : [sitesSheet(report)],
    parameters: parameters(reply),
    completeness: (async function* () {
      for await (const x of report.sites.rows()) {
        const r = x as Row;
        yield {
          siteUid: r.siteUid as string,
          siteName: r.siteName as string,
          gapMinutes: r.gapMinutes as number,
          completenessPct: r.completenessPct as number,
        };
      }
    })(),
  };
}

/** File name of a report download: `<report>-report-<from date>-<until date>.xlsx` (Dhaka dates). */
export function reportFileName(reply: AnyHead, dhakaDate: (d: Date) => string): string {
  return `${reply.report}-report-${dhakaDate(new Date(reply.period.from))}-${dhakaDate(new Date(reply.period.end))}.xlsx`;
}
