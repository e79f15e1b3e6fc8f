/**
 * Route paths of the web app (docs/requirements.md#route-table route table): the one place they are written. The
 * side menu, the guards' redirects and the web's route declarations take them from here.
 */
export const ROUTES = {
  landing: '/',
  login: '/login',
  reset: '/reset',
  welcome: '/welcome',
  profile: '/profile',
  dashboard: '/dashboard',
  businessDashboard: '/dashboard/business',
  /** `:tenant` is one of the user's allowed tenants. */
  tenantDashboard: '/dashboard/:tenant',
  legacyDashboard: '/dashboard/legacy',
  siteList: '/site/list',
  siteHistory: '/site/history',
  siteInfo: '/site/info',
  siteMap: '/site/map',
  siteAvailability: '/site/availability',
  siteRectifier: '/site/rectifier',
  siteOverview: '/site',
  /** The fleet alarm console (docs/requirements.md#alarm-console). */
  alarmConsole: '/alarm-console',
  alarm: '/alarm',
  oemData: '/oem/data',
  /** Battery bank health of the company's sites (beyond the spec, docs/requirements.md#battery-bank-health). */
  oemBatteryHealth: '/oem/battery-health',
  access: '/access',
  mains: '/mains',
  battery: '/battery',
  generator: '/generator',
  temperature: '/temperature',
  report: '/report',
  settings: '/settings',
  accessManage: '/access/manage',
  accessCardGroupSave: '/access/card-group/save',
  accessSiteGroupSave: '/access/site-group/save',
  analytics: '/analytics',
  /** Tenant SLA report (beyond the spec, issue 15). */
  slaReport: '/analytics/sla',
  /** Scheduled monthly reports (beyond the spec, issue 15). */
  reportSchedules: '/analytics/schedules',
  fuel: '/fuel',
  health: '/health',
  telegram: '/telegram',
  telegramGroupSave: '/telegram/group/save',
  telegramAlarmSettings: '/telegram/alarm-settings',
  ticket: '/ticket',
  ticketCreate: '/ticket/create',
  ticketDetails: '/ticket/details',
  billingList: '/billing/list',
  billingUpdate: '/billing/update',
  customerSites: '/customer/sites',
  customersList: '/customers/list',
  customerSiteCreate: '/customer/site/create',
  customerSiteEdit: '/customer/site/edit',
  customerSiteConfigure: '/customer/site/configure',
  deviceCreate: '/device/create',
  deviceList: '/device/list',
  deviceVendorCreate: '/device-vendor/create',
  deviceVendorEdit: '/device-vendor/edit',
  deviceVendorList: '/device-vendor/list',
  monitorDeviceHealth: '/monitor/device-health',
  monitorOemRecords: '/monitor/oem-records',
  monitorServiceString: '/monitor/service-string',
  userList: '/user/list',
} as const;
/** A route path of the route table. */
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** Site-specific routes, shown under Site Overview (docs/requirements.md#site-specific-routes). */
export const SITE_SPECIFIC_ROUTES = [
  ROUTES.siteOverview,
  ROUTES.alarm,
  ROUTES.oemData,
  ROUTES.access,
  ROUTES.mains,
  ROUTES.battery,
  ROUTES.generator,
  ROUTES.temperature,
  ROUTES.report,
  ROUTES.settings,
] as const;
/** Where the user lands after login and after logout (docs/requirements.md#sign-in-flow). */
export const AFTER_LOGIN_PATH = ROUTES.welcome;
/** Where the user lands after logout (docs/requirements.md#sign-in-flow). */
export const AFTER_LOGOUT_PATH = ROUTES.landing;
/** The business dashboard path. */
export const BUSINESS_DASHBOARD_PATH = ROUTES.businessDashboard;
/** The legacy dashboard root (its all-stations tab). */
export const LEGACY_DASHBOARD_PATH = ROUTES.legacyDashboard;

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
