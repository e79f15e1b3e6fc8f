/**
 * Deep links and reloads (issue 37 point 4, docs/requirements.md#deep-links): a page that shows one
 * record loads it from its URL — opened directly in a fresh session and reloaded — instead of sending
 * the user back to the list; list filters a user would share stay in the URL.
 */
import {
  billingEndpoints,
  type PaymentUpdateReply,
  type TicketCreateReply,
  ticketEndpoints,
} from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, apiToken, chromiumForFile, newContext, openSignedIn, sitesOf } from './browser.ts';

const chromium = chromiumForFile();
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Opens `path` signed in as `username` in a fresh context (nothing cached), runs `check`, reloads, runs it again. */
async function openAndReload(username: string, path: string, check: (page: Page) => Promise<void>) {
  const context = await newContext(chromium.browser);
  try {
    const page = await context.newPage();
    await openSignedIn(page, username, path);
    await check(page);
    expect(pathAndQuery(page)).toBe(path);
    await page.reload();
    await check(page);
    expect(pathAndQuery(page)).toBe(path);
  } finally {
    await context.close();
  }
}

describe('a record page opened from its URL', () => {
  it('/ticket/details?id= shows the ticket after a direct open and a reload', async () => {
    const [site] = await sitesOf('ktbl');
    if (!site) throw new Error('ktbl has no site');
    const title = `Deep link ${Date.now()}`;
    const [ticket] = await apiPost<TicketCreateReply>(await apiToken('ktbl'), ticketEndpoints.create.path, {
      siteUid: site.uid,
      title,
      type: 'other',
      severity: 'minor',
    });
    if (!ticket) throw new Error('no ticket created');
    await openAndReload('ktbl', `/ticket/details?id=${ticket.id}`, async (page) => {
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    });
  });

  it('/billing/update?id= shows the payment after a direct open and a reload', async () => {
    const ref = `DL-${Date.now()}`;
    const reply = await apiPost<PaymentUpdateReply>(
      await apiToken('finance'),
      billingEndpoints.paymentUpdate.path,
      {
        company: 'ktbl',
        period: new Date().toISOString().slice(0, 7),
        amount: 1000,
        method: 'bank_transfer',
        transactionRef: ref,
      },
    );
    if (!reply.payment) throw new Error(`no payment recorded: ${JSON.stringify(reply)}`);
    await openAndReload('finance', `/billing/update?id=${reply.payment.id}`, async (page) => {
      await page.getByRole('heading', { name: `Payment ${ref}` }).waitFor();
      expect(await page.getByText('Choose the payment to update on the Payment List').count()).toBe(0);
    });
  });

  it('a site page with ?site_uid= opens that site, also after a reload', async () => {
    const sites = await sitesOf('ktbl');
    // Not the first site: that one would open anyway.
    const site = sites[sites.length - 1];
    if (!site || sites.length < 2) throw new Error('ktbl needs two sites');
    await openAndReload('ktbl', `/site?site_uid=${site.uid}`, async (page) => {
      await page.getByRole('heading', { name: site.name, level: 2 }).waitFor();
    });
  });
});

describe('filters kept in the URL', () => {
  it('the Payment List keeps its status filter across a reload', async () => {
    await openAndReload('finance', '/billing/list?status=pending', async (page) => {
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Payment status' }).inputValue())
        .toBe('pending');
    });
  });

  it('choosing a filter on the Payment List writes it to the URL', async () => {
    const context = await newContext(chromium.browser);
    try {
      const page = await context.newPage();
      await openSignedIn(page, 'finance', '/billing/list');
      await page.getByRole('combobox', { name: 'Payment status' }).click();
      await page.getByRole('option', { name: 'complete' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'complete');
    } finally {
      await context.close();
    }
  });
});
