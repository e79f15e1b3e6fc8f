import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The focused site's alarms and events. */
export const siteAlarmsRoutes = defineFeatureRoutes({
  feature: 'site-alarms',
  routes: [
    {
      path: ROUTES.alarm,
      guards: ['user', 'setup', 'site'],
      title: 'Alarms',
      page: () => import('./pages/site-alarms-page.tsx').then((m) => m.SiteAlarmsPage),
    },
  ],
});
