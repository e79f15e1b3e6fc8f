import { defineFeatureRoutes } from '../../lib/feature-routes.ts';
import { PLANNED_ROUTES } from './planned-routes.ts';

/**
 * The placeholder for every route of the spec that no feature provides yet: a typed URL gets a
 * neutral page (behind the route's guards); menus do not show these routes. The icons stay for when
 * a feature delivers the screen (its route and icon then move to that feature).
 */
export const plannedRoutes = defineFeatureRoutes({
  feature: 'planned',
  routes: PLANNED_ROUTES.map((route) => ({
    ...route,
    page: () => import('./pages/planned-page.tsx').then((m) => m.PlannedPage),
  })),
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
