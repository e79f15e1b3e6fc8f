/**
 * Issue 21 "Done when", one test per screen: each demo account reaches the screens its role may use by
 * clicking only (menu items, links, the site sub-navigation after opening a site from All Sites); none
 * shows placeholder wording, and no dashboard is empty (docs/requirements.md#home-page,
 * docs/requirements.md#site-specific-routes). Each account's tests share one signed-in page and move
 * through the app as a user does. Which items each role's menu lists is a component test
 * (apps/web/src/app/shell/side-menu.test.tsx); here the screens are reached and rendered with real data.
 */
import {
  type AccessRole,
  homePathFor,
  siteNavItemsFor,
  type UserType,
  visibleMenuItems,
} from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, newContext, openSignedIn } from './browser.ts';
import {
  checkScreen,
  clickLink,
  clickMenuItem,
  clickSiteNav,
  pathOf,
  settled,
  sharedSignedInPage,
} from './navigation-helpers.ts';

const ALL: AccessRole[] = ['acs', 'rms', 'telegram', 'manage_users', 'legacy', 'alarm_settings'];

/**
 * The demo accounts (README). Each kind of role is walked once: `screens` 'all' reaches every screen
 * (menu, All Sites links, the site pages and what they link to), 'menu' the menu's screens (its data
 * scope differs: rms-only, another company), 'home' only lands on its home (its menu is the component
 * test's; its screens are those of an account above).
 */
const ACCOUNTS: Record<
  string,
  { type: UserType; tenants: string[]; roles: AccessRole[]; screens: 'all' | 'menu' | 'home' }
> = {
  ktbl: { type: 'company', tenants: [], roles: ALL, screens: 'all' },
  'robi.viewer': { type: 'read_only', tenants: ['robi'], roles: ['acs', 'rms'], screens: 'all' },
  'ktbl.rms': { type: 'company', tenants: [], roles: ['rms'], screens: 'menu' },
  ftb: { type: 'company', tenants: [], roles: ALL, screens: 'menu' },
  super: { type: 'superuser', tenants: [], roles: ALL, screens: 'home' },
  'ktbl.employee': { type: 'employee', tenants: [], roles: ['acs', 'rms'], screens: 'home' },
  noc: { type: 'read_only', tenants: [], roles: ['acs', 'rms'], screens: 'home' },
};

const chromium = chromiumForFile();
const browser = () => chromium.browser;

for (const [username, account] of Object.entries(ACCOUNTS)) {
  const user = { type: account.type, tenants: account.tenants, meta: { accessRoles: account.roles } };
  const home = homePathFor(user);
  const has = (role: AccessRole) => account.roles.includes(role);

  describe(`${username} reaches its screens by clicking`, () => {
    const shared = sharedSignedInPage(browser, username, home);

    it(`lands on ${home}, which lists its sites`, async () => {
      await clickMenuItem(shared.page, { label: 'Dashboard', path: home });
      await checkScreen(shared.page);
    });

    if (account.screens === 'home') return;
    for (const item of visibleMenuItems(user).filter((i) => i.id !== 'logout' && i.id !== 'dashboard')) {
      it(`${item.label} (menu)`, async () => {
        const path = await clickMenuItem(shared.page, item);
        // Site Overview without an open site goes to All Sites to choose one.
        expect(item.id === 'site_overview' ? ['/site', '/site/list'] : [item.path]).toContain(path);
        await checkScreen(shared.page);
      });
    }
    if (account.screens === 'menu') return;

    for (const [name, path] of [
      ['Site History', '/site/history'],
      ['Rectifiers', '/site/rectifier'],
    ] as const) {
      it(`${name} (from All Sites)`, async () => {
        await clickMenuItem(shared.page, { label: 'All Sites', path: '/site/list' });
        await clickLink(shared.page, name, path);
        await checkScreen(shared.page);
      });
    }

    for (const link of siteNavItemsFor(user)) {
      it(`site page ${link.label} (site sub-navigation)`, async () => {
        await clickSiteNav(shared.page, link.label, link.path);
        await checkScreen(shared.page);
      });
    }

    if (has('rms')) {
      // The fleet power views (issue 14): fuel is linked from the open site's generator page, device
      // health from the fuel page.
      it("Fuel across all sites (from the site's Generator page)", async () => {
        await clickSiteNav(shared.page, 'Generator', '/generator');
        await clickLink(shared.page, 'Fuel across all sites', '/fuel');
        await checkScreen(shared.page);
      });

      it('Device health (from the fleet fuel page)', async () => {
        if (pathOf(shared.page) !== '/fuel') {
          await clickSiteNav(shared.page, 'Generator', '/generator');
          await clickLink(shared.page, 'Fuel across all sites', '/fuel');
        }
        await clickLink(shared.page, 'Device health', '/health');
        await checkScreen(shared.page);
      });
    }

    it("Tickets (from the site's Alarms page)", async () => {
      await clickSiteNav(shared.page, 'Alarms', '/alarm');
      await clickLink(shared.page, 'Tickets', '/ticket');
      await checkScreen(shared.page);
    });

    if (has('legacy')) {
      it('Legacy Dashboard (from the dashboard), and back to the smart one', async () => {
        await clickMenuItem(shared.page, { label: 'Dashboard', path: home });
        await clickLink(shared.page, 'Legacy Dashboard', '/dashboard/legacy');
        await checkScreen(shared.page);
        await clickLink(shared.page, 'Smart Dashboard', '/dashboard/business');
      });
    }
  });
}

