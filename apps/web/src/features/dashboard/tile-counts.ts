import type { DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import {
  type DashboardTileId,
  LOADING_COUNT,
  OFFLINE_BUCKET_BOUNDS,
  OFFLINE_BUCKETS,
} from '@towerwatch/domain';
import type { SiteListFilter } from '../../lib/site-filter-url.ts';

/** A tile's count: a number, or '_' while loading (platform-core §2). */
export type TileCount = number | typeof LOADING_COUNT;

/** One line of a hover breakdown, with its own filter when it has one. */
export interface TileBreakdownLine {
  label: string;
  count: TileCount;
  filter: SiteListFilter | null;
}

/**
 * The /site/list filter of each tile (the spec says each tile has one but not which; these are the
 * site filter entities that select exactly the sites the tile counts). Paused Alarms is not a link.
 */
export function tileFilter(id: DashboardTileId, tenant: string | null): SiteListFilter | null {
  const withTenant = (filter: SiteListFilter): SiteListFilter => (tenant ? { ...filter, tenant } : filter);
  switch (id) {
    case 'total_sites':
      return null;
    case 'rms_installed':
      return withTenant({ type: 'property', id: 'devices', exists: true });
    case 'acs_installed':
      return withTenant({ type: 'property', id: 'door_status', exists: true });
    case 'device_offline':
      return withTenant({ type: 'alarm', id: 'device_online', expected: false });
    case 'pg_on':
      return withTenant({ type: 'alarm', id: 'pg_on', expected: false });
    case 'dc_no_load':
      return withTenant({ type: 'property', id: 'dc_load', value: 'DOWN' });
    case 'dc_overload':
      return withTenant({ type: 'property', id: 'dc_load', value: 'OVER' });
    case 'door_open':
      return withTenant({ type: 'alarm', id: 'door_status', expected: false });
    case 'security_breach':
      return withTenant({ type: 'alarm', id: 'security_breach', expected: false });
    case 'paused_alarms':
      return null;
  }
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
    return OFFLINE_BUCKETS.map((bucket, index) => {
      const bounds = OFFLINE_BUCKET_BOUNDS[bucket];
      return {
        label: labels[index] ?? bucket,
        count: dashboard?.alarmCount.deviceOffline[bucket] ?? LOADING_COUNT,
        filter: {
          type: 'alarm',
          id: 'device_online',
          expected: false,
          ...(bounds.min !== undefined ? { minDuration: bounds.min } : {}),
          ...(bounds.max !== undefined ? { maxDuration: bounds.max } : {}),
          ...(tenant ? { tenant } : {}),
        },
      };
    });
  }
  return [];
}
