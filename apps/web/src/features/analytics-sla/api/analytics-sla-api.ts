import { queryOptions } from '@tanstack/react-query';
import { type CreateReportScheduleBody, analyticsSlaEndpoints as e } from '@towerwatch/contract';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';

/** Query keys of the SLA report and scheduled reports. */
export const slaKeys = {
  all: ['analytics-sla'] as const,
  report: (p: SlaParams) => [...slaKeys.all, 'report', p.month, p.target, p.tenant] as const,
  schedules: () => [...slaKeys.all, 'schedules'] as const,
  produced: () => [...slaKeys.all, 'produced'] as const,
};

/** What the SLA page asks for. */
export interface SlaParams {
  month: string;
  target: number;
  tenant: string | null;
}

const slaQuery = (p: SlaParams) => ({ month: p.month, target: p.target, tenant: tenantQuery(p.tenant) });

/** GET /analytics/sla-report: one month's tenant SLA. */
export const slaReportQueryOptions = (p: SlaParams) =>
  queryOptions({
    queryKey: slaKeys.report(p),
    queryFn: ({ signal }) => apiCall(e.slaReport, { query: slaQuery(p), signal }),
    retry: false,
  });

/** The same call answering its .xlsx (`excel=yes`): its file variant, so the client reads bytes. */
const slaReportFile = { ...e.slaReport, reply: e.slaReport.fileVariant.reply };

/** Saves a blob as a download. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the SLA report of `p` as .xlsx. */
export async function downloadSlaReport(p: SlaParams): Promise<void> {
  const blob = await apiCall(slaReportFile, { query: { ...slaQuery(p), excel: 'yes' } });
  save(blob, `tenant-sla-${p.month}.xlsx`);
}

/** GET /analytics/report-schedules. */
export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: slaKeys.schedules(),
    queryFn: ({ signal }) => apiCall(e.schedules, { signal }),
  });

/** GET /analytics/scheduled-reports. */
export const producedQueryOptions = () =>
  queryOptions({
    queryKey: slaKeys.produced(),
    queryFn: ({ signal }) => apiCall(e.producedReports, { query: {}, signal }),
  });

export const createSchedule = (body: CreateReportScheduleBody) => apiCall(e.createSchedule, { body });
export const deleteSchedule = (id: number) => apiCall(e.deleteSchedule, { params: { id } });

/** Downloads a produced report. */
export async function downloadProduced(id: number, fileName: string): Promise<void> {
  save(await apiCall(e.producedReportFile, { params: { id } }), fileName);
}