/** Operators land on /customer/sites and reach the administration screens by clicking. */
for (const username of ['admin', 'ops'] as const) {
  const user = { type: username === 'admin' ? ('sudo' as const) : ('support' as const), tenants: [] };
  const siteList = { label: 'Site List', path: '/customer/sites' };

  describe(`${username} (operator) reaches its screens by clicking`, () => {
    const shared = sharedSignedInPage(browser, username, '/customer/sites');

    if (username === 'ops') {
      // Support's menu is a part of sudo's (side-menu.test.tsx): its landing page is what differs.
      it('lands on the Site List', async () => {
        expect(await clickMenuItem(shared.page, siteList)).toBe('/customer/sites');
        await checkScreen(shared.page);
      });
      return;
    }

    for (const item of visibleMenuItems({ ...user, meta: { accessRoles: ALL } }).filter(
      (i) => i.id !== 'logout',
    )) {
      it(`${item.label} (menu)`, async () => {
        expect(await clickMenuItem(shared.page, item)).toBe(item.path);
        await checkScreen(shared.page);
      });
    }
    for (const [menu, name, path] of [
      [{ label: 'Device List', path: '/device/list' }, 'New device', '/device/create'],
      [{ label: 'Device Vendors', path: '/device-vendor/list' }, 'New vendor', '/device-vendor/create'],
      [siteList, 'Customers', '/customers/list'],
      [siteList, 'New site', '/customer/site/create'],
    ] as const) {
      it(`${name} (from ${menu.label})`, async () => {
        await clickMenuItem(shared.page, menu);
        await clickLink(shared.page, name, path);
        await checkScreen(shared.page);
      });
    }

    it("a customer's site: Configure, then Edit site", async () => {
      const page = shared.page;
      await clickMenuItem(page, siteList);
      await page.getByRole('button', { name: /^Open customer KTBL/ }).click();
      await page
        .getByRole('link', { name: /^Configure / })
        .first()
        .click();
      await settled(page, '/customer/site/configure');
      await checkScreen(page);
      await clickLink(page, 'Edit site', '/customer/site/edit');
      await checkScreen(page);
    });
  });
}

describe('finance reaches its work, not a dashboard', () => {
  const shared = sharedSignedInPage(browser, 'finance', '/welcome');

  it('lands on a home that says what the account does, with no dashboard link', async () => {
    const page = shared.page;
    await page.getByLabel('What this account does').waitFor();
    expect(await page.getByRole('link', { name: 'Open dashboard' }).count()).toBe(0);
    await checkScreen(page);
  });

  it('opens the Payment List, then Record payment', async () => {
    await clickLink(shared.page, 'Open Payment List', '/billing/list');
    await checkScreen(shared.page);
    await clickLink(shared.page, 'Record payment', '/billing/update');
    await checkScreen(shared.page);
  });

  it('Account (menu); typing a dashboard URL brings finance back to the Payment List', async () => {
    const page = shared.page;
    await clickMenuItem(page, { label: 'Account', path: '/profile' });
    await checkScreen(page);
    await page.goto('/dashboard/business');
    await page.waitForURL('**/billing/list');
    expect(pathOf(page)).toBe('/billing/list');
  });
});

describe('the landing page', () => {
  it("gives the vendor's contact details and offers a signed-in visitor the dashboard", async () => {
    const context = await newContext(chromium.browser);
    try {
      const page = await context.newPage();
      await openSignedIn(page, 'ktbl', '/');
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      const text = (await footer.innerText()).replace(/\s+/g, ' ');
      expect(text).not.toMatch(/[{}]/);
      expect(text).toMatch(/Phone: \+?\d/);
      expect(text).toMatch(/Email: \S+@\S+/);
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Go to dashboard' }).click();
      await settled(page, '/dashboard/business');
    } finally {
      await context.close();
    }
  });
});
