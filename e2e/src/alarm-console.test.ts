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
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  apiToken,
  chromiumForFile,
  navigateInApp,
  newContext,
  signIn,
  simScenario,
} from './browser.ts';
import { raised, type Site, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();
const MAINS_ALARMS = ['mains_fail', 'ac_line_fail'];
const MAINS_LABELS = /^(AC Line Fail|Mains Fail)$/;
/** Each test walks several pages and waits for the simulator: minutes on a busy machine. */
const STEP_TIMEOUT = 300_000;

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
const rowOf = (page: Page, eventId: number) => page.locator(`tr[data-row-key="e${eventId}"]`);

/** The API's console rows (what the page is checked against). */
async function apiRows(token: string, query: string) {
  return (await apiGet<AlarmConsoleReply>(token, `${alarmConsoleEndpoints.page.path}?${query}`)).items;
}

/** Waits until the API lists a raised mains alarm of the site (the scenario raised it); its raise event id. */
async function mainsRaise(token: string, siteUid: string): Promise<number> {
  let id: number | null = null;
  await expect
    .poll(
      async () => {
        const row = (await apiRows(token, `q=${siteUid}&group=Power`)).find(
          (r) => r.siteUid === siteUid && MAINS_ALARMS.includes(r.alarmId) && r.eventId !== null,
        );
        id = row?.eventId ?? null;
        return id !== null;
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe(true);
  return id as unknown as number;
}

describe('alarm console', () => {
  let site: Site;
  let raiseEventId: number;
  let page: Page;

  afterAll(async () => {
    await page?.context().close();
  });

  it('shows a live row, filters in the URL across a reload, and acknowledges selected rows together', {
    timeout: STEP_TIMEOUT,
  }, async () => {
    // One signed-in page for the file (signIn polls: inside a test).
    page = await (await newContext(chromium.browser)).newPage();
    await signIn(page, 'ktbl');
    site = await calmSite();
    const token = await apiToken('ktbl');
    await navigateInApp(page, `/alarm-console?q=${encodeURIComponent(site.uid)}`);
    await page.getByRole('table', { name: 'Alarm console' }).waitFor();
    await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 30_000 }).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
    });

    await simScenario(site.uid, 'mains-fail');
    raiseEventId = await mainsRaise(token, site.uid);
    // The row comes live: no reload of the page.
    await rowOf(page, raiseEventId).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'same document',
    );
    expect(await rowOf(page, raiseEventId).getByTestId('console-state').innerText()).toMatch(/^active$/i);
    expect(await rowOf(page, raiseEventId).getByTestId('console-alarm').innerText()).toMatch(MAINS_LABELS);

    // Access group: the mains row is not one; the filter goes into the URL.
    const groups = page.getByRole('radiogroup', { name: 'Alarm group' });
    await groups.getByText('Access', { exact: true }).click();
    await page.waitForURL(/group=Access/);
    await expect.poll(() => rowOf(page, raiseEventId).count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(
        async () =>
          (await rows(page).count()) === (await apiRows(token, `q=${site.uid}&group=Access`)).length,
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    // The last 7 days (every raise, active or cleared: the simulator may end the outage meanwhile).
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Last 7 days', { exact: true }).click();
    await groups.getByText('Power', { exact: true }).click();
    await page.waitForURL(/view=recent/);
    await page.waitForURL(/group=Power/);
    await rowOf(page, raiseEventId).waitFor({ timeout: 30_000 });

    // A reload (or a shared link) shows the same filtered view.
    await page.reload();
    await page.getByRole('table', { name: 'Alarm console' }).waitFor({ timeout: 60_000 });
    const params = new URL(page.url()).searchParams;
    expect([params.get('view'), params.get('group'), params.get('q')]).toEqual(['recent', 'Power', site.uid]);
    expect(await page.getByLabel('Search sites').inputValue()).toBe(site.uid);
    await rowOf(page, raiseEventId).waitFor({ timeout: 30_000 });

    // Select every (unacknowledged) row and acknowledge them together.
    expect(await rows(page).getByRole('checkbox').count()).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Select every row' }).check();
    await page.getByRole('button', { name: 'Acknowledge selected' }).click();
    await expect
      .poll(() => rowOf(page, raiseEventId).getByTestId('console-ack').innerText(), { timeout: 30_000 })
      .toBe('ack. KTBL');
    const open = await apiRows(token, `view=recent&q=${site.uid}&group=Power&acknowledged=no`);
    expect(open.filter((r) => r.eventId === raiseEventId)).toEqual([]);
  });

  it('a cleared alarm reads raised → cleared, in the console and on the site alarm page', {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await navigateInApp(page, `/alarm-console?view=recent&group=Power&q=${encodeURIComponent(site.uid)}`);
    const row = rowOf(page, raiseEventId);
    await row.waitFor({ timeout: 30_000 });

    await simScenario(site.uid, 'mains-restore');
    await expect
      .poll(() => row.getByTestId('console-state').innerText(), { timeout: 60_000 })
      .toMatch(/^cleared$/i);
    expect(await row.getByTestId('console-lifetime').innerText()).toMatch(/^cleared .+ \(\d+hr \d+m\)$/);

    // The site's alarm page: the raise event is no longer "Active" and offers no Acknowledge.
    await row.getByRole('button', { name: `Open site ${site.name}` }).click();
    await page.waitForURL('**/site', { timeout: 60_000 });
    await navigateInApp(page, '/alarm');
    const event = page.locator(`li[data-event-id="${raiseEventId}"]`);
    await event.waitFor({ timeout: 30_000 });
    expect(await event.getByTestId('event-state').innerText()).toMatch(/^cleared$/i);
    expect(await event.getByTestId('event-lifetime').innerText()).toMatch(
      /^raised → cleared .+, lasted \d+hr \d+m$/,
    );
    expect(await event.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
  });

  it('"Create ticket" from a console row saves a power ticket linked to that alarm event', {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const other = await calmSite([site.uid]);
    const token = await apiToken('ktbl');
    try {
      await simScenario(other.uid, 'mains-fail');
      const eventId = await mainsRaise(token, other.uid);
      await navigateInApp(page, `/alarm-console?group=Power&q=${encodeURIComponent(other.uid)}`);
      const link = rowOf(page, eventId).getByRole('link', { name: 'Create ticket' });
      try {
        await link.waitFor({ timeout: 30_000 });
      } catch (error) {
        await page.screenshot({ path: 'e2e/.artifacts/alarm-console-ticket.png' });
        throw new Error(`no Create ticket on row e${eventId} at ${page.url()}: ${String(error)}`);
      }
      await link.click();
      await page.waitForURL(`**/ticket/create?**event=${eventId}**`);
      expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Power');
      await page.getByRole('button', { name: 'Open ticket' }).click();
      await page.waitForURL('**/ticket/details?id=*', { timeout: 60_000 });
      const id = Number(new URL(page.url()).searchParams.get('id'));
      await expect
        .poll(() => page.getByText(/^Linked alarms:/).innerText(), { timeout: 30_000 })
        .toMatch(/^Linked alarms: (AC Line Fail|Mains Fail).* — (active|✓ cleared)$/);
      const list = await apiGet<TicketListReply>(token, `${ticketEndpoints.list.path}?site_uid=${other.uid}`);
      const ticket = list.items.find((t) => t.id === id);
      expect(ticket?.type).toBe('power');
      expect(ticket?.alarms).toMatchObject([{ eventId }]);
      expect(MAINS_ALARMS).toContain(ticket?.alarms[0]?.alarmId);
    } finally {
      await simScenario(other.uid, 'mains-restore');
    }
  });
});
