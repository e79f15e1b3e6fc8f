import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * Analytics and reports (docs/requirements.md#analytics): the fleet's DG, mains, battery and
 * temperature reports at /analytics (menu: Analytics) and the same reports for the open site at
 * /report (site sub-navigation: Reports).
 */
export const analyticsRoutes = defineFeatureRoutes({
  feature: 'analytics',
  routes: [
    {
      path: ROUTES.analytics,
      guards: ['user'],
      title: 'Analytics',
      page: () => import('./pages/analytics-page.tsx').then((m) => m.AnalyticsPage),
    },
    {
      path: ROUTES.report,
      guards: ['user', 'setup', 'site'],
      title: 'Reports',
      page: () => import('./pages/report-page.tsx').then((m) => m.ReportPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
