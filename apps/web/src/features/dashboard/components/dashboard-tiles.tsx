import { SimpleGrid } from '@mantine/core';
import {
  IconAccessPoint,
  IconAlertOctagon,
  IconBuildingBroadcastTower,
  IconDoor,
  IconPlayerPause,
  IconPlugConnected,
  IconPlugConnectedX,
  IconShieldExclamation,
  IconTrendingUp,
  IconWifiOff,
} from '@tabler/icons-react';
import type { AuthUser, DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import { type DashboardTileId, dashboardTilesFor } from '@towerwatch/domain';
import type { ComponentType } from 'react';
import { tileBreakdown, tileCount, tileFilter } from '../tile-counts.ts';
import { CountTile } from './count-tile.tsx';

const TILE_LOOK: Readonly<
  Record<DashboardTileId, { icon: ComponentType<{ size?: number }>; color: string }>
> = {
  total_sites: { icon: IconBuildingBroadcastTower, color: 'signal' },
  rms_installed: { icon: IconAccessPoint, color: 'blue' },
  acs_installed: { icon: IconDoor, color: 'indigo' },
  device_offline: { icon: IconWifiOff, color: 'gray' },
  pg_on: { icon: IconPlugConnected, color: 'yellow' },
  paused_alarms: { icon: IconPlayerPause, color: 'violet' },
  dc_no_load: { icon: IconPlugConnectedX, color: 'orange' },
  dc_overload: { icon: IconTrendingUp, color: 'red' },
  door_open: { icon: IconAlertOctagon, color: 'orange' },
  security_breach: { icon: IconShieldExclamation, color: 'red' },
};

/** Props of {@link DashboardTiles}. */
export interface DashboardTilesProps {
  user: AuthUser;
  /** The tenant of a tenant dashboard (its tiles' filters keep it), null on /dashboard/business. */
  tenant: string | null;
  status: StatusCountsReply | undefined;
  dashboard: DashboardCountReply | undefined;
}

/**
 * The smart dashboard's tiles for the user (docs/requirements.md#dashboard-tiles, docs/requirements.md#tile-masking):
 * which tiles, their masking, counts, hover breakdowns and /site/list filters come from the domain.
 */
export function DashboardTiles({ user, tenant, status, dashboard }: DashboardTilesProps) {
  const tiles = dashboardTilesFor(user);
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 5, xl: tiles.length > 8 ? 9 : tiles.length }}
      spacing="sm"
      aria-label="Tiles"
    >
      {tiles.map((view) => (
        <CountTile
          key={view.id}
          view={view}
          count={tileCount(view.id, status, dashboard)}
          filter={tileFilter(view.id, tenant)}
          breakdown={tileBreakdown(view.id, view.breakdown, dashboard, tenant)}
          icon={TILE_LOOK[view.id].icon}
          color={TILE_LOOK[view.id].color}
        />
      ))}
    </SimpleGrid>
  );
}
