import { type GuardName, ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * Routes of the spec (docs/requirements.md#route-table route table) whose screens come with later issues, with the
 * guards that protect them. Which guard protects which route is not shown in the spec; the choice:
 * site lists use `user` + `setup`; site-specific pages add `site`; operator pages use `admin`;
 * billing uses `bill` / `finance`; ticket details use `ticket`. When a feature delivers one of these
 * screens, its route (and its menu icon) moves from here to that feature's `routes.tsx`.
 */
interface PlannedRoute {
  path: string;
  title: string;
  guards: readonly GuardName[];
  /** What the screen will do and which issue delivers it (shown by the planned page). */
  planned: string;
}

const FEATURE = 'A later issue (feature areas: access control, analytics, power data, tickets, billing).';
const ADMIN = 'A later issue: operator administration of customers, devices and vendors.';

const PLANNED: readonly PlannedRoute[] = [
  { path: ROUTES.oemData, title: 'OEM Data', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.access, title: 'Access', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.mains, title: 'Mains', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.battery, title: 'Battery', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.generator, title: 'Generator', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.temperature, title: 'Temperature', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.report, title: 'Reports', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: ROUTES.accessManage, title: 'Manage Access', guards: ['user'], planned: FEATURE },
  { path: ROUTES.accessCardGroupSave, title: 'Card Group', guards: ['user'], planned: FEATURE },
  { path: ROUTES.accessSiteGroupSave, title: 'Site Group', guards: ['user'], planned: FEATURE },
  { path: ROUTES.analytics, title: 'Analytics', guards: ['user'], planned: FEATURE },
  { path: ROUTES.fuel, title: 'Fuel', guards: ['user'], planned: FEATURE },
  { path: ROUTES.health, title: 'Health', guards: ['user'], planned: FEATURE },
  { path: ROUTES.telegram, title: 'Telegram', guards: [], planned: FEATURE },
  { path: ROUTES.telegramGroupSave, title: 'Telegram Group', guards: [], planned: FEATURE },
  { path: ROUTES.telegramAlarmSettings, title: 'Telegram Alarm Settings', guards: [], planned: FEATURE },
  { path: ROUTES.ticket, title: 'Tickets', guards: [], planned: FEATURE },
  { path: ROUTES.ticketCreate, title: 'New Ticket', guards: [], planned: FEATURE },
  { path: ROUTES.ticketDetails, title: 'Ticket', guards: ['ticket'], planned: FEATURE },
  { path: ROUTES.billingList, title: 'Payment List', guards: ['bill'], planned: FEATURE },
  { path: ROUTES.billingUpdate, title: 'Update Payment', guards: ['finance'], planned: FEATURE },
  { path: ROUTES.customerSites, title: 'Customer Sites', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.customersList, title: 'Customers', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.customerSiteCreate, title: 'New Customer Site', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.customerSiteEdit, title: 'Edit Customer Site', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.customerSiteConfigure, title: 'Configure Site', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.deviceCreate, title: 'New Device', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.deviceList, title: 'Device List', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.deviceVendorCreate, title: 'New Device Vendor', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.deviceVendorEdit, title: 'Edit Device Vendor', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.deviceVendorList, title: 'Device Vendors', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.monitorDeviceHealth, title: 'Device Health', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.monitorOemRecords, title: 'OEM Records', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.monitorServiceString, title: 'Service String', guards: ['admin'], planned: ADMIN },
  { path: ROUTES.userList, title: 'Users', guards: [], planned: FEATURE },
];

/** The planned placeholder: every route of the spec that no feature provides yet, and its menu icons. */
export const plannedRoutes = defineFeatureRoutes({
  feature: 'planned',
  routes: PLANNED.map(({ planned, ...route }) => ({
    ...route,
    handle: { planned },
    page: () => import('./pages/planned-page.tsx').then((m) => m.PlannedPage),
  })),
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
