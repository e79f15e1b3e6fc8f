import { LEGACY_TABS } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The legacy dashboard: one route per tab (its frame checks the legacy access role). */
export const legacyDashboardRoutes = defineFeatureRoutes({
  feature: 'legacy-dashboard',
  routes: LEGACY_TABS.map((tab) => ({
    path: tab.path,
    layout: 'legacy' as const,
    title: `Legacy Dashboard · ${tab.label}`,
    page: () => import('./pages/legacy-dashboard-page.tsx').then((m) => m.LegacyDashboardPage),
  })),
});
