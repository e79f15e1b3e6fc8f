import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The focused site's alarm settings. */
export const siteSettingsRoutes = defineFeatureRoutes({
  feature: 'site-settings',
  routes: [
    {
      path: ROUTES.settings,
      guards: ['user', 'setup', 'site'],
      title: 'Site Settings',
      page: () => import('./pages/site-settings-page.tsx').then((m) => m.SiteSettingsPage),
    },
  ],
});
