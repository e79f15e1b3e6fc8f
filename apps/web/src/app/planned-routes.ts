/**
 * Routes of the spec (platform-core §2 route table) whose screens come with later issues, with the
 * guards that protect them. Which guard protects which route is not shown in the spec; the choice:
 * site lists use `user` + `setup`; site-specific pages add `site`; operator pages use `admin`;
 * billing uses `bill` / `finance`; ticket details use `ticket`.
 */
export interface PlannedRoute {
  path: string;
  title: string;
  guards: readonly string[];
  planned: string;
}

const FEATURE = 'A later issue (feature areas: access control, analytics, power data, tickets, billing).';
const ADMIN = 'A later issue: operator administration of customers, devices and vendors.';

export const PLANNED_ROUTES: readonly PlannedRoute[] = [
  { path: 'oem/data', title: 'OEM Data', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'access', title: 'Access', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'mains', title: 'Mains', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'battery', title: 'Battery', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'generator', title: 'Generator', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'temperature', title: 'Temperature', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'report', title: 'Reports', guards: ['user', 'setup', 'site'], planned: FEATURE },
  { path: 'access/manage', title: 'Manage Access', guards: ['user'], planned: FEATURE },
  { path: 'access/card-group/save', title: 'Card Group', guards: ['user'], planned: FEATURE },
  { path: 'access/site-group/save', title: 'Site Group', guards: ['user'], planned: FEATURE },
  { path: 'analytics', title: 'Analytics', guards: ['user'], planned: FEATURE },
  { path: 'fuel', title: 'Fuel', guards: ['user'], planned: FEATURE },
  { path: 'health', title: 'Health', guards: ['user'], planned: FEATURE },
  { path: 'telegram', title: 'Telegram', guards: [], planned: FEATURE },
  { path: 'telegram/group/save', title: 'Telegram Group', guards: [], planned: FEATURE },
  { path: 'telegram/alarm-settings', title: 'Telegram Alarm Settings', guards: [], planned: FEATURE },
  { path: 'ticket', title: 'Tickets', guards: [], planned: FEATURE },
  { path: 'ticket/create', title: 'New Ticket', guards: [], planned: FEATURE },
  { path: 'ticket/details', title: 'Ticket', guards: ['ticket'], planned: FEATURE },
  { path: 'billing/list', title: 'Payment List', guards: ['bill'], planned: FEATURE },
  { path: 'billing/update', title: 'Update Payment', guards: ['finance'], planned: FEATURE },
  { path: 'customer/sites', title: 'Customer Sites', guards: ['admin'], planned: ADMIN },
  { path: 'customers/list', title: 'Customers', guards: ['admin'], planned: ADMIN },
  { path: 'customer/site/create', title: 'New Customer Site', guards: ['admin'], planned: ADMIN },
  { path: 'customer/site/edit', title: 'Edit Customer Site', guards: ['admin'], planned: ADMIN },
  { path: 'customer/site/configure', title: 'Configure Site', guards: ['admin'], planned: ADMIN },
  { path: 'device/create', title: 'New Device', guards: ['admin'], planned: ADMIN },
  { path: 'device/list', title: 'Device List', guards: ['admin'], planned: ADMIN },
  { path: 'device-vendor/create', title: 'New Device Vendor', guards: ['admin'], planned: ADMIN },
  { path: 'device-vendor/edit', title: 'Edit Device Vendor', guards: ['admin'], planned: ADMIN },
  { path: 'device-vendor/list', title: 'Device Vendors', guards: ['admin'], planned: ADMIN },
  { path: 'monitor/device-health', title: 'Device Health', guards: ['admin'], planned: ADMIN },
  { path: 'monitor/oem-records', title: 'OEM Records', guards: ['admin'], planned: ADMIN },
  { path: 'monitor/service-string', title: 'Service String', guards: ['admin'], planned: ADMIN },
  { path: 'user/list', title: 'Users', guards: [], planned: FEATURE },
];
