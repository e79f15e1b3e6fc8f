/**
 * @vitest-environment happy-dom
 *
 * The side menu per demo role (docs/requirements.md#company-menu, docs/requirements.md#admin-menu,
 * docs/requirements.md#menu-visibility): each account sees exactly its items, in order, as the domain
 * lists them; the expected menus are also written out from the spec (Analytics needs rms; admin items
 * other than Device List, User List and Payment List are for sudo and support; finance holds no sites and
 * no Alarm Console, which is for the monitoring and read-only users).
 */

import { cleanup, screen, within } from '@testing-library/react';
import { visibleMenuItems } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUsername } from '../../testing/demo-users.ts';
import { renderInApp } from '../../testing/render.tsx';
import { SideMenu } from './side-menu.tsx';

const COMPANY_BASE = ['Dashboard', 'Alarm Console', 'Map', 'All Sites', 'Site Availability', 'Site Overview'];
const ACCOUNT = ['Account', 'Logout'];

const EXPECTED_MENUS: Record<DemoUsername, string[]> = {
  admin: [
    'Site List',
    'Device List',
    'Service String',
    'Device Health',
    'User List',
    'Device Vendors',
    'Telegram',
    'Payment List',
    ...ACCOUNT,
  ],
  ops: ['Site List', 'Service String', 'Device Health', 'Device Vendors', 'Telegram', ...ACCOUNT],
  super: [
    ...COMPANY_BASE,
    'Manage Access',
    'User Management',
    'Telegram',
    'Analytics',
    'Payment List',
    ...ACCOUNT,
  ],
  finance: ['Payment List', ...ACCOUNT],
  ktbl: [...COMPANY_BASE, 'Manage Access', 'User Management', 'Telegram', 'Analytics', ...ACCOUNT],
  'ktbl.rms': [...COMPANY_BASE, 'Analytics', ...ACCOUNT],
  'ktbl.employee': [...COMPANY_BASE, 'Manage Access', 'Analytics', ...ACCOUNT],
  // Read-only users hold acs but never Manage Access (docs/requirements.md#page-access).
  'robi.viewer': [...COMPANY_BASE, 'Analytics', ...ACCOUNT],
  noc: [...COMPANY_BASE, 'Analytics', ...ACCOUNT],
  ftb: [...COMPANY_BASE, 'Manage Access', 'User Management', 'Telegram', 'Analytics', ...ACCOUNT],
};

function openMenu(username: DemoUsername, path = '/profile') {
  const user = DEMO_USERS[username];
  renderInApp(<SideMenu user={user} opened onClose={() => {}} />, { path, user });
  return screen.getByRole('navigation', { name: 'Main menu' });
}

/** The labels of the menu's links and buttons, in order. */
const labels = (nav: HTMLElement) =>
  [...nav.querySelectorAll('a, button')].map((node) => node.textContent?.trim() ?? '');

describe('the side menu by role', () => {
  for (const [username, expected] of Object.entries(EXPECTED_MENUS) as [DemoUsername, string[]][]) {
    it(`${username} sees exactly its menu`, () => {
      const nav = openMenu(username);
      expect(labels(nav)).toEqual(expected);
      expect(labels(nav)).toEqual(visibleMenuItems(DEMO_USERS[username]).map((item) => item.label));
    });
  }

  it('links each item to its page; Logout is a button', () => {
    const nav = openMenu('ktbl');
    const paths = new Map(visibleMenuItems(DEMO_USERS.ktbl).map((item) => [item.label, item.path]));
    for (const link of within(nav).getAllByRole('link'))
      expect(link.getAttribute('href'), link.textContent ?? '').toBe(
        paths.get(link.textContent?.trim() ?? ''),
      );
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('marks the current item: Dashboard on a dashboard, Site Overview on a site page', () => {
    const current = (path: string) => {
      const nav = openMenu('ktbl', path);
      const selected = within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent?.trim());
      cleanup();
      return selected;
    };
    expect(current('/dashboard/business')).toEqual(['Dashboard']);
    expect(current('/site/map')).toEqual(['Map']);
    expect(current('/settings')).toEqual(['Site Overview']);
    expect(current('/site/list')).toEqual(['All Sites']);
  });
});
