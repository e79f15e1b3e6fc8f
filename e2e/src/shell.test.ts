/**
 * Sign-in, the shell and errors (issue 5 "Done when"): the sign-in form (the right password lands on
 * /welcome, a wrong one is refused), role landing and redirects, logout, unknown routes show the 404
 * page, the legacy dashboard is refused to ktbl.rms. Which menu each role sees and which item is
 * selected are component tests (apps/web/src/app/shell/side-menu.test.tsx); the other tests here sign
 * in by token (browser.ts), not through the form.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, newContext, openSignedIn, signIn, signInWithForm } from './browser.ts';

const chromium = chromiumForFile();

async function withPage<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const context = await newContext(chromium.browser);
  const page = await context.newPage();
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

describe('public pages', () => {
  it('the landing page has the welcome heading, Login Here and the footer', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Welcome/);
      const footer = page.getByRole('contentinfo');
      expect(await footer.textContent()).toContain('IoT based remote monitoring system');
      expect(await footer.getByLabel('Company notice').textContent()).toContain(
        String(new Date().getFullYear()),
      );
      await page.getByRole('link', { name: 'Login Here' }).first().click();
      await page.waitForURL('**/login');
    });
  });

  it('the sign-in form signs in with the right password and lands on /welcome', async () => {
    await withPage(async (page) => {
      await signInWithForm(page, 'ktbl');
      expect(new URL(page.url()).pathname).toBe('/welcome');
      await page.getByRole('link', { name: 'Open dashboard' }).click();
      await page.waitForURL('**/dashboard/business');
    });
  });

  it('a wrong password shows a clear error and keeps the user on /login', async () => {
    await withPage(async (page) => {
      await page.goto('/login');
      await page.getByLabel('Username').fill('ktbl');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong username or password');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('an unknown route shows the 404 page with a link home', async () => {
    await withPage(async (page) => {
      await page.goto('/no/such/page');
      await expect
        .poll(() => page.getByRole('heading', { name: 'This page could not be found' }).count())
        .toBe(1);
      expect(await page.getByLabel('Status code').textContent()).toBe('404');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  it('a signed-out visitor of a signed-in page is sent to /login', async () => {
    await withPage(async (page) => {
      await page.goto('/dashboard/business');
      await page.waitForURL('**/login');
    });
  });
});

describe('landing by role', () => {
  it('the Dashboard item of a tenant read-only user goes to its tenant dashboard', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'robi.viewer', '/dashboard');
      await page.waitForURL('**/dashboard/robi');
    });
  });

  it('sudo and support land on /customer/sites, also from /dashboard and the monitoring pages', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ops', '/dashboard');
      await page.waitForURL('**/customer/sites');
      await page.getByRole('heading', { name: 'Customer Sites', level: 2 }).waitFor();
      await page.goto('/site/list');
      await page.waitForURL('**/customer/sites');
    });
  });

  it('logout ends the session and returns to /', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl', '/profile');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/profile');
      await page.waitForURL('**/login');
    });
  });
});

describe('top bar', () => {
  it('shows the focused site; the copy button copies its ID with a toast', async () => {
    const context = await newContext(chromium.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    try {
      await signIn(page, 'ktbl');
      await page.getByRole('link', { name: 'Open dashboard' }).click();
      const label = page.getByLabel('Site ID', { exact: true });
      await label.waitFor();
      const siteId = (await label.textContent())?.trim() ?? '';
      expect(siteId).toMatch(/^\S+$/);
      await page.getByRole('button', { name: 'Copy site ID' }).click();
      await page.getByText('Site ID copied to clipboard').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(siteId);
      await page.getByRole('link', { name: 'All Sites' }).click();
      await page.waitForURL('**/site/list');
    } finally {
      await context.close();
    }
  });
});

describe('service worker', () => {
  it('registers /sw.js with scope /', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await expect
        .poll(
          () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope ?? null),
          {
            timeout: 15_000,
          },
        )
        .toBe(`${new URL(page.url()).origin}/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const script = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null,
      );
      expect(script).toBe(`${new URL(page.url()).origin}/sw.js`);
    });
  });
});

describe('legacy dashboard access', () => {
  it('is refused to ktbl.rms (sent to the smart dashboard)', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl.rms', '/dashboard/legacy');
      await page.waitForURL('**/dashboard/business');
    });
  });

  it('is open to ktbl, with its tabs and the link back to the smart dashboard', async () => {
    await withPage(async (page) => {
      await openSignedIn(page, 'ktbl', '/dashboard/legacy');
      await page.getByRole('tab', { name: 'All RMS Station' }).waitFor();
      const tabs = await page.getByRole('tab').allInnerTexts();
      expect(tabs).toEqual([
        'All RMS Station',
        'Alarm',
        'DC Energy Meter',
        'Climate',
        'Rectifier',
        'Battery',
      ]);
      expect(await page.getByRole('link', { name: 'Smart Dashboard' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'View Settings' }).count()).toBe(1);
      await page.getByRole('tab', { name: 'Climate' }).click();
      await page.waitForURL('**/dashboard/legacy/climate');
      await page.getByRole('tab', { name: 'Climate', selected: true }).waitFor();
      await page.getByRole('button', { name: 'Export' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Tenant' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Rectifier' }).click();
      await page.waitForURL('**/dashboard/legacy/rectifier');
      await expect.poll(() => page.getByRole('combobox', { name: 'Tenant' }).count()).toBe(1);
    });
  });
});
