import { describe, expect, it } from 'vitest';
import { homePathFor, showsSiteNav, siteNavItemsFor, visibleMenuItems } from './navigation.ts';
import { ROUTES } from './routes.ts';
import type { DomainUser } from './users.ts';

const user = (over: Partial<DomainUser>): DomainUser => ({ uid: '9', type: 'company', ...over });
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('site sub-navigation', () => {
  it('shows the site pages the user may use, in order', () => {
    const ktbl = user({ meta: { accessRoles: ['acs', 'rms', 'alarm_settings'] } });
    expect(labels(siteNavItemsFor(ktbl))).toEqual([
      'Overview',
      'Alarms',
      'OEM Data',
      'Access',
      'Mains',
      'Battery',
      'Generator',
      'Temperature',
      'Reports',
      'Settings',
      'Site Info',
    ]);
    // The power pages and reports need rms, Access acs, Settings alarm_settings.
    expect(labels(siteNavItemsFor(user({ meta: { accessRoles: ['acs'] } })))).toEqual([
      'Overview',
      'Alarms',
      'Access',
      'Site Info',
    ]);
  });

  it('is shown on the site-specific pages and the site information', () => {
    expect(showsSiteNav('/alarm')).toBe(true);
    expect(showsSiteNav('/report')).toBe(true);
    expect(showsSiteNav('/site/info/')).toBe(true);
    expect(showsSiteNav('/site/list')).toBe(false);
  });
});

describe('visible menu and home page', () => {
  it("shows the spec's menu to a company user", () => {
    const ktbl = user({ meta: { accessRoles: ['acs', 'rms', 'telegram', 'manage_users'] } });
    const shown = labels(visibleMenuItems(ktbl));
    expect(shown).toEqual(expect.arrayContaining(['Dashboard', 'All Sites', 'Analytics', 'Account']));
    expect(shown.at(-1)).toBe('Logout');
    expect(labels(visibleMenuItems(user({ meta: { accessRoles: [] } })))).not.toContain('Analytics');
  });

  it('finance holds no sites: no monitoring items, home is the Payment List', () => {
    const finance = user({ type: 'finance' });
    const shown = labels(visibleMenuItems(finance));
    expect(shown).toContain('Payment List');
    for (const monitoring of ['Dashboard', 'Map', 'All Sites', 'Site Availability', 'Site Overview'])
      expect(shown).not.toContain(monitoring);
    expect(homePathFor(finance)).toBe(ROUTES.billingList);
  });

  it('operators land on their Site List, first in their menu', () => {
    const admin = user({ type: 'sudo' });
    expect(homePathFor(admin)).toBe(ROUTES.customerSites);
    expect(labels(visibleMenuItems(admin))[0]).toBe('Site List');
  });

  it('everyone else goes to their dashboard', () => {
    expect(homePathFor(user({ type: 'read_only', tenants: ['robi'] }))).toBe('/dashboard/robi');
    expect(homePathFor(user({}))).toBe(ROUTES.businessDashboard);
  });
});
