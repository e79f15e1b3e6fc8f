/**
 * Side menu: which items each user sees and which one is selected (docs/requirements.md#menu-selection, docs/requirements.md#menu-visibility).
 */
import { canUseAlarmConsole } from './alarm-console.ts';
import {
  BUSINESS_DASHBOARD_PATH,
  isDashboardRoute,
  isSiteSpecificRoute,
  normalizePath,
  ROUTES,
} from './routes.ts';
import type { DomainUser } from './users.ts';
import { hasAccessRole, isOperator, isTenantReadOnly } from './users.ts';

/** Company menu item ids, in menu order (docs/requirements.md#company-menu). */
export const COMPANY_MENU_ITEM_IDS = [
  'dashboard',
  'alarm_console',
  'map',
  'all_sites',
  'site_availability',
  'site_overview',
  'manage_access',
  'user_management',
  'telegram',
  'analytics',
  'payment_list',
] as const;

/** Admin menu item ids, in menu order (docs/requirements.md#admin-menu). */
export const ADMIN_MENU_ITEM_IDS = [
  'site_list',
  'device_list',
  'service_string',
  'device_health',
  'user_list',
  'device_vendors',
  'telegram',
  'payment_list',
] as const;

/** Items every signed-in user sees after their menu. */
export const COMMON_MENU_ITEM_IDS = ['account', 'logout'] as const;

/** Any menu item id. */
export type MenuItemId =
  | (typeof COMPANY_MENU_ITEM_IDS)[number]
  | (typeof ADMIN_MENU_ITEM_IDS)[number]
  | (typeof COMMON_MENU_ITEM_IDS)[number];

/** A menu entry as shown in the side menu. */
export interface MenuItem {
  id: MenuItemId;
  label: string;
  path: string;
}

/**
 * Fixed paths of menu items. Decisions where the spec gives only a label: Site Overview → /site,
 * Manage Access → /access/manage, User Management → /user/list, admin Site List → /customer/sites,
 * Device Vendors → /device-vendor/list, Payment List → /billing/list, Logout → / (after logout).
 * The Dashboard path depends on the user: see {@link dashboardPath}.
 */
const ITEMS: Readonly<Record<Exclude<MenuItemId, 'dashboard'>, Omit<MenuItem, 'id'>>> = {
  alarm_console: { label: 'Alarm Console', path: ROUTES.alarmConsole },
  map: { label: 'Map', path: ROUTES.siteMap },
  all_sites: { label: 'All Sites', path: ROUTES.siteList },
  site_availability: { label: 'Site Availability', path: ROUTES.siteAvailability },
  site_overview: { label: 'Site Overview', path: ROUTES.siteOverview },
  manage_access: { label: 'Manage Access', path: ROUTES.accessManage },
  user_management: { label: 'User Management', path: ROUTES.userList },
  telegram: { label: 'Telegram', path: ROUTES.telegram },
  analytics: { label: 'Analytics', path: ROUTES.analytics },
  payment_list: { label: 'Payment List', path: ROUTES.billingList },
  site_list: { label: 'Site List', path: ROUTES.customerSites },
  device_list: { label: 'Device List', path: ROUTES.deviceList },
  service_string: { label: 'Service String', path: ROUTES.monitorServiceString },
  device_health: { label: 'Device Health', path: ROUTES.monitorDeviceHealth },
  user_list: { label: 'User List', path: ROUTES.userList },
  device_vendors: { label: 'Device Vendors', path: ROUTES.deviceVendorList },
  account: { label: 'Account', path: ROUTES.profile },
  logout: { label: 'Logout', path: ROUTES.landing },
};

/**
 * Dashboard target (docs/requirements.md#dashboard-target): a read-only user with a sole tenant goes to
 * /dashboard/{tenant}; everyone else to /dashboard/business.
 */
export function dashboardPath(user: Pick<DomainUser, 'type' | 'tenants'>): string {
  const sole = user.tenants?.[0];
  return isTenantReadOnly(user) && sole ? `/dashboard/${sole}` : BUSINESS_DASHBOARD_PATH;
}

/** Admin users (sudo, support) see the admin menu; everyone else the company menu (docs/requirements.md#menu-visibility). */
export function usesAdminMenu(user: Pick<DomainUser, 'type'>): boolean {
  return isOperator(user);
}

type MenuUser = Pick<DomainUser, 'type' | 'tenants' | 'meta'>;

/**
 * Visibility of company menu items (docs/requirements.md#menu-visibility). Spec rules: Manage Access needs acs; User
 * Management needs superuser or manage_users; Telegram needs telegram; Payment List is for superuser
 * and finance. Decision where the spec is silent: Analytics needs rms; the Alarm Console is for the
 * monitoring and read-only users (docs/requirements.md#alarm-console); the other items are for all.
 */
function companyItemVisible(id: (typeof COMPANY_MENU_ITEM_IDS)[number], user: MenuUser): boolean {
  switch (id) {
    case 'manage_access':
      return hasAccessRole(user, 'acs');
    case 'user_management':
      return user.type === 'superuser' || hasAccessRole(user, 'manage_users');
    case 'telegram':
      return hasAccessRole(user, 'telegram');
    case 'analytics':
      return hasAccessRole(user, 'rms');
    case 'payment_list':
      return user.type === 'superuser' || user.type === 'finance';
    case 'alarm_console':
      return canUseAlarmConsole(user);
    default:
      return true;
  }
}

/**
 * Visibility of admin menu items (docs/requirements.md#menu-visibility): Device List, User List and Payment List are
 * sudo only. Decision: the other admin items (incl. Device Vendors and Telegram) are for sudo and support.
 */
function adminItemVisible(id: (typeof ADMIN_MENU_ITEM_IDS)[number], user: MenuUser): boolean {
  if (id === 'device_list' || id === 'user_list' || id === 'payment_list') return user.type === 'sudo';
  return true;
}

/** The menu items a user sees, in order, ending with Account and Logout. */
export function menuItemsFor(user: MenuUser): MenuItem[] {
  const main: MenuItem[] = usesAdminMenu(user)
    ? ADMIN_MENU_ITEM_IDS.filter((id) => adminItemVisible(id, user)).map((id) => ({ id, ...ITEMS[id] }))
    : COMPANY_MENU_ITEM_IDS.filter((id) => companyItemVisible(id, user)).map((id) =>
        id === 'dashboard' ? { id, label: 'Dashboard', path: dashboardPath(user) } : { id, ...ITEMS[id] },
      );
  return [...main, ...COMMON_MENU_ITEM_IDS.map((id) => ({ id, ...ITEMS[id] }))];
}

/**
 * Selected highlighting (docs/requirements.md#menu-selection): on /dashboard paths only the dashboard item is selected;
 * Site Overview is selected on any site-specific route; elsewhere an exact path match.
 */
export function isMenuItemSelected(item: MenuItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (isDashboardRoute(path)) return item.id === 'dashboard';
  if (item.id === 'site_overview') return isSiteSpecificRoute(path);
  return item.path === path;
}
