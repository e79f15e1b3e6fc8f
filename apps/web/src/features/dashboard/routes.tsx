import { ERROR_PAGE, homePathFor, isTenantAllowed, ROUTES } from '@towerwatch/domain';
import { redirect } from 'react-router';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

const dashboardPage = () =>
  import('./pages/business-dashboard-page.tsx').then((m) => m.BusinessDashboardPage);

/** The business and tenant dashboards; /dashboard sends each user to theirs (menu: Dashboard). */
export const dashboardRoutes = defineFeatureRoutes({
  feature: 'dashboard',
  routes: [
    {
      // Each user's home (docs/requirements.md#home-page): their dashboard, the operators' site list,
      // finance's payment list (or what stands in for them while they are not built).
      path: ROUTES.dashboard,
      guards: ['user'],
      check: (user) => {
        throw redirect(homePathFor(user));
      },
    },
    {
      path: ROUTES.businessDashboard,
      guards: ['user'],
      title: 'Business Dashboard',
      // An account without sites (finance) never gets an empty dashboard: it goes home (domain
      // `mayOpenPage`, docs/requirements.md#home-page).
      page: dashboardPage,
    },
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
