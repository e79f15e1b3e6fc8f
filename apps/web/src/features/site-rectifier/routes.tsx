import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Rectifier status of every site. */
export const siteRectifierRoutes = defineFeatureRoutes({
  feature: 'site-rectifier',
  routes: [
    {
      path: ROUTES.siteRectifier,
      guards: ['user', 'setup'],
      title: 'Rectifiers',
      page: () => import('./pages/site-rectifier-page.tsx').then((m) => m.SiteRectifierPage),
    },
  ],
});
