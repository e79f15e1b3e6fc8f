/**
 * Site-list filters behind the dashboard tiles (docs/requirements.md#tile-filters: each count tile links to
 * /site/list with a filter built for it).
 */
import type { SiteFilter } from './alarm-filter.ts';
import type { DashboardTileId } from './dashboard-tiles.ts';
import type { OfflineBucket } from './offline.ts';
import { OFFLINE_BUCKET_BOUNDS } from './offline.ts';
import { ROUTES } from './routes.ts';

/** The site list path tiles link to. */
export const SITE_LIST_PATH = ROUTES.siteList;

/**
 * The filter of each tile (the spec does not show them; decisions): Total Sites none; RMS Installed
 * property devices; ACS Installed property door_status exists (a site property of docs/requirements.md#site-properties);
 * Device Offline alarm device_online not
 * normal; PG ON alarm pg_on not normal; DC No Load / DC Overload property dc_load with value DOWN /
 * OVER; Door Open alarm door_status not normal; Security Breach alarm security_breach not normal. Paused Alarms is not a
 * link (null).
 */
export function tileFilter(id: DashboardTileId): SiteFilter | null | undefined {
  switch (id) {
    case 'total_sites':
      return undefined;
    case 'rms_installed':
      return { type: 'property', id: 'devices', exists: true };
    case 'acs_installed':
      return { type: 'property', id: 'door_status', exists: true };
    case 'device_offline':
      return { type: 'alarm', id: 'device_online', expected: false };
    case 'pg_on':
      return { type: 'alarm', id: 'pg_on', expected: false };
    case 'paused_alarms':
      return null;
    case 'dc_no_load':
      return { type: 'property', id: 'dc_load', value: 'DOWN' };
    case 'dc_overload':
      return { type: 'property', id: 'dc_load', value: 'OVER' };
    case 'door_open':
      return { type: 'alarm', id: 'door_status', expected: false };
    case 'security_breach':
      return { type: 'alarm', id: 'security_breach', expected: false };
  }
}

/** The Device Offline hover bucket as a filter: device_online not normal, within the bucket's minutes. */
export function offlineBucketFilter(bucket: OfflineBucket): SiteFilter {
  const { min, max } = OFFLINE_BUCKET_BOUNDS[bucket];
  return {
    type: 'alarm',
    id: 'device_online',
    expected: false,
    ...(min === undefined ? {} : { minDuration: min }),
    ...(max === undefined ? {} : { maxDuration: max }),
  };
}

/**
 * The link of a tile: /site/list with the filter as a JSON `filter` query parameter; /site/list alone
 * for Total Sites; null for Paused Alarms (not a link). Decision: the query encoding.
 */
export function tileLink(id: DashboardTileId): string | null {
  const filter = tileFilter(id);
  if (filter === null) return null;
  if (filter === undefined) return SITE_LIST_PATH;
  return `${SITE_LIST_PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
