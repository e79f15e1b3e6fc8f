/**
 * An operator reaches every customer's sites (issue 37 point 9): on /customer/sites each customer —
 * with or without a root user (EDOTCO, HSL Demo, …) — lists its sites, the same ones the API has for
 * it, and a rootless customer's site opens for editing and configuration. Read-only on the shared
 * server; creating and editing is in admin.test.ts (its own server).
 */
import {
  adminEndpoints,
  type CompanyListReply,
  type SiteListReply,
  siteEndpoints,
} from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, newContext, openSignedIn } from './browser.ts';

const chromium = chromiumForFile();

async function customers(): Promise<CompanyListReply['items']> {
  const token = await apiToken('admin');
  return (await apiGet<CompanyListReply>(token, `${adminEndpoints.companyList.path}?page=1&limit=100`)).items;
}

async function sitesOfCompany(companyId: string): Promise<SiteListReply['items']> {
  const token = await apiToken('admin');
  const query = `company_id=${encodeURIComponent(companyId)}&limit=3000`;
  return (await apiGet<SiteListReply>(token, `${siteEndpoints.siteFetch.path}?${query}`)).items;
}

async function asOperator(username: string, run: (page: Page) => Promise<void>) {
  const context = await newContext(chromium.browser);
  try {
    const page = await context.newPage();
    await openSignedIn(page, username, '/customer/sites');
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    await run(page);
  } finally {
    await context.close();
  }
}

/** The panel of a customer's sites (its table has the same label). */
const sitesPanel = (page: Page, label: string) => page.locator(`div[aria-label="Sites of ${label}"]`);

/** Opens a customer's panel and waits until it lists `expected` sites. */
async function openCustomer(page: Page, label: string, expected: number) {
  await page.getByRole('button', { name: `Open customer ${label}`, exact: true }).click();
  const panel = sitesPanel(page, label);
  await panel.waitFor();
  if (expected === 0) {
    await panel.getByText('No sites').waitFor();
    return panel;
  }
  // 50 rows a page.
  const rows = panel.locator('tbody tr').filter({ hasNot: page.getByText('No sites') });
  await expect.poll(() => rows.count()).toBe(Math.min(expected, 50));
  return panel;
}

describe('operators on every customer', () => {
  it('some demo customers have no root user, and they have sites', async () => {
    const rootless = (await customers()).filter((c) => !c.root_user_uid);
    expect(rootless.length).toBeGreaterThan(0);
    expect(rootless.reduce((n, c) => n + c.sites, 0)).toBeGreaterThan(0);
  });

  it('admin sees the sites of every customer, with or without a root user', async () => {
    const all = await customers();
    await asOperator('admin', async (page) => {
      for (const customer of all) {
        const sites = await sitesOfCompany(customer.id);
        expect(sites.length, customer.label).toBe(customer.sites);
        const panel = await openCustomer(page, customer.label, sites.length);
        expect(await panel.getByText(/no root user/i).count(), customer.label).toBe(0);
        const first = sites[0];
        if (first)
          await panel
            .getByRole('link', { name: `Configure ${first.name}` })
            .first()
            .waitFor();
        await panel.getByRole('button', { name: 'Close customer' }).click();
      }
    });
  });

  it("ops opens a rootless customer's site for editing and configuration", async () => {
    const rootless = (await customers()).find((c) => !c.root_user_uid && c.sites > 0);
    if (!rootless) throw new Error('no rootless customer with sites');
    const [site] = await sitesOfCompany(rootless.id);
    if (!site) throw new Error(`${rootless.label} has no site`);
    await asOperator('ops', async (page) => {
      const panel = await openCustomer(page, rootless.label, rootless.sites);
      await panel.getByLabel('Search sites').fill(site.uid);
      await panel.getByRole('link', { name: `Configure ${site.name}` }).click();
      await page.getByRole('heading', { name: `Configure ${site.name}` }).waitFor();
      await page.goBack();
      const again = sitesPanel(page, rootless.label);
      await again.getByLabel('Search sites').fill(site.uid);
      await again.getByRole('link', { name: 'Edit', exact: true }).first().click();
      await page.waitForURL('**/customer/site/edit?site_uid=*');
      await expect.poll(() => page.getByLabel(/^Site name/).inputValue()).toBe(site.name);
    });
  });
});
