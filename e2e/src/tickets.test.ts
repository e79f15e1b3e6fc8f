/**
 * Tickets (issue 19 "Done when"), in Chromium against the real server and simulator: from a live
 * alarm a ticket is created on the site's alarms page; a second socket's /ticket list shows it
 * without a reload; the same alarm does not create a second ticket; the SLA countdown stands still
 * while the ticket is pending; when the alarm clears the ticket offers "resolve?" and stays open.
 */
import {
  type SiteListReply,
  siteEndpoints,
  type TicketListReply,
  ticketEndpoints,
} from '@towerwatch/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiGet,
  apiToken,
  chromiumForFile,
  navigateInApp,
  newContext,
  signIn,
  simScenario,
} from './browser.ts';
import { openFromList, raised, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();
const MAINS_ALARMS = ['mains_fail', 'ac_line_fail'];

async function signedInPage(username: string): Promise<Page> {
  const context = await newContext(chromium.browser);
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** Clicks "Create ticket" on the alarm's row of /alarm and opens the ticket; returns its id. */
async function createFromAlarm(page: Page, alarmId: string): Promise<number> {
  await navigateInApp(page, '/alarm');
  const row = page.locator(`tr[data-alarm-id="${alarmId}"]`).first();
  await row.getByRole('link', { name: 'Create ticket' }).click();
  await page.waitForURL('**/ticket/create?**');
  await page.getByRole('button', { name: 'Open ticket' }).click();
  await page.waitForURL('**/ticket/details?id=*');
  await page.getByTestId('sla-acknowledge').waitFor();
  return Number(new URL(page.url()).searchParams.get('id'));
}

const remaining = (page: Page) =>
  page.getByTestId('sla-acknowledge').getByTestId('sla-remaining').innerText();

describe('tickets from live alarms', () => {
  it('creates a ticket from a live alarm, shows it live elsewhere, links a repeat, pauses the SLA', async () => {
    const site = await siteWhere(
      'ktbl',
      (s) =>
        s.tenants.length === 1 &&
        !raised(s, MAINS_ALARMS) &&
        s.alarms.some((a) => a.id === 'mains_fail' && a.isAvailable && !a.isDisable),
      'calm single-tenant site',
    );
    const token = await apiToken('ktbl');
    const operator = await signedInPage('ktbl');
    const watcher = await signedInPage('ktbl.employee');
    try {
      // The watcher's ticket list is open (a second socket).
      await watcher.goto('/ticket');
      await watcher
        .getByTestId('ticket-count')
        .filter({ hasText: /tickets? ·/ })
        .waitFor();
      await watcher.evaluate(() => {
        (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
      });

      // A live alarm: the simulator fails the site's mains.
      await simScenario(site.uid, 'mains-fail');
      let alarmId = '';
      await expect
        .poll(
          async () => {
            const list = await apiGet<SiteListReply>(
              token,
              `${siteEndpoints.siteFetch.path}?site_uid=${site.uid}`,
            );
            const shown = (a: { id: string; isNormal: boolean; isAvailable: boolean; isDisable: boolean }) =>
              MAINS_ALARMS.includes(a.id) && !a.isNormal && a.isAvailable && !a.isDisable;
            alarmId = list.items[0]?.alarms.find(shown)?.id ?? '';
            return alarmId;
          },
          { timeout: 20_000 },
        )
        .not.toBe('');

      await openFromList(operator, site);
      const id = await createFromAlarm(operator, alarmId);
      expect(id).toBeGreaterThan(0);

      // The other socket's list shows it without a reload.
      await watcher.locator(`tr[data-ticket-id="${id}"]`).waitFor({ timeout: 15_000 });
      expect(await watcher.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
        'same document',
      );

      // The same alarm again: its open ticket, not a second one.
      const again = await createFromAlarm(operator, alarmId);
      expect(again).toBe(id);
      await operator.getByText(`This alarm already has ticket #${id}`).waitFor();
      const list = await apiGet<TicketListReply>(token, `${ticketEndpoints.list.path}?site_uid=${site.uid}`);
      expect(list.items.filter((t) => t.alarms.some((a) => a.alarmId === alarmId))).toHaveLength(1);

      // The acknowledge countdown runs...
      const first = await remaining(operator);
      await expect.poll(() => remaining(operator), { timeout: 5_000 }).not.toBe(first);
      // ...and stands still while the ticket is pending.
      await operator.getByRole('button', { name: 'Set pending' }).click();
      await operator.getByLabel('Reason').fill('Waiting for the grid company');
      await operator.getByRole('button', { name: 'Confirm' }).click();
      await operator.getByTestId('ticket-status').filter({ hasText: 'Pending' }).waitFor();
      const acknowledge = operator.getByTestId('sla-acknowledge');
      await expect.poll(() => acknowledge.getAttribute('data-paused')).toBe('true');
      const paused = await remaining(operator);
      await operator.waitForTimeout(2_500);
      expect(await remaining(operator)).toBe(paused);
      // The watcher's list row shows the pause too (the update event refreshed it).
      await watcher
        .locator(`tr[data-ticket-id="${id}"] [data-testid="sla-countdown"][data-paused="true"]`)
        .waitFor({ timeout: 15_000 });

      // The mains comes back: the open details page offers to resolve (it never resolves by itself).
      await simScenario(site.uid, 'mains-restore');
      await expect
        .poll(
          async () => {
            const list = await apiGet<SiteListReply>(
              token,
              `${siteEndpoints.siteFetch.path}?site_uid=${site.uid}`,
            );
            return list.items[0]?.alarms.find((a) => a.id === alarmId)?.isNormal;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const cleared = operator.getByTestId('alarms-cleared');
      await cleared.waitFor({ timeout: 20_000 });
      expect(await operator.getByTestId('ticket-status').innerText()).toMatch(/pending/i);
      await cleared.getByRole('button', { name: 'Resolve' }).click();
      await operator.getByTestId('ticket-status').filter({ hasText: 'Resolved' }).waitFor();
    } finally {
      await operator.context().close();
      await watcher.context().close();
    }
  });
});

describe('billing', () => {
  it('finance records a payment, and a repeat of its reference answers duplicate', async () => {
    const page = await signedInPage('finance');
    const ref = `E2E-${Date.now()}`;
    try {
      await page.getByRole('link', { name: 'Open Payment List' }).click();
      await page.waitForURL('**/billing/list');
      await page.getByRole('table', { name: 'Invoices' }).waitFor();
      await page.getByRole('link', { name: 'Record payment' }).click();
      await page.waitForURL('**/billing/update');
      await page.getByRole('combobox', { name: /^Company/ }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('textbox', { name: /^Amount/ }).fill('12500');
      await page.getByRole('textbox', { name: /^Transaction reference/ }).fill(ref);
      const record = page.getByRole('button', { name: 'Record payment' });
      await record.click();
      const result = page.getByTestId('payment-result');
      await expect.poll(() => result.getAttribute('data-result')).toBe('updated');
      await record.click();
      await expect.poll(() => result.getAttribute('data-result')).toBe('duplicate');
      expect(await result.innerText()).toContain(ref);
      await page.getByRole('link', { name: 'Payment List' }).click();
      await page.getByRole('row', { name: ref }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
