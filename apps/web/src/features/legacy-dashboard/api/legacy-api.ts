import {
  type ExcelExportBody,
  type LegacyTableKind,
  legacyEndpoints,
  siteEndpoints,
  siteReportEndpoints,
} from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { SITE_LOAD_LIMIT } from '@towerwatch/domain';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { fullSiteList } from '../../../lib/site-fetch-reply.ts';
import { inDhaka } from '../../../lib/time.ts';

export const legacyKeys = {
  all: ['legacy-dashboard'] as const,
  stations: (tenant: string | null) => [...legacyKeys.all, 'stations', tenant] as const,
  alarms: (tenant: string | null) => [...legacyKeys.all, 'alarms', tenant] as const,
  table: (kind: string, tenant: string | null) => [...legacyKeys.all, 'table', kind, tenant] as const,
};

/** All RMS Station and Battery: the site list (GET /user/site/fetch, 1000 per load, docs/requirements.md#page-sizes). */
export const stationsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: legacyKeys.stations(tenant),
    queryFn: async ({ signal }) =>
      fullSiteList(
        await apiCall(siteEndpoints.siteFetch, {
          query: { limit: SITE_LOAD_LIMIT, page: 1, tenants: tenant ? [tenant] : undefined },
          signal,
        }),
      ),
  });

/** Alarm tab: the alarms raised right now (GET /user/site/running-events). */
export const alarmsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: legacyKeys.alarms(tenant),
    queryFn: ({ signal }) =>
      apiCall(siteReportEndpoints.runningEvents, {
        query: { tenant: tenantQuery(tenant), limit: 1000 },
        signal,
      }),
    refetchInterval: 60_000,
  });

/**
 * The energy, climate and voltage tables (GET /site/legacy-table): the rows the .xlsx export of the
 * same kind holds, so what the Export button saves is what is shown.
 */
export const legacyTableQueryOptions = (kind: LegacyTableKind, tenant: ExcelExportBody['tenant'] | null) =>
  queryOptions({
    queryKey: legacyKeys.table(kind, tenant ?? null),
    queryFn: ({ signal }) =>
      apiCall(legacyEndpoints.legacyTable, {
        query: { kind, tenant: tenant ?? undefined },
        signal,
      }),
    retry: false,
    staleTime: 60_000,
  });

/**
 * Downloads the .xlsx of a table (POST /site/excel-export) and saves it as
 * `<label> <YYYY-MM-DD HHmm>.xlsx` (the browser's download).
 */
export async function downloadExport(
  kind: LegacyTableKind,
  tenant: ExcelExportBody['tenant'] | null,
  label: string,
): Promise<void> {
  const fileName = `${label} ${inDhaka(new Date()).format('YYYY-MM-DD HHmm')}`;
  const body: ExcelExportBody = { file_name: fileName, kind, ...(tenant ? { tenant } : {}) };
  saveFile(await apiCall(siteReportEndpoints.excelExport, { body }), `${fileName}.xlsx`);
}
