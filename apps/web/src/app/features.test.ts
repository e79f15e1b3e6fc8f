import {
  ADMIN_MENU_ITEM_IDS,
  COMMON_MENU_ITEM_IDS,
  COMPANY_MENU_ITEM_IDS,
  LEGACY_TABS,
  menuItemsFor,
  ROUTES,
} from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { FEATURES } from './features.ts';
import { loadMenuIcons } from './shell/menu-icons.ts';

const declared = FEATURES.flatMap((feature) => feature.routes.map((route) => route.path));

describe('feature declarations', () => {
  it('every route of the route table is declared once, by a feature', () => {
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(
      [...new Set([...Object.values(ROUTES), ...LEGACY_TABS.map((tab) => tab.path)])].sort(),
    );
  });

  it('every menu item of the domain has an icon from a feature', async () => {
    const icons = await loadMenuIcons();
    for (const id of [...COMPANY_MENU_ITEM_IDS, ...ADMIN_MENU_ITEM_IDS, ...COMMON_MENU_ITEM_IDS]) {
      expect(icons[id], id).toBeDefined();
    }
  });

  it("every menu item's path is a declared route", () => {
    const users: Parameters<typeof menuItemsFor>[0][] = [
      { type: 'superuser', tenants: ['robi'], meta: { accessRoles: ['acs', 'telegram', 'rms'] } },
      { type: 'sudo', tenants: [], meta: null },
    ];
    for (const user of users) {
      for (const item of menuItemsFor(user)) expect(declared, item.id).toContain(item.path);
    }
  });
});
