import {
  type ExcelExportBody,
  type RunningEventsReply,
  SITE_API_PATHS,
  type SiteListReply,
} from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { SITE_LOAD_LIMIT } from '@towerwatch/domain';
import { apiFetch, apiResponse } from '../../../lib/api-client.ts';
import { inDhaka } from '../../../lib/time.ts';
import { readFirstSheet, type XlsxTable } from '../../../lib/xlsx-reader.ts';

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
    queryFn: ({ signal }) =>
      apiFetch<SiteListReply>(SITE_API_PATHS.siteFetch, {
        query: { limit: SITE_LOAD_LIMIT, page: 1, tenants: tenant ? [tenant] : undefined },
        signal,
      }),
  });

/** Alarm tab: the alarms raised right now (GET /user/site/running-events). */
export const alarmsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: legacyKeys.alarms(tenant),
    queryFn: ({ signal }) =>
      apiFetch<RunningEventsReply>(SITE_API_PATHS.runningEvents, { query: { tenant, limit: 1000 }, signal }),
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
      const response = await apiResponse(SITE_API_PATHS.excelExport, { body, signal });
      const blob = await response.blob();
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
