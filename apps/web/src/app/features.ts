/**
 * Every feature that adds screens, one line each: the router and the side menu are built from this
 * list (see lib/feature-routes.ts and docs/architecture.md "Add a web feature"). A new area is its
 * folder plus one line here.
 */
import { accessRoutes } from '../features/access/routes.tsx';
import { accessManageRoutes } from '../features/access-manage/routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { alarmConsoleRoutes } from '../features/alarm-console/routes.tsx';
import { analyticsRoutes } from '../features/analytics/routes.tsx';
import { analyticsSlaRoutes } from '../features/analytics-sla/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { billingRoutes } from '../features/billing/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { deviceMonitorRoutes } from '../features/device-monitor/routes.tsx';
import { landingRoutes } from '../features/landing/routes.tsx';
import { legacyDashboardRoutes } from '../features/legacy-dashboard/routes.tsx';
import { oemDataRoutes } from '../features/oem-data/routes.tsx';
import { powerRoutes } from '../features/power/routes.tsx';
import { siteAlarmsRoutes } from '../features/site-alarms/routes.tsx';
import { siteAvailabilityRoutes } from '../features/site-availability/routes.tsx';
import { siteListRoutes } from '../features/site-list/routes.tsx';
import { siteMapRoutes } from '../features/site-map/routes.tsx';
import { siteOverviewRoutes } from '../features/site-overview/routes.tsx';
import { siteRectifierRoutes } from '../features/site-rectifier/routes.tsx';
import { siteSettingsRoutes } from '../features/site-settings/routes.tsx';
import { telegramRoutes } from '../features/telegram/routes.tsx';
import { ticketRoutes } from '../features/tickets/routes.tsx';
import type { FeatureRoutes } from '../lib/feature-routes.ts';

export const FEATURES: readonly FeatureRoutes[] = [
  landingRoutes,
  authRoutes,
  dashboardRoutes,
  legacyDashboardRoutes,
  siteListRoutes,
  siteOverviewRoutes,
  siteAlarmsRoutes,
  siteSettingsRoutes,
  siteMapRoutes,
  siteAvailabilityRoutes,
  siteRectifierRoutes,
  powerRoutes,
  adminRoutes,
  oemDataRoutes,
  deviceMonitorRoutes,
  ticketRoutes,
  billingRoutes,
  telegramRoutes,
  accessRoutes,
  accessManageRoutes,
  analyticsRoutes,
  analyticsSlaRoutes,
  alarmConsoleRoutes,
];
