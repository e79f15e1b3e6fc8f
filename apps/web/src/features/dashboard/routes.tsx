import { dashboardPath, ERROR_PAGE, isOperator, isTenantAllowed, ROUTES } from '@towerwatch/domain';
import { redirect } from 'react-router';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

const dashboardPage = () =>
  import('./pages/business-dashboard-page.tsx').then((m) => m.BusinessDashboardPage);

/** The business and tenant dashboards; /dashboard sends each user to theirs (menu: Dashboard). */
export const dashboardRoutes = defineFeatureRoutes({
  feature: 'dashboard',
  routes: [
    {
      // docs/requirements.md#company-menu: operators to their site list, others to their dashboard.
      path: ROUTES.dashboard,
      guards: ['user'],
      check: (user) => {
        throw redirect(isOperator(user) ? ROUTES.customerSites : dashboardPath(user));
      },
    },
    { path: ROUTES.businessDashboard, guards: ['user'], title: 'Business Dashboard', page: dashboardPage },
    {
      path: ROUTES.tenantDashboard,
      guards: ['user'],
      title: 'Tenant Dashboard',
      page: dashboardPage,
      // Only the user's allowed tenants; anything else is not a page.
      check: (user, params) => {
        if (!isTenantAllowed(user, params.tenant ?? '')) {
          throw new Response(ERROR_PAGE.notFoundMessage, { status: ERROR_PAGE.notFoundStatus });
        }
      },
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
