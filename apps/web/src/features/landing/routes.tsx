import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** The public landing page. */
export const landingRoutes = defineFeatureRoutes({
  feature: 'landing',
  routes: [
    {
      path: ROUTES.landing,
      layout: 'landing',
      page: () => import('./pages/landing-page.tsx').then((m) => m.LandingPage),
    },
  ],
});
