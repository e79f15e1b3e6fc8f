/**
 * The fleet alarm console (issue 37 points 1–3), in Chromium against the real server and simulator:
 * a live row appears when the simulator fails a site's mains (no reload); the filters narrow the rows
 * and stay in the URL across a reload; selected rows are acknowledged together; a cleared alarm reads
 * raised → cleared (console and site alarm page, no Acknowledge); "Create ticket" from a console row
 * saves a ticket linked to that alarm event, typed from the alarm.
 */
import {
  type AlarmConsoleReply,
  alarmConsoleEndpoints,
  type TicketListReply,
  ticketEndpoints,
} from '@towerwatch/contract';
import { runScenario } from '@towerwatch/simulator';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, navigateInApp, newContext, signIn } from './browser.ts';
import { raised, type Site, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();
const MAINS_ALARMS = ['mains_fail', 'ac_line_fail'];
const MAINS_LABELS = /^(AC Line Fail|Mains Fail)$/;

async function signedInPage(username: string): Promise<Page> {
  const context = await newContext(chromium.browser);
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** A ktbl site with one tenant whose mains alarm is available and not raised, other than `not`. */
const calmSite = (not: string[] = []) =>
  siteWhere(
    'ktbl',
    (s) =>
      !not.includes(s.uid) &&
      s.tenants.length === 1 &&
      !raised(s, MAINS_ALARMS) &&
      s.alarms.some((a) => MAINS_ALARMS.includes(a.id) && a.isAvailable && !a.isDisable),
    'calm single-tenant site',
  );

const rows = (page: Page) => page.getByTestId('alarm-console-rows').locator('tbody tr[data-row-key]');
/** The console row of the site's mains alarm. */
const mainsRow = (page: Page) =>
  rows(page).filter({ has: page.getByTestId('console-alarm').getByText(MAINS_LABELS) });

/** The API's console rows of one site (what the page is checked against). */
async function apiRows(token: string, query: string) {
  return (await apiGet<AlarmConsoleReply>(token, `${alarmConsoleEndpoints.page.path}?${query}`)).items;
}

describe('alarm console', () => {
  let site: Site;
  let raiseEventId: number;

  it('shows a live row, filters in the URL across a reload, and acknowledges selected rows together', async () => {
    site = await calmSite();
    const token = await apiToken('ktbl');
    const page = await signedInPage('ktbl');
    try {
      await page.goto(`/alarm-console?q=${encodeURIComponent(site.uid)}`);
      await page.getByRole('table', { name: 'Alarm console' }).waitFor();
      await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 15_000 }).toBe(1);
      expect(await mainsRow(page).count()).toBe(0);
      await page.evaluate(() => {
        (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
      });

      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'mains-fail' });
      await expect.poll(() => mainsRow(page).count(), { timeout: 30_000 }).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
        'same document',
      );
      const row = mainsRow(page);
      expect(await row.getByTestId('console-state').innerText()).toBe('Active');
      const api = (await apiRows(token, `q=${site.uid}`)).find((r) => MAINS_ALARMS.includes(r.alarmId));
      expect(api?.eventId).toBeTypeOf('number');
      raiseEventId = api?.eventId as number;
      expect(await row.getAttribute('data-row-key')).toBe(`e${raiseEventId}`);

      // Access group: the mains row is not one; the filter goes into the URL.
      await page
        .getByRole('radiogroup', { name: 'Alarm group' })
        .getByText('Access', { exact: true })
        .click();
      await page.waitForURL(/group=Access/);
      await expect.poll(() => mainsRow(page).count()).toBe(0);
      const accessRows = await rows(page).count();
      expect(accessRows).toBe((await apiRows(token, `q=${site.uid}&group=Access`)).length);
      await page.getByRole('radiogroup', { name: 'Alarm group' }).getByText('Power', { exact: true }).click();
      await page.waitForURL(/group=Power/);
      await expect.poll(() => mainsRow(page).count()).toBe(1);

      // A reload (or a shared link) shows the same filtered view.
      await page.reload();
      await page.getByRole('table', { name: 'Alarm console' }).waitFor();
      expect(new URL(page.url()).searchParams.get('group')).toBe('Power');
      expect(await page.getByLabel('Search sites').inputValue()).toBe(site.uid);
      await expect.poll(() => mainsRow(page).count(), { timeout: 15_000 }).toBe(1);

      // Select every (unacknowledged) row and acknowledge them together.
      const selectable = await rows(page).getByRole('checkbox').count();
      expect(selectable).toBeGreaterThan(0);
      await page.getByRole('checkbox', { name: 'Select every row' }).check();
      await page.getByRole('button', { name: 'Acknowledge selected' }).click();
      await expect
        .poll(() => mainsRow(page).getByTestId('console-ack').innerText(), { timeout: 15_000 })
        .toBe('ack. KTBL');
      expect(await rows(page).getByRole('checkbox').count()).toBe(0);
      const open = await apiRows(token, `q=${site.uid}&group=Power&acknowledged=no`);
      expect(open.filter((r) => r.eventId === raiseEventId)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a cleared alarm reads raised → cleared, in the console and on the site alarm page', async () => {
    const page = await signedInPage('ktbl');
    try {
      await page.goto(`/alarm-console?view=recent&group=Power&q=${encodeURIComponent(site.uid)}`);
      const row = page.locator(`tr[data-row-key="e${raiseEventId}"]`);
      await row.waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 15_000 }).toBe(1);

      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: site.uid, scenario: 'mains-restore' });
      await expect
        .poll(() => row.getByTestId('console-state').innerText(), { timeout: 30_000 })
        .toBe('Cleared');
      expect(await row.getByTestId('console-lifetime').innerText()).toMatch(/^cleared .+ \(\d+hr \d+m\)$/);

      // The site's alarm page: the raise event is no longer "Active" and offers no Acknowledge.
      await row.getByRole('button', { name: `Open site ${site.name}` }).click();
      await page.waitForURL('**/site');
      await navigateInApp(page, '/alarm');
      const event = page.locator(`li[data-event-id="${raiseEventId}"]`);
      await event.waitFor({ timeout: 15_000 });
      expect(await event.getByTestId('event-state').innerText()).toMatch(/^cleared$/i);
      expect(await event.getByTestId('event-lifetime').innerText()).toMatch(
        /^raised → cleared .+, lasted \d+hr \d+m$/,
      );
      expect(await event.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('"Create ticket" from a console row saves a power ticket linked to that alarm event', async () => {
    const other = await calmSite([site.uid]);
    const token = await apiToken('ktbl');
    const page = await signedInPage('ktbl');
    try {
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: other.uid, scenario: 'mains-fail' });
      await page.goto(`/alarm-console?group=Power&q=${encodeURIComponent(other.uid)}`);
      await expect.poll(() => mainsRow(page).count(), { timeout: 30_000 }).toBe(1);
      const eventId = Number((await mainsRow(page).getAttribute('data-row-key'))?.slice(1));
      await mainsRow(page).getByRole('link', { name: 'Create ticket' }).click();
      await page.waitForURL(`**/ticket/create?**event=${eventId}**`);
      await page.getByRole('button', { name: 'Open ticket' }).click();
      await page.waitForURL('**/ticket/details?id=*');
      const id = Number(new URL(page.url()).searchParams.get('id'));
      await expect
        .poll(() => page.getByText(/^Linked alarms:/).innerText(), { timeout: 15_000 })
        .toMatch(/^Linked alarms: (AC Line Fail|Mains Fail).* — active$/);
      const list = await apiGet<TicketListReply>(token, `${ticketEndpoints.list.path}?site_uid=${other.uid}`);
      const ticket = list.items.find((t) => t.id === id);
      expect(ticket?.type).toBe('power');
      expect(ticket?.alarms).toMatchObject([{ eventId }]);
      expect(MAINS_ALARMS).toContain(ticket?.alarms[0]?.alarmId);
    } finally {
      await page.context().close();
      await runScenario({ mqttUrl: inject('mqttUrl'), siteUid: other.uid, scenario: 'mains-restore' });
    }
  });
});
