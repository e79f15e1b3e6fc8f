/**
 * Route paths the rules refer to (platform-core §2).
 */

/** Site-specific routes, shown under Site Overview (feature-areas §2). */
export const SITE_SPECIFIC_ROUTES = [
  '/site',
  '/alarm',
  '/oem/data',
  '/access',
  '/mains',
  '/battery',
  '/generator',
  '/temperature',
  '/report',
  '/settings',
] as const;
/** Where the user lands after login and after logout (platform-core §2). */
export const AFTER_LOGIN_PATH = '/welcome';
/** Where the user lands after logout (platform-core §2). */
export const AFTER_LOGOUT_PATH = '/';
/** The business dashboard path. */
export const BUSINESS_DASHBOARD_PATH = '/dashboard/business';
/** The legacy dashboard root (its all-stations tab). */
export const LEGACY_DASHBOARD_PATH = '/dashboard/legacy';

/** Removes a query string, a hash and a trailing slash (except for the root). */
export function normalizePath(pathname: string): string {
  const bare = pathname.split(/[?#]/)[0] ?? '';
  if (bare.length > 1 && bare.endsWith('/')) return bare.slice(0, -1);
  return bare === '' ? '/' : bare;
}

/** True when the path is one of the site-specific routes (exact match). */
export function isSiteSpecificRoute(pathname: string): boolean {
  return (SITE_SPECIFIC_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

/** True for /dashboard and any path under it. */
export function isDashboardRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === '/dashboard' || path.startsWith('/dashboard/');
}
