import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Tenant SLA report and scheduled reports (issue 15 "Beyond the anchors"; reached from the analytics pages). */
export const analyticsSlaRoutes = defineFeatureRoutes({
  feature: 'analytics-sla',
  routes: [
    {
      path: ROUTES.slaReport,
      guards: ['user'],
      title: 'Tenant SLA',
      page: () => import('./pages/sla-report-page.tsx').then((m) => m.SlaReportPage),
    },
    {
      path: ROUTES.reportSchedules,
      guards: ['user'],
      title: 'Scheduled reports',
      page: () => import('./pages/report-schedules-page.tsx').then((m) => m.ReportSchedulesPage),
    },
  ],
});
