import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The site map (menu: Map). */
export const siteMapRoutes = defineFeatureRoutes({
  feature: 'site-map',
  routes: [
    {
      path: ROUTES.siteMap,
      guards: ['user', 'setup'],
      title: 'Map',
      page: () => import('./pages/site-map-page.tsx').then((m) => m.SiteMapPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
