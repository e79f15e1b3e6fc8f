import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The focused site's overview and its info page (menu: Site Overview). */
export const siteOverviewRoutes = defineFeatureRoutes({
  feature: 'site-overview',
  routes: [
    {
      path: ROUTES.siteOverview,
      guards: ['user', 'setup', 'site'],
      title: 'Site Overview',
      page: () => import('./pages/site-overview-page.tsx').then((m) => m.SiteOverviewPage),
    },
    {
      path: ROUTES.siteInfo,
      guards: ['user', 'setup'],
      title: 'Site Info',
      page: () => import('./pages/site-info-page.tsx').then((m) => m.SiteInfoPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
