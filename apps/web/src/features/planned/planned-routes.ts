import { type GuardName, normalizePath, ROUTES } from '@towerwatch/domain';

/*
 * Routes of the spec (docs/requirements.md#route-table route table) whose screens come with later issues, with the
 * guards that protect them. Which guard protects which route is not shown in the spec; the choice:
 * site lists use `user` + `setup`; site-specific pages add `site`; operator pages use `admin`;
 * billing uses `bill` / `finance`; ticket details use `ticket`. When a feature delivers one of these
 * screens, its route (and its menu icon) moves from here to that feature's `routes.tsx`.
 */

/** A route without its screen yet, with its title and guards. */
export interface PlannedRoute {
  path: string;
  title: string;
  guards: readonly GuardName[];
}

/** Every route whose screen is not built yet. */
export const PLANNED_ROUTES: readonly PlannedRoute[] = [
  { path: ROUTES.report, title: 'Reports', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.analytics, title: 'Analytics', guards: ['user'] },
];

const PLANNED_PATHS = new Set<string>(PLANNED_ROUTES.map((route) => route.path));

/**
 * True when the route's screen is built: every path of the route table is declared once, by a
 * feature or by this placeholder (app/features.test.ts), so "not planned" is "built". Menus and the
 * site sub-navigation show only built screens (docs/requirements.md#home-page).
 */
export function isBuiltRoute(path: string): boolean {
  return !PLANNED_PATHS.has(normalizePath(path));
}
