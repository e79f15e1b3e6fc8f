/**
 * Navigation beyond the spec's menus: the site sub-navigation under Site Overview, the menu as shown
 * and each user's home page
 * (docs/requirements.md#site-specific-routes, docs/requirements.md#menu-visibility, docs/requirements.md#home-page).
 */
import { canUseAlarmConsole } from './alarm-console.ts';
import { dashboardPath, type MenuItem, menuItemsFor } from './menu.ts';
import { normalizePath, ROUTES } from './routes.ts';
import type { AccessRole, DomainUser } from './users.ts';
import { hasAccessRole, isOperator, isReadOnly } from './users.ts';

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

type PageUser = Pick<DomainUser, 'type' | 'tenants' | 'meta'>;
/** What a page asks of its user (true: may open it). */
type PageRule = (user: PageUser) => boolean;

const sites: PageRule = holdsSites;
const sitesWith =
  (role: AccessRole): PageRule =>
  (user) =>
    holdsSites(user) && hasAccessRole(user, role);

/**
 * Page access (docs/requirements.md#page-access): the pages whose calls the server refuses to some
 * users, with the same condition as those calls, so the web never opens a page whose calls answer 403.
 * Pages not listed here are open to every signed-in user (their guards still run). The side menu
 * shows an item only when its page may be opened ({@link visibleMenuItems}).
 */
const PAGE_RULES: Readonly<Record<string, PageRule>> = {
  // Monitoring pages show a company's sites: finance holds none.
  [ROUTES.businessDashboard]: sites,
  [ROUTES.tenantDashboard]: sites,
  [ROUTES.siteList]: sites,
  [ROUTES.siteHistory]: sites,
  [ROUTES.siteMap]: sites,
  [ROUTES.siteAvailability]: sites,
  [ROUTES.siteInfo]: sites,
  [ROUTES.siteRectifier]: sites,
  [ROUTES.oemBatteryHealth]: sites,
  [ROUTES.health]: sites,
  [ROUTES.alarmConsole]: (user) => holdsSites(user) && canUseAlarmConsole(user),
  // The site pages: the access role of their calls (the site sub-navigation's rule).
  ...Object.fromEntries(
    SITE_NAV.map((entry): [string, PageRule] => [entry.path, entry.access ? sitesWith(entry.access) : sites]),
  ),
  // Except the settings: the page reads what every site holder may read; it is a change that needs
  // alarm_settings and no read-only user (the server's refusal is the spec's permission toast).
  [ROUTES.settings]: sites,
  // Analytics and fuel read power data: GET /user/analytics/*, /user/power/* need rms.
  [ROUTES.analytics]: sitesWith('rms'),
  [ROUTES.slaReport]: sitesWith('rms'),
  [ROUTES.reportSchedules]: sitesWith('rms'),
  [ROUTES.fuel]: sitesWith('rms'),
  // Telegram calls need the telegram access role (operators too).
  [ROUTES.telegram]: (user) => hasAccessRole(user, 'telegram'),
  [ROUTES.telegramGroupSave]: (user) => hasAccessRole(user, 'telegram'),
  [ROUTES.telegramAlarmSettings]: (user) => hasAccessRole(user, 'telegram'),
  // Manage Access changes cards and groups: acs, and never read-only users.
  [ROUTES.accessManage]: (user) => hasAccessRole(user, 'acs') && !isReadOnly(user),
  [ROUTES.accessCardGroupSave]: (user) => hasAccessRole(user, 'acs') && !isReadOnly(user),
  [ROUTES.accessSiteGroupSave]: (user) => hasAccessRole(user, 'acs') && !isReadOnly(user),
  // The user list: operators, superusers and holders of manage_users (docs/requirements.md#user-management).
  [ROUTES.userList]: (user) =>
    isOperator(user) || user.type === 'superuser' || hasAccessRole(user, 'manage_users'),
};

/** True when the user may open the page at `pathname` (docs/requirements.md#page-access). */
export function mayOpenPage(user: PageUser, pathname: string): boolean {
  const path = normalizePath(pathname);
  const rule =
    PAGE_RULES[path] ??
    (path.startsWith(`${ROUTES.dashboard}/`) && path !== ROUTES.legacyDashboard
      ? PAGE_RULES[ROUTES.tenantDashboard]
      : undefined);
  return rule ? rule(user) : true;
}

/**
 * The side menu as shown (docs/requirements.md#home-page): the spec's menu ({@link menuItemsFor})
 * without the items whose page the user may not open ({@link mayOpenPage}: finance's monitoring items,
 * Telegram without the telegram role, Manage Access for read-only users).
 */
export function visibleMenuItems(user: PageUser): MenuItem[] {
  const always = (item: MenuItem) => item.id === 'account' || item.id === 'logout';
  const monitoring = (item: MenuItem) => (MONITORING_ITEM_IDS as readonly string[]).includes(item.id);
  return menuItemsFor(user).filter(
    (item) => always(item) || ((holdsSites(user) || !monitoring(item)) && mayOpenPage(user, item.path)),
  );
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

/**
 * Where a page the user may not open sends them (docs/requirements.md#page-access): null when they may
 * open it; a site page without its access role → the site's overview; anything else → their home.
 */
export function pageRedirectFor(user: PageUser, pathname: string): string | null {
  if (mayOpenPage(user, pathname)) return null;
  const path = normalizePath(pathname);
  if (SITE_NAV_PATHS.includes(path) && path !== ROUTES.siteOverview && mayOpenPage(user, ROUTES.siteOverview))
    return ROUTES.siteOverview;
  return homePathFor(user);
}
