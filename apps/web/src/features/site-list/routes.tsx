import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** All Sites and the site-down history (menu: All Sites). */
export const siteListRoutes = defineFeatureRoutes({
  feature: 'site-list',
  routes: [
    {
      path: ROUTES.siteList,
      guards: ['user', 'setup'],
      title: 'All Sites',
      page: () => import('./pages/site-list-page.tsx').then((m) => m.SiteListPage),
    },
    {
      path: ROUTES.siteHistory,
      guards: ['user', 'setup'],
      title: 'Site History',
      page: () => import('./pages/site-history-page.tsx').then((m) => m.SiteHistoryPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
