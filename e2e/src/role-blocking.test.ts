/**
 * Role blocking in the web matches the server (issue 37 point 7, docs/requirements.md#page-access) and
 * read-only masking is complete (point 8, docs/requirements.md#tile-masking): a page whose calls the
 * server refuses the user is not opened (the user lands on their home, or on the site for a site page),
 * no call of it answers 403; read-only users have no Manage Access; robi.viewer's masked counts are
 * masked in the panels under the tiles too.
 */
import { MASKED_COUNT_REASON } from '@towerwatch/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, menuItems, newContext, openSignedIn } from './browser.ts';

const chromium = chromiumForFile();

/** Opens `path` as `username` in a fresh context; returns the page and the API calls answered 403. */
async function withRefusals(username: string, run: (page: Page, refused: string[]) => Promise<void>) {
  const context = await newContext(chromium.browser);
  const refused: string[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await openSignedIn(page, username, '/welcome');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await run(page, refused);
  } finally {
    await context.close();
  }
}

/** Full page load of `path`; waits until the app settles on `landing` with its page heading. */
async function expectSentTo(page: Page, path: string, landing: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === landing);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('role blocking', () => {
  it('a user without the telegram role opening /telegram lands on the dashboard, no call refused', async () => {
    await withRefusals('ktbl.rms', async (page, refused) => {
      for (const path of ['/telegram', '/telegram/alarm-settings', '/telegram/group/save']) {
        await expectSentTo(page, path, '/dashboard/business');
      }
      expect(refused).toEqual([]);
    });
  });

  it('finance opening analytics, fuel, availability and history lands on the Payment List, no call refused', async () => {
    await withRefusals('finance', async (page, refused) => {
      for (const path of ['/analytics', '/fuel', '/site/availability', '/site/history']) {
        await expectSentTo(page, path, '/billing/list');
      }
      await page.getByRole('heading', { name: 'Payment List', level: 2 }).waitFor();
      expect(refused).toEqual([]);
    });
  });

  it('a read-only user has no Manage Access in the menu and is sent home from /access/manage', async () => {
    await withRefusals('robi.viewer', async (page, refused) => {
      await page.goto('/dashboard/robi');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const items = await menuItems(page);
      expect(items).toContain('All Sites');
      expect(items).not.toContain('Manage Access');
      await expectSentTo(page, '/access/manage', '/dashboard/robi');
      expect(refused).toEqual([]);
    });
  });

  it('a site page without its access role goes back to the site overview', async () => {
    await withRefusals('ktbl.rms', async (page, refused) => {
      await expectSentTo(page, '/access', '/site');
      expect(refused).toEqual([]);
    });
  });
});

describe('read-only masking', () => {
  it("robi.viewer's masked door open and security breach are masked in the Access panel too", async () => {
    await withRefusals('robi.viewer', async (page) => {
      await page.goto('/dashboard/robi');
      const panel = page.getByRole('region', { name: 'Access' });
      await panel.waitFor();
      for (const label of ['Door Open', 'Security Breach', 'Total Door']) {
        await panel.getByRole('img', { name: `Access ${label}: ${MASKED_COUNT_REASON}` }).waitFor();
        expect(await panel.getByLabel(`Access ${label}`, { exact: true }).count(), label).toBe(0);
      }
      // The tiles above are masked the same way.
      await page.getByLabel(`Masked: ${MASKED_COUNT_REASON}`).first().waitFor();
      // A count no tile hides is shown.
      await expect
        .poll(() => panel.getByLabel('Access Lock Open', { exact: true }).innerText())
        .toMatch(/^\d+$/);
    });
  });

  it('ktbl (not read-only) reads the same Access panel counts', async () => {
    await withRefusals('ktbl', async (page) => {
      await page.goto('/dashboard/business');
      const panel = page.getByRole('region', { name: 'Access' });
      await expect
        .poll(() => panel.getByLabel('Access Door Open', { exact: true }).innerText())
        .toMatch(/^\d+$/);
      expect(await panel.getByRole('img').count()).toBe(0);
    });
  });
});
