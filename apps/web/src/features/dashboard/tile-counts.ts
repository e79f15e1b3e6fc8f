import type { DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import {
  type DashboardTileId,
  tileFilter as domainTileFilter,
  LOADING_COUNT,
  OFFLINE_BUCKETS,
  offlineBucketFilter,
} from '@towerwatch/domain';
import type { SiteListFilter } from '../../lib/site-filter-url.ts';

/** A tile's count: a number, or '_' while loading (docs/requirements.md#tile-loading). */
export type TileCount = number | typeof LOADING_COUNT;

/** One line of a hover breakdown, with its own filter when it has one. */
export interface TileBreakdownLine {
  label: string;
  count: TileCount;
  filter: SiteListFilter | null;
}

/**
 * The /site/list filter of each tile (domain `tileFilter`), with the dashboard's tenant. Total Sites
 * and Paused Alarms have none.
 */
export function tileFilter(id: DashboardTileId, tenant: string | null): SiteListFilter | null {
  const filter = domainTileFilter(id);
  if (!filter) return null;
  return tenant ? { ...filter, tenant } : filter;
}

/** Where each tile's number comes from in the two count replies. */
export function tileCount(
  id: DashboardTileId,
  status: StatusCountsReply | undefined,
  dashboard: DashboardCountReply | undefined,
): TileCount {
  switch (id) {
    case 'total_sites':
      return dashboard?.siteCount.total ?? LOADING_COUNT;
    case 'rms_installed':
      return dashboard?.siteCount.rms ?? LOADING_COUNT;
    case 'acs_installed':
      return dashboard?.siteCount.acs ?? LOADING_COUNT;
    case 'device_offline':
      return dashboard?.alarmCount.deviceOffline.total ?? LOADING_COUNT;
    case 'pg_on':
      return status?.power.pg_power ?? LOADING_COUNT;
    case 'paused_alarms':
      return dashboard?.alarmCount.paused ?? LOADING_COUNT;
    case 'dc_no_load':
      return dashboard?.dcLoadCount.no_load ?? LOADING_COUNT;
    case 'dc_overload':
      return dashboard?.dcLoadCount.over_load ?? LOADING_COUNT;
    case 'door_open':
      return status?.access.door_open ?? LOADING_COUNT;
    case 'security_breach':
      return status?.access.security_breach ?? LOADING_COUNT;
  }
}

/** The hover breakdown lines of a tile, in the order of the domain's labels. */
export function tileBreakdown(
  id: DashboardTileId,
  labels: readonly string[],
  dashboard: DashboardCountReply | undefined,
  tenant: string | null,
): TileBreakdownLine[] {
  if (id === 'rms_installed') {
    return labels.map((label) => ({
      label,
      count: dashboard?.siteCount.rectifier ?? LOADING_COUNT,
      filter: { type: 'property', id: 'rectifier', exists: true, ...(tenant ? { tenant } : {}) },
    }));
  }
  if (id === 'device_offline') {
    return OFFLINE_BUCKETS.map((bucket, index) => ({
      label: labels[index] ?? bucket,
      count: dashboard?.alarmCount.deviceOffline[bucket] ?? LOADING_COUNT,
      filter: { ...offlineBucketFilter(bucket), ...(tenant ? { tenant } : {}) },
    }));
  }
  return [];
}
