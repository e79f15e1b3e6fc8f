import {
  IconBrandTelegram,
  IconBuildingBroadcastTower,
  IconChartBar,
  IconCreditCard,
  IconDeviceDesktopAnalytics,
  IconHeartbeat,
  IconKey,
  IconLayoutDashboard,
  IconList,
  IconLogout,
  IconMap2,
  IconServer,
  IconTimeline,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconWaveSine,
} from '@tabler/icons-react';
import type { MenuItemId } from '@towerwatch/domain';
import type { ComponentType } from 'react';

/** An icon per side-menu item. */
export const MENU_ICONS: Readonly<Record<MenuItemId, ComponentType<{ size?: number; stroke?: number }>>> = {
  dashboard: IconLayoutDashboard,
  map: IconMap2,
  all_sites: IconList,
  site_availability: IconTimeline,
  site_overview: IconBuildingBroadcastTower,
  manage_access: IconKey,
  user_management: IconUsers,
  telegram: IconBrandTelegram,
  analytics: IconChartBar,
  payment_list: IconCreditCard,
  site_list: IconList,
  device_list: IconServer,
  service_string: IconWaveSine,
  device_health: IconHeartbeat,
  user_list: IconUsers,
  device_vendors: IconTruckDelivery,
  account: IconUserCircle,
  logout: IconLogout,
};

export { IconDeviceDesktopAnalytics };
