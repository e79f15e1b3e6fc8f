import {
  type ExcelExportBody,
  type RunningEventsReply,
  SITE_API_PATHS,
  type SiteListReply,
} from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiResponse } from '../../../lib/api-client.ts';

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
export const LEGACY_EXPORT_KIND: Partial<Record<LegacyTabId, ExcelExportBody['kind']>> = {
  energy: 'energy',
  climate: 'climate',
  voltage: 'voltage',
};

/**
 * One row of a legacy ranking table (DC energy meter, climate, rectifier, battery): the latest
 * reading per site (and tenant where the column exists). Served by GET /site/legacy-table.
 */
export interface LegacyTableRow {
  site_uid: string;
  site_name: string;
  generic_site_id: string | null;
  tenant: string | null;
  load: number | null;
  current: number | null;
  temperature: number | null;
  humidity: number | null;
  voltage: number | null;
  soc: number | null;
  soh: number | null;
}

/** Reply of GET /site/legacy-table. */
export interface LegacyTableReply {
  kind: string;
  rows: LegacyTableRow[];
}

export const legacyKeys = {
  all: ['legacy-dashboard'] as const,
  stations: (tenant: string | null) => [...legacyKeys.all, 'stations', tenant] as const,
  alarms: (tenant: string | null) => [...legacyKeys.all, 'alarms', tenant] as const,
  table: (kind: string, tenant: string | null) => [...legacyKeys.all, 'table', kind, tenant] as const,
};

/** All RMS Station: the site list (GET /user/site/fetch, 1000 per load, platform-core §9). */
export const stationsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: legacyKeys.stations(tenant),
    queryFn: ({ signal }) =>
      apiFetch<SiteListReply>(SITE_API_PATHS.siteFetch, {
        query: { limit: 1000, page: 1, tenants: tenant ? [tenant] : undefined },
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

/** The ranking tables (energy, climate, voltage, battery). */
export const legacyTableQueryOptions = (
  kind: 'energy' | 'climate' | 'voltage' | 'battery',
  tenant: string | null,
) =>
  queryOptions({
    queryKey: legacyKeys.table(kind, tenant),
    queryFn: ({ signal }) =>
      apiFetch<LegacyTableReply>('/site/legacy-table', {
        query: { kind, tenant: kind === 'climate' ? null : tenant },
        signal,
      }),
    retry: false,
  });

/** POST /site/excel-export: downloads the real .xlsx the server builds (file `<file_name>.xlsx`). */
export async function downloadExcelExport(body: ExcelExportBody): Promise<void> {
  const response = await apiResponse(SITE_API_PATHS.excelExport, { body });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${body.file_name}.xlsx`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
