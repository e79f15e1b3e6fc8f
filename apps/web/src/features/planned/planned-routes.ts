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
  { path: ROUTES.oemData, title: 'OEM Data', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.access, title: 'Access', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.mains, title: 'Mains', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.battery, title: 'Battery', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.generator, title: 'Generator', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.temperature, title: 'Temperature', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.report, title: 'Reports', guards: ['user', 'setup', 'site'] },
  { path: ROUTES.accessManage, title: 'Manage Access', guards: ['user'] },
  { path: ROUTES.accessCardGroupSave, title: 'Card Group', guards: ['user'] },
  { path: ROUTES.accessSiteGroupSave, title: 'Site Group', guards: ['user'] },
  { path: ROUTES.analytics, title: 'Analytics', guards: ['user'] },
  { path: ROUTES.fuel, title: 'Fuel', guards: ['user'] },
  { path: ROUTES.health, title: 'Health', guards: ['user'] },
  { path: ROUTES.telegram, title: 'Telegram', guards: [] },
  { path: ROUTES.telegramGroupSave, title: 'Telegram Group', guards: [] },
  { path: ROUTES.telegramAlarmSettings, title: 'Telegram Alarm Settings', guards: [] },
  { path: ROUTES.ticket, title: 'Tickets', guards: [] },
  { path: ROUTES.ticketCreate, title: 'New Ticket', guards: [] },
  { path: ROUTES.ticketDetails, title: 'Ticket', guards: ['ticket'] },
  { path: ROUTES.billingList, title: 'Payment List', guards: ['bill'] },
  { path: ROUTES.billingUpdate, title: 'Update Payment', guards: ['finance'] },
  { path: ROUTES.customerSites, title: 'Customer Sites', guards: ['admin'] },
  { path: ROUTES.customersList, title: 'Customers', guards: ['admin'] },
  { path: ROUTES.customerSiteCreate, title: 'New Customer Site', guards: ['admin'] },
  { path: ROUTES.customerSiteEdit, title: 'Edit Customer Site', guards: ['admin'] },
  { path: ROUTES.customerSiteConfigure, title: 'Configure Site', guards: ['admin'] },
  { path: ROUTES.deviceCreate, title: 'New Device', guards: ['admin'] },
  { path: ROUTES.deviceList, title: 'Device List', guards: ['admin'] },
  { path: ROUTES.deviceVendorCreate, title: 'New Device Vendor', guards: ['admin'] },
  { path: ROUTES.deviceVendorEdit, title: 'Edit Device Vendor', guards: ['admin'] },
  { path: ROUTES.deviceVendorList, title: 'Device Vendors', guards: ['admin'] },
  { path: ROUTES.monitorDeviceHealth, title: 'Device Health', guards: ['admin'] },
  { path: ROUTES.monitorOemRecords, title: 'OEM Records', guards: ['admin'] },
  { path: ROUTES.monitorServiceString, title: 'Service String', guards: ['admin'] },
  { path: ROUTES.userList, title: 'Users', guards: [] },
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
