import { type ExcelExportBody, siteEndpoints, siteReportEndpoints } from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';
import { fullSiteList } from '../../../lib/site-fetch-reply.ts';
import { inDhaka } from '../../../lib/time.ts';
import { readFirstSheet, type XlsxTable } from '../../../lib/xlsx-reader.ts';

/** Tabs of the legacy dashboard (platform-core §2), keyed by their path segment ('' = root). */
export const LEGACY_TABS = [
  { segment: '', id: 'stations', label: 'All RMS Station' },
  { segment: 'alarm', id: 'alarm', label: 'Alarm' },
  { segment: 'dc-energy-meter', id: 'energy', label: 'DC Energy Meter' },
  { segment: 'climate', id: 'climate', label: 'Climate' },
  { segment: 'rectifier', id: 'voltage', label: 'Rectifier' },
  { segment: 'battery', id: 'battery', label: 'Battery' },
] as const;
/** A legacy tab. */
export type LegacyTab = (typeof LEGACY_TABS)[number];
/** A legacy tab id. */
export type LegacyTabId = LegacyTab['id'];

/** Export kind of each tab (platform-core §2): energy, climate, voltage; the others have none. */
export const LEGACY_EXPORT_KIND = {
  energy: 'energy',
  climate: 'climate',
  voltage: 'voltage',
} as const satisfies Partial<Record<LegacyTabId, ExcelExportBody['kind']>>;
/** A tab with an export. */
export type ExportTabId = keyof typeof LEGACY_EXPORT_KIND;

export const legacyKeys = {
  all: ['legacy-dashboard'] as const,
  stations: (tenant: string | null) => [...legacyKeys.all, 'stations', tenant] as const,
  alarms: (tenant: string | null) => [...legacyKeys.all, 'alarms', tenant] as const,
  workbook: (kind: string, tenant: string | null) => [...legacyKeys.all, 'workbook', kind, tenant] as const,
};

/** All RMS Station and Battery: the site list (GET /user/site/fetch, 1000 per load, platform-core §9). */
export const stationsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: legacyKeys.stations(tenant),
    queryFn: async ({ signal }) =>
      fullSiteList(
        await apiCall(siteEndpoints.siteFetch, {
          query: { limit: 1000, page: 1, tenants: tenant ? [tenant] : undefined },
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

/** A ranking table as the server exports it: the .xlsx bytes and its first sheet. */
export interface LegacyWorkbook {
  fileName: string;
  blob: Blob;
  table: XlsxTable;
}

/**
 * The energy, climate and voltage tables come from POST /site/excel-export itself: the page shows
 * the workbook's rows and the Export button saves that same file, so what is exported is exactly
 * what is shown.
 */
export const legacyWorkbookQueryOptions = (
  kind: ExcelExportBody['kind'],
  tenant: ExcelExportBody['tenant'] | null,
  label: string,
) =>
  queryOptions({
    queryKey: legacyKeys.workbook(kind, tenant ?? null),
    queryFn: async ({ signal }): Promise<LegacyWorkbook> => {
      const fileName = `${label} ${inDhaka(new Date()).format('YYYY-MM-DD HHmm')}`;
      const body: ExcelExportBody = { file_name: fileName, kind, ...(tenant ? { tenant } : {}) };
      const blob = await apiCall(siteReportEndpoints.excelExport, { body, signal });
      return { fileName: `${fileName}.xlsx`, blob, table: await readFirstSheet(await blob.arrayBuffer()) };
    },
    retry: false,
    staleTime: 60_000,
  });

/** Saves a workbook under its file name (the browser's download). */
export function saveWorkbook(workbook: LegacyWorkbook): void {
  const url = URL.createObjectURL(workbook.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = workbook.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
