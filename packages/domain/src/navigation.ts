/**
 * Navigation beyond the spec's menus: the site sub-navigation under Site Overview, the menu as shown
 * and each user's home page
 * (docs/requirements.md#site-specific-routes, docs/requirements.md#menu-visibility, docs/requirements.md#home-page).
 */
import { dashboardPath, type MenuItem, menuItemsFor } from './menu.ts';
import { normalizePath, ROUTES } from './routes.ts';
import type { AccessRole, DomainUser } from './users.ts';
import { hasAccessRole, isOperator } from './users.ts';

/** One entry of the site sub-navigation. */
export interface SiteNavItem {
  label: string;
  path: string;
}

interface SiteNavEntry extends SiteNavItem {
  /** The access role the page needs (none: every user who may open a site). */
  access?: AccessRole;
}

/**
 * The site sub-navigation, in order: the site-specific routes of docs/requirements.md#site-specific-routes
 * plus the focused site's information page. Decision (the spec does not pair pages with roles): the
 * power-data modules and reports need `rms`, the access module `acs`, the settings `alarm_settings`
 * (the role `POST /user/settings/save` needs, docs/requirements.md#site-settings); overview, alarms and
 * information are for everyone.
 */
const SITE_NAV: readonly SiteNavEntry[] = [
  { label: 'Overview', path: ROUTES.siteOverview },
  { label: 'Alarms', path: ROUTES.alarm },
  { label: 'OEM Data', path: ROUTES.oemData, access: 'rms' },
  { label: 'Access', path: ROUTES.access, access: 'acs' },
  { label: 'Mains', path: ROUTES.mains, access: 'rms' },
  { label: 'Battery', path: ROUTES.battery, access: 'rms' },
  { label: 'Generator', path: ROUTES.generator, access: 'rms' },
  { label: 'Temperature', path: ROUTES.temperature, access: 'rms' },
  { label: 'Reports', path: ROUTES.report, access: 'rms' },
  { label: 'Settings', path: ROUTES.settings, access: 'alarm_settings' },
  { label: 'Site Info', path: ROUTES.siteInfo },
];

/** Paths of the site sub-navigation (its pages show it). */
export const SITE_NAV_PATHS: readonly string[] = SITE_NAV.map((entry) => entry.path);

/** True when the page shows the site sub-navigation. */
export function showsSiteNav(pathname: string): boolean {
  return SITE_NAV_PATHS.includes(normalizePath(pathname));
}

/** The site sub-navigation a user sees: the pages whose access role the user holds. */
export function siteNavItemsFor(user: Pick<DomainUser, 'type' | 'meta'>): SiteNavItem[] {
  return SITE_NAV.filter((entry) => !entry.access || hasAccessRole(user, entry.access)).map(
    ({ label, path }) => ({ label, path }),
  );
}

/** Monitoring items of the company menu: they show a company's sites. */
const MONITORING_ITEM_IDS = ['dashboard', 'map', 'all_sites', 'site_availability', 'site_overview'] as const;

/** True when the user's account holds sites to monitor (finance holds none: its work is billing). */
export function holdsSites(user: Pick<DomainUser, 'type'>): boolean {
  return user.type !== 'finance';
}

/**
 * The side menu as shown (docs/requirements.md#home-page): the spec's menu ({@link menuItemsFor}),
 * finance without the monitoring items (it holds no sites).
 */
export function visibleMenuItems(user: Parameters<typeof menuItemsFor>[0]): MenuItem[] {
  const always = (item: MenuItem) => item.id === 'account' || item.id === 'logout';
  const monitoring = (item: MenuItem) => (MONITORING_ITEM_IDS as readonly string[]).includes(item.id);
  return menuItemsFor(user).filter((item) => always(item) || holdsSites(user) || !monitoring(item));
}

/**
 * The user's home: where /dashboard and the welcome page send them (docs/requirements.md#home-page).
 * Operators: their Site List; finance: the Payment List; everyone else their dashboard
 * ({@link dashboardPath}).
 */
export function homePathFor(user: Pick<DomainUser, 'type' | 'tenants'>): string {
  if (isOperator(user)) return ROUTES.customerSites;
  if (!holdsSites(user)) return ROUTES.billingList;
  return dashboardPath(user);
}
