/** The app's route tree (router.tsx creates the browser router from it; tests read it without a DOM). */
import { pageRedirectFor } from '@towerwatch/domain';
import { type RouteObject, redirect } from 'react-router';
// Not the auth index: see guards.ts.
import { authUserQueryOptions } from '../features/auth/api/auth-api.ts';
import type { FeatureRoute, RouteLayout } from '../lib/feature-routes.ts';
import { queryClient } from '../lib/query-client.ts';
import { NotFoundPage, RouteErrorPage, RouteLoading } from './errors/error-pages.tsx';
import { FEATURES } from './features.ts';
import { guarded, legacyLoader } from './guards.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';

/** The element of a route whose loader always redirects. */
function RedirectOnly() {
  return null;
}

/** The route object of a declared route (paths are relative to the root layout). */
function toRouteObject(route: FeatureRoute): RouteObject {
  const handle = route.title || route.handle ? { title: route.title, ...route.handle } : undefined;
  const page = route.page;
  const object: RouteObject = {
    ...(route.path === '/' ? { index: true } : { path: route.path.slice(1) }),
    ...(handle ? { handle } : {}),
    // A route without a page only redirects (its check): it renders nothing, so React Router has an
    // element for the matched leaf.
    ...(page ? { lazy: () => page().then((Component) => ({ Component })) } : { Component: RedirectOnly }),
  };
  if ((route.layout ?? 'app') !== 'app') return object;
  const guard = guarded(...(route.guards ?? []));
  const check = route.check;
  object.loader = async (args) => {
    await guard(args);
    const user = await queryClient.ensureQueryData(authUserQueryOptions());
    // Page access (one domain rule, also the side menu's): a page whose calls the server would refuse
    // the user is not opened (docs/requirements.md#page-access).
    const elsewhere = pageRedirectFor(user, new URL(args.request.url).pathname);
    if (elsewhere) throw redirect(elsewhere);
    if (check) check(user, args.params);
    return null;
  };
  return object;
}

/** The declared routes of one layout, from every feature. */
function routesOf(layout: RouteLayout): RouteObject[] {
  return FEATURES.flatMap((feature) => feature.routes)
    .filter((route) => (route.layout ?? 'app') === layout)
    .map(toRouteObject);
}

/** The route tree of the app, built from the features' declarations (app/features.ts). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first route's loader (sign-in check, guards) runs.
    HydrateFallback: RouteLoading,
    children: [
      { Component: LandingLayout, children: routesOf('landing') },
      { Component: AuthLayout, children: routesOf('auth') },
      {
        // The signed-in frame (menu, top bar, live socket) is its own chunk: /login does not load it.
        lazy: () => import('./layouts/legacy-layout.tsx').then((m) => ({ Component: m.LegacyLayout })),
        loader: legacyLoader,
        errorElement: <RouteErrorPage />,
        children: routesOf('legacy'),
      },
      {
        lazy: () => import('./layouts/default-layout.tsx').then((m) => ({ Component: m.DefaultLayout })),
        errorElement: <RouteErrorPage />,
        children: routesOf('app'),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
