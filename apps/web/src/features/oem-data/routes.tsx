import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** OEM data of the open site (site sub-navigation) and the battery bank health of the company's sites. */
export const oemDataRoutes = defineFeatureRoutes({
  feature: 'oem-data',
  routes: [
    {
      path: ROUTES.oemData,
      guards: ['user', 'setup', 'site'],
      title: 'OEM Data',
      page: () => import('./pages/oem-data-page.tsx').then((m) => m.OemDataPage),
    },
    {
      path: ROUTES.oemBatteryHealth,
      guards: ['user', 'setup'],
      title: 'Battery Bank Health',
      page: () => import('./pages/battery-health-page.tsx').then((m) => m.BatteryHealthPage),
    },
  ],
});
