import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  analyticsEndpoints,
  type BatteryReportReply,
  type DgReportReply,
  type MainsReportReply,
  type TemperatureReportReply,
} from '@towerwatch/contract';
import type { ReportKind } from '@towerwatch/domain';
import { apiCall, apiFileVariant, tenantQuery } from '../../../lib/api-client.ts';
import { type ReportQuery, type ReportSettings, reportQuery } from '../report-model.ts';

/**
 * Calls of the analytics reports (docs/requirements.md#analytics): GET /analytics/<kind>-report as
 * JSON for the page, and with excel=yes as the .xlsx the Export button saves. The range is computed
 * when the call is made ("from now back by the chosen number of months"), so a refetch is up to now.
 */

/** A report's reply, tagged with its kind. */
export type ReportReply =
  | { kind: 'dg'; reply: DgReportReply }
  | { kind: 'mains'; reply: MainsReportReply }
  | { kind: 'battery'; reply: BatteryReportReply }
  | { kind: 'temperature'; reply: TemperatureReportReply };

/** Which reports: the fleet (siteUid null) or one site. */
export interface ReportScope {
  siteUid: string | null;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (kind: ReportKind, scope: ReportScope, settings: ReportSettings) =>
    [...analyticsKeys.all, kind, scope.siteUid, settings] as const,
};

/** The query as the contract's client types it (the tenant narrowed to a tenant code). */
function typed(q: ReportQuery) {
  return { ...q, tenant: tenantQuery(q.tenant) };
}

/** Fetches report `kind` as JSON. */
export async function fetchReport(
  kind: ReportKind,
  q: ReportQuery,
  signal?: AbortSignal,
): Promise<ReportReply> {
  const input = { query: typed(q), signal, progress: false };
  switch (kind) {
    case 'dg':
      return { kind, reply: await apiCall(analyticsEndpoints.dgReport, input) };
    case 'mains':
      return { kind, reply: await apiCall(analyticsEndpoints.mainsReport, input) };
    case 'battery':
      return { kind, reply: await apiCall(analyticsEndpoints.batteryReport, input) };
    case 'temperature':
      return { kind, reply: await apiCall(analyticsEndpoints.temperatureReport, input) };
  }
}

/** The report of the page. Load errors show the server's message (docs/requirements.md#server-message-toast). */
export const reportQueryOptions = (kind: ReportKind, scope: ReportScope, settings: ReportSettings) =>
  queryOptions({
    queryKey: analyticsKeys.report(kind, scope, settings),
    queryFn: ({ signal }) =>
      fetchReport(kind, reportQuery(kind, settings, new Date(), scope.siteUid), signal),
    placeholderData: (previous) => (previous?.kind === kind ? keepPreviousData(previous) : undefined),
    retry: false,
    staleTime: 60_000,
  });

/** Report `kind` as .xlsx (excel=yes), for the same query as the page. */
export function downloadReport(kind: ReportKind, q: ReportQuery): Promise<Blob> {
  const input = { query: typed(q) };
  switch (kind) {
    case 'dg':
      return apiFileVariant(analyticsEndpoints.dgReport, input);
    case 'mains':
      return apiFileVariant(analyticsEndpoints.mainsReport, input);
    case 'battery':
      return apiFileVariant(analyticsEndpoints.batteryReport, input);
    case 'temperature':
      return apiFileVariant(analyticsEndpoints.temperatureReport, input);
  }
}
