import { describe, expect, it } from 'vitest';
import { homePathFor, showsSiteNav, siteNavItemsFor, visibleMenuItems } from './navigation.ts';
import { ROUTES } from './routes.ts';
import type { DomainUser } from './users.ts';

const user = (over: Partial<DomainUser>): DomainUser => ({ uid: '9', type: 'company', ...over });
const BUILT = new Set<string>([
  ROUTES.businessDashboard,
  ROUTES.siteMap,
  ROUTES.siteList,
  ROUTES.siteAvailability,
  ROUTES.siteOverview,
  ROUTES.alarm,
  ROUTES.settings,
  ROUTES.siteInfo,
  ROUTES.profile,
]);
const built = (path: string) => BUILT.has(path) || path.startsWith('/dashboard/');
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('site sub-navigation', () => {
  it('shows the built site pages the user may use, in order', () => {
    const ktbl = user({ meta: { accessRoles: ['acs', 'rms', 'alarm_settings'] } });
    expect(labels(siteNavItemsFor(ktbl, built))).toEqual(['Overview', 'Alarms', 'Settings', 'Site Info']);
    // Settings need alarm_settings; planned pages (Mains, ...) are not shown.
    expect(labels(siteNavItemsFor(user({ meta: { accessRoles: ['rms'] } }), built))).toEqual([
      'Overview',
      'Alarms',
      'Site Info',
    ]);
    expect(labels(siteNavItemsFor(ktbl, () => true))).toContain('Mains');
  });

  it('is shown on the site-specific pages and the site information', () => {
    expect(showsSiteNav('/alarm')).toBe(true);
    expect(showsSiteNav('/site/info/')).toBe(true);
    expect(showsSiteNav('/site/list')).toBe(false);
  });
});

describe('visible menu and home page', () => {
  it('hides unbuilt items', () => {
    const ktbl = user({ meta: { accessRoles: ['acs', 'rms', 'telegram', 'manage_users'] } });
    expect(labels(visibleMenuItems(ktbl, built))).toEqual([
      'Dashboard',
      'Map',
      'All Sites',
      'Site Availability',
      'Site Overview',
      'Account',
      'Logout',
    ]);
  });

  it('finance holds no sites: no monitoring items, home is the welcome page until billing is built', () => {
    const finance = user({ type: 'finance' });
    expect(labels(visibleMenuItems(finance, built))).toEqual(['Account', 'Logout']);
    expect(homePathFor(finance, built)).toBe(ROUTES.welcome);
    expect(homePathFor(finance, () => true)).toBe(ROUTES.billingList);
  });

  it('operators use the network-wide monitoring pages until their own screens are built', () => {
    const admin = user({ type: 'sudo' });
    expect(homePathFor(admin, built)).toBe(ROUTES.businessDashboard);
    const items = visibleMenuItems(admin, built);
    expect(labels(items)).toEqual([
      'Dashboard',
      'Map',
      'All Sites',
      'Site Availability',
      'Site Overview',
      'Account',
      'Logout',
    ]);
    expect(items[0]?.path).toBe(ROUTES.businessDashboard);
    expect(homePathFor(admin, () => true)).toBe(ROUTES.customerSites);
    expect(labels(visibleMenuItems(admin, () => true))[0]).toBe('Site List');
  });

  it('everyone else goes to their dashboard', () => {
    expect(homePathFor(user({ type: 'read_only', tenants: ['robi'] }), built)).toBe('/dashboard/robi');
    expect(homePathFor(user({}), built)).toBe(ROUTES.businessDashboard);
  });
});
