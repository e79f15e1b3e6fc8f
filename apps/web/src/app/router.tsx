import { dashboardPath, ERROR_PAGE, isOperator, isTenantAllowed } from '@towerwatch/domain';
import { createBrowserRouter, type LoaderFunction, redirect, type RouteObject } from 'react-router';
import { authUserQueryOptions } from '../features/auth/api/auth-api.ts';
import { queryClient } from '../lib/query-client.ts';
import { NotFoundPage, RouteErrorPage, RouteLoading } from './errors/error-pages.tsx';
import { guarded, legacyLoader } from './guards.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';
import { PLANNED_ROUTES } from './planned-routes.ts';

const planned = () =>
  import('../features/planned/pages/planned-page.tsx').then((m) => ({ Component: m.PlannedPage }));
const businessDashboard = () =>
  import('../features/dashboard/pages/business-dashboard-page.tsx').then((m) => ({
    Component: m.BusinessDashboardPage,
  }));

/** /dashboard sends each user to the right dashboard (platform-core §2 "Company menu"). */
const dashboardRedirect: LoaderFunction = async (args) => {
  await guarded('user')(args);
  const user = await queryClient.ensureQueryData(authUserQueryOptions());
  throw redirect(isOperator(user) ? '/customer/sites' : dashboardPath(user));
};

/** /dashboard/{tenant}: only the user's allowed tenants; anything else is not a page. */
const tenantDashboardLoader: LoaderFunction = async (args) => {
  await guarded('user')(args);
  const user = await queryClient.ensureQueryData(authUserQueryOptions());
  const tenant = args.params.tenant ?? '';
  if (!isTenantAllowed(user, tenant))
    throw new Response(ERROR_PAGE.notFoundMessage, { status: ERROR_PAGE.notFoundStatus });
  return null;
};

const legacyTab = (path: string | undefined, title: string): RouteObject => ({
  ...(path ? { path } : { index: true }),
  handle: { title },
  lazy: () =>
    import('../features/legacy-dashboard/pages/legacy-dashboard-page.tsx').then((m) => ({
      Component: m.LegacyDashboardPage,
    })),
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first route's loader (sign-in check, guards) runs.
    HydrateFallback: RouteLoading,
    children: [
      {
        Component: LandingLayout,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/landing/pages/landing-page.tsx').then((m) => ({
                Component: m.LandingPage,
              })),
          },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'reset',
            lazy: () =>
              import('../features/auth/pages/reset-page.tsx').then((m) => ({ Component: m.ResetPage })),
          },
          {
            path: 'welcome',
            lazy: () =>
              import('../features/auth/pages/welcome-page.tsx').then((m) => ({ Component: m.WelcomePage })),
          },
        ],
      },
      {
        path: 'dashboard/legacy',
        // The signed-in frame (menu, top bar, live socket) is its own chunk: /login does not load it.
        lazy: () => import('./layouts/legacy-layout.tsx').then((m) => ({ Component: m.LegacyLayout })),
        loader: legacyLoader,
        errorElement: <RouteErrorPage />,
        children: [
          legacyTab(undefined, 'Legacy Dashboard · All RMS Station'),
          legacyTab('alarm', 'Legacy Dashboard · Alarm'),
          legacyTab('dc-energy-meter', 'Legacy Dashboard · DC Energy Meter'),
          legacyTab('climate', 'Legacy Dashboard · Climate'),
          legacyTab('rectifier', 'Legacy Dashboard · Rectifier'),
          legacyTab('battery', 'Legacy Dashboard · Battery'),
        ],
      },
      {
        lazy: () => import('./layouts/default-layout.tsx').then((m) => ({ Component: m.DefaultLayout })),
        errorElement: <RouteErrorPage />,
        children: [
          { path: 'dashboard', loader: dashboardRedirect },
          {
            path: 'dashboard/business',
            loader: guarded('user'),
            handle: { title: 'Business Dashboard' },
            lazy: businessDashboard,
          },
          {
            path: 'dashboard/:tenant',
            loader: tenantDashboardLoader,
            handle: { title: 'Tenant Dashboard' },
            lazy: businessDashboard,
          },
          {
            path: 'profile',
            loader: guarded(),
            handle: { title: 'Account' },
            lazy: () =>
              import('../features/auth/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'site/list',
            loader: guarded('user', 'setup'),
            handle: { title: 'All Sites' },
            lazy: () =>
              import('../features/site-list/pages/site-list-page.tsx').then((m) => ({
                Component: m.SiteListPage,
              })),
          },
          {
            path: 'site',
            loader: guarded('user', 'setup', 'site'),
            handle: { title: 'Site Overview' },
            lazy: () =>
              import('../features/site-overview/pages/site-overview-page.tsx').then((m) => ({
                Component: m.SiteOverviewPage,
              })),
          },
          {
            path: 'alarm',
            loader: guarded('user', 'setup', 'site'),
            handle: { title: 'Alarms' },
            lazy: () =>
              import('../features/site-alarms/pages/site-alarms-page.tsx').then((m) => ({
                Component: m.SiteAlarmsPage,
              })),
          },
          {
            path: 'settings',
            loader: guarded('user', 'setup', 'site'),
            handle: { title: 'Site Settings' },
            lazy: () =>
              import('../features/site-settings/pages/site-settings-page.tsx').then((m) => ({
                Component: m.SiteSettingsPage,
              })),
          },
          {
            path: 'site/history',
            loader: guarded('user', 'setup'),
            handle: { title: 'Site History' },
            lazy: () =>
              import('../features/site-list/pages/site-history-page.tsx').then((m) => ({
                Component: m.SiteHistoryPage,
              })),
          },
          {
            path: 'site/info',
            loader: guarded('user', 'setup'),
            handle: { title: 'Site Info' },
            lazy: () =>
              import('../features/site-overview/pages/site-info-page.tsx').then((m) => ({
                Component: m.SiteInfoPage,
              })),
          },
          {
            path: 'site/map',
            loader: guarded('user', 'setup'),
            handle: { title: 'Map' },
            lazy: () =>
              import('../features/site-map/pages/site-map-page.tsx').then((m) => ({
                Component: m.SiteMapPage,
              })),
          },
          {
            path: 'site/availability',
            loader: guarded('user', 'setup'),
            handle: { title: 'Site Availability' },
            lazy: () =>
              import('../features/site-availability/pages/site-availability-page.tsx').then((m) => ({
                Component: m.SiteAvailabilityPage,
              })),
          },
          {
            path: 'site/rectifier',
            loader: guarded('user', 'setup'),
            handle: { title: 'Rectifiers' },
            lazy: () =>
              import('../features/site-rectifier/pages/site-rectifier-page.tsx').then((m) => ({
                Component: m.SiteRectifierPage,
              })),
          },
          ...PLANNED_ROUTES.map(
            (route): RouteObject => ({
              path: route.path,
              loader: guarded(...route.guards),
              handle: { title: route.title, planned: route.planned },
              lazy: planned,
            }),
          ),
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The app router (data mode, route-level code splitting with `lazy`). */
export const router = createBrowserRouter(routes);
