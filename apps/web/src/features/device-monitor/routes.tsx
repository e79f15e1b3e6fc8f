import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The operators' device monitoring pages (guard `admin`: sudo and support). */
export const deviceMonitorRoutes = defineFeatureRoutes({
  feature: 'device-monitor',
  routes: [
    {
      path: ROUTES.monitorDeviceHealth,
      guards: ['admin'],
      title: 'Device Health',
      page: () => import('./pages/device-health-page.tsx').then((m) => m.DeviceHealthPage),
    },
    {
      path: ROUTES.monitorOemRecords,
      guards: ['admin'],
      title: 'OEM Records',
      page: () => import('./pages/oem-records-page.tsx').then((m) => m.OemRecordsPage),
    },
    {
      path: ROUTES.monitorServiceString,
      guards: ['admin'],
      title: 'Service String',
      page: () => import('./pages/service-string-page.tsx').then((m) => m.ServiceStringPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
