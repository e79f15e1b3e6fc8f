import { describe, expect, it } from 'vitest';
import { dashboardPath, menuItemsFor, usesAdminMenu } from './menu.ts';
import type { DomainUser } from './users.ts';

const user = (over: Partial<DomainUser> = {}): DomainUser => ({ uid: 'u1', type: 'company', ...over });
const ids = (u: DomainUser) => menuItemsFor(u).map((item) => item.id);

describe('dashboard target (docs/requirements.md#company-menu company menu)', () => {
  it('sends a read-only user with a sole tenant to that tenant dashboard', () => {
    expect(dashboardPath(user({ type: 'read_only', tenants: ['robi'] }))).toBe('/dashboard/robi');
  });

  it('sends everyone else to the business dashboard', () => {
    expect(dashboardPath(user({ type: 'read_only', tenants: ['robi', 'teletalk'] }))).toBe(
      '/dashboard/business',
    );
    expect(dashboardPath(user({ type: 'read_only' }))).toBe('/dashboard/business');
    expect(dashboardPath(user({ type: 'company', tenants: ['robi'] }))).toBe('/dashboard/business');
  });
});

describe('menu visibility (docs/requirements.md#menus, docs/requirements.md#menu-visibility)', () => {
  it('admin users get the admin menu, company users the company menu', () => {
    expect(usesAdminMenu(user({ type: 'support' }))).toBe(true);
    expect(usesAdminMenu(user({ type: 'finance' }))).toBe(false);
  });

  it('a plain company user sees the base company items then Account and Logout', () => {
    expect(ids(user())).toEqual([
      'dashboard',
      'alarm_console',
      'map',
      'all_sites',
      'site_availability',
      'site_overview',
      'account',
      'logout',
    ]);
  });

  it('role-gated company items follow access roles', () => {
    const full = ids(user({ meta: { accessRoles: ['acs', 'rms', 'telegram', 'manage_users'] } }));
    expect(full).toContain('manage_access');
    expect(full).toContain('user_management');
    expect(full).toContain('telegram');
    expect(full).toContain('analytics');
    expect(full).not.toContain('payment_list');
  });

  it('User Management and Payment List show for superuser; Payment List for finance', () => {
    const su = ids(user({ type: 'superuser' }));
    expect(su).toContain('user_management');
    expect(su).toContain('payment_list');
    expect(ids(user({ type: 'finance' }))).toContain('payment_list');
  });

  it('sudo sees every admin item; support lacks Device List, User List and Payment List', () => {
    expect(ids(user({ type: 'sudo' }))).toEqual([
      'site_list',
      'device_list',
      'service_string',
      'device_health',
      'user_list',
      'device_vendors',
      'telegram',
      'payment_list',
      'account',
      'logout',
    ]);
    const support = ids(user({ type: 'support' }));
    expect(support).not.toContain('device_list');
    expect(support).not.toContain('user_list');
    expect(support).not.toContain('payment_list');
    expect(support).toContain('device_vendors');
  });

  it('items carry labels and paths', () => {
    const items = menuItemsFor(user({ type: 'read_only', tenants: ['banglalink'] }));
    expect(items[0]).toEqual({ id: 'dashboard', label: 'Dashboard', path: '/dashboard/banglalink' });
    expect(items.find((i) => i.id === 'account')).toEqual({
      id: 'account',
      label: 'Account',
      path: '/profile',
    });
  });
});
