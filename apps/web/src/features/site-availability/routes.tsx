import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Availability per site over a range (menu: Site Availability). */
export const siteAvailabilityRoutes = defineFeatureRoutes({
  feature: 'site-availability',
  routes: [
    {
      path: ROUTES.siteAvailability,
      guards: ['user', 'setup'],
      title: 'Site Availability',
      page: () => import('./pages/site-availability-page.tsx').then((m) => m.SiteAvailabilityPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
