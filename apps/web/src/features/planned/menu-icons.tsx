import {
  IconBrandTelegram,
  IconChartBar,
  IconCreditCard,
  IconHeartbeat,
  IconKey,
  IconList,
  IconServer,
  IconTruckDelivery,
  IconUsers,
  IconWaveSine,
} from '@tabler/icons-react';
import type { MenuIcons } from '../../lib/feature-routes.ts';

/** Icons of the menu items this feature provides (loaded with the signed-in frame). */
export const menuIcons: MenuIcons = {
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
};
