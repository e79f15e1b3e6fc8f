import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * The focused site's door, lock, cards, access records and open hours (site sub-navigation: Access).
 * Without the `acs` access role the page is not offered: back to the site (domain `pageRedirectFor`).
 */
export const accessRoutes = defineFeatureRoutes({
  feature: 'access',
  routes: [
    {
      path: ROUTES.access,
      guards: ['user', 'setup', 'site'],
      title: 'Access',
      page: () => import('./pages/access-page.tsx').then((m) => m.AccessPage),
    },
  ],
});
