/**
 * Smart dashboard tiles: which a user sees, masking and display (docs/requirements.md#dashboard-tiles).
 */
import type { DomainUser } from './users.ts';
import { hasAccessRole, isReadOnly } from './users.ts';

/** Tile ids in display order (docs/requirements.md#dashboard-tiles smart dashboard table). */
export const DASHBOARD_TILE_IDS = [
  'total_sites',
  'rms_installed',
  'acs_installed',
  'device_offline',
  'pg_on',
  'paused_alarms',
  'dc_no_load',
  'dc_overload',
  'door_open',
  'security_breach',
] as const;
/** A dashboard tile id. */
export type DashboardTileId = (typeof DASHBOARD_TILE_IDS)[number];

/** Tile labels (docs/requirements.md#dashboard-tiles). */
export const DASHBOARD_TILE_LABELS: Readonly<Record<DashboardTileId, string>> = {
  total_sites: 'Total Sites',
  rms_installed: 'RMS Installed',
  acs_installed: 'ACS Installed',
  device_offline: 'Device Offline',
  pg_on: 'PG ON',
  paused_alarms: 'Paused Alarms',
  dc_no_load: 'DC No Load',
  dc_overload: 'DC Overload',
  door_open: 'Door Open',
  security_breach: 'Security Breach',
};

/** Hover breakdown labels per tile (docs/requirements.md#dashboard-tiles). */
export const DASHBOARD_TILE_BREAKDOWNS: Readonly<Partial<Record<DashboardTileId, readonly string[]>>> = {
  rms_installed: ['Rectifier Integrated'],
  device_offline: ['<24 Hours', '<48 Hours', '<72 Hours', '>72 Hours'],
};

/** Why a masked count is not shown (tooltip and label of the ban icon). */
export const MASKED_COUNT_REASON = 'Not available to read-only users';

/** Tiles a read-only user still sees unmasked (docs/requirements.md#tile-masking). */
export const READ_ONLY_UNMASKED_TILES = ['total_sites', 'dc_no_load', 'dc_overload'] as const;

/** How one tile is shown to one user. */
export interface DashboardTileView {
  id: DashboardTileId;
  label: string;
  /** Shown with a ban icon instead of its count. */
  masked: boolean;
  /** Links to /site/list with its filter. */
  clickable: boolean;
  /** Hover breakdown labels; empty when none or not given to the user. */
  breakdown: readonly string[];
}

type TileUser = Pick<DomainUser, 'type' | 'meta'>;

function tileVisible(id: DashboardTileId, user: TileUser): boolean {
  const acs = hasAccessRole(user, 'acs');
  switch (id) {
    case 'acs_installed':
    case 'door_open':
    case 'security_breach':
      return acs;
    case 'paused_alarms':
      return hasAccessRole(user, 'rms') && !acs;
    default:
      return true;
  }
}

/**
 * Tiles the user sees, in order, with masking: read-only users get every tile but Total Sites, DC
 * No Load and DC Overload masked and not clickable, and no hover breakdowns. Paused Alarms is never
 * a link.
 */
export function dashboardTilesFor(user: TileUser): DashboardTileView[] {
  const readOnly = isReadOnly(user);
  return DASHBOARD_TILE_IDS.filter((id) => tileVisible(id, user)).map((id) => {
    const masked = readOnly && !(READ_ONLY_UNMASKED_TILES as readonly string[]).includes(id);
    return {
      id,
      label: DASHBOARD_TILE_LABELS[id],
      masked,
      clickable: !masked && id !== 'paused_alarms',
      breakdown: readOnly ? [] : (DASHBOARD_TILE_BREAKDOWNS[id] ?? []),
    };
  });
}

/**
 * Counts of the dashboard's panels that repeat a tile's count (panel `title.label` → tile): masked
 * whenever that tile is masked, so a read-only user does not read under the tiles what the tiles hide
 * (docs/requirements.md#tile-masking).
 */
export const PANEL_COUNT_TILES: Readonly<Record<string, DashboardTileId>> = {
  'Access.Total Door': 'acs_installed',
  'Access.Door Open': 'door_open',
  'Access.Security Breach': 'security_breach',
  'Power.PG Power': 'pg_on',
};

/** True when the panel count (`panel`, `label`) is masked for the user: its tile is masked. */
export function isPanelCountMasked(user: TileUser, panel: string, label: string): boolean {
  const tile = PANEL_COUNT_TILES[`${panel}.${label}`];
  return (
    tile !== undefined && isReadOnly(user) && !(READ_ONLY_UNMASKED_TILES as readonly string[]).includes(tile)
  );
}

/** The count placeholder meaning "still loading" (docs/requirements.md#tile-loading). */
export const LOADING_COUNT = '_';

/** A tile's count display: a spinner for '_', else the number as text. */
export function tileCountDisplay(
  count: number | string,
): { spinner: true } | { spinner: false; text: string } {
  return count === LOADING_COUNT ? { spinner: true } : { spinner: false, text: String(count) };
}

/** Security Breach pulses when its count is non-zero (docs/requirements.md#dashboard-tiles). */
export function tilePulses(id: DashboardTileId, count: number | string): boolean {
  return id === 'security_breach' && typeof count === 'number' && count > 0;
}
