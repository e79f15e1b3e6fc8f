import { IconList, IconServer, IconTruckDelivery, IconUsers } from '@tabler/icons-react';
import type { MenuIcons } from '../../lib/feature-routes.ts';

/** Icons of the menu items this feature provides (loaded with the signed-in frame). */
export const menuIcons: MenuIcons = {
  site_list: IconList,
  device_list: IconServer,
  user_list: IconUsers,
  user_management: IconUsers,
  device_vendors: IconTruckDelivery,
};
