/**
 * Telegram messaging groups in Chromium (issue 18): a company user creates a group with a site, chooses
 * its alarms, then a simulated mains failure and restore at that site show as sent and edited messages on
 * /telegram, and the Bot API stand-in received one message in that chat, edited in place. The server
 * here is a dedicated one configured with the stand-in (the shared e2e server has no bot).
 */
import { authEndpoints, type SiteListReply, siteEndpoints } from '@towerwatch/contract';
import { runScenario } from '@towerwatch/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, newContext, signIn } from './browser.ts';
import { startServerWithBot, startStandIn } from './telegram-harness.ts';

const CHAT = '-1001777000001';
let standIn: Awaited<ReturnType<typeof startStandIn>>;
let server: Awaited<ReturnType<typeof startServerWithBot>>;
let browser: Browser;

beforeAll(async () => {
  standIn = await startStandIn();
  server = await startServerWithBot(standIn.apiRoot);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
});

/** A screenshot for docs/screenshots when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.mouse.move(1, 1); // no hover or pressed state in the picture
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function ktblSite(): Promise<SiteListReply['items'][number]> {
  const login = await fetch(`${server.baseUrl}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ktbl', password: DEMO_PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const list = await fetch(`${server.baseUrl}${siteEndpoints.siteFetch.path}?limit=200`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const items = ((await list.json()) as SiteListReply).items;
  const site = items.find(
    (s) => !s.alarms.some((a) => a.id === 'mains_fail' && a.isAvailable && !a.isNormal),
  );
  if (!site) throw new Error('no ktbl site with mains on');
  return site;
}

describe('Telegram messaging groups', () => {
  it('creates a group, chooses sites and alarms, and shows the messages of a mains failure', {
    timeout: 180_000,
  }, async () => {
    const site = await ktblSite();
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    try {
      await signIn(page, 'ktbl');
      await page.goto('/telegram');
      await page.getByRole('table', { name: 'Messaging groups' }).waitFor();

      await expect.poll(() => page.getByText('Telegram notifications are off').count()).toBe(0);

      // Create the group with one site.
      await page.getByRole('link', { name: 'Add group' }).click();
      await page.waitForURL('**/telegram/group/save');
      await page.getByLabel('Chat id').fill(CHAT);
      await page.getByLabel('Title').fill('KTBL field team');
      await page.getByRole('combobox', { name: 'Sites' }).fill(site.uid);
      await page
        .getByRole('option', { name: new RegExp(site.uid) })
        .first()
        .click();
      await page.keyboard.press('Escape');
      await shot(page, 'telegram-group-save');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL('**/telegram');
      const groups = page.getByRole('table', { name: 'Messaging groups' });
      await expect.poll(() => groups.getByText('KTBL field team').count()).toBe(1);
      await expect
        .poll(() => groups.getByText('https://t.me/+e2eInvite'.replace('https://', '')).count())
        .toBe(1);
      expect(standIn.calls.some((c) => c.method === 'getChatMember')).toBe(true);

      // Choose the alarms: mains only.
      await page.getByRole('link', { name: 'Alarm settings of KTBL field team' }).click();
      await page.waitForURL('**/telegram/alarm-settings?chat_id=*');
      await page.getByRole('button', { name: 'None', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Mains Fail', exact: true }).check();
      await page.getByRole('checkbox', { name: 'AC Line Fail', exact: true }).check();
      await shot(page, 'telegram-alarm-settings');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect.poll(() => page.getByText('Alarm settings saved').count()).toBe(1);

      // A mains failure at the site, then the mains back.
      await runScenario({ mqttUrl: server.mqttUrl, siteUid: site.uid, scenario: 'mains-fail' });
      const toChat = () => standIn.calls.filter((c) => String(c.body.chat_id) === CHAT);
      await expect
        .poll(() => toChat().filter((c) => c.method === 'sendMessage').length, { timeout: 30_000 })
        .toBe(1);
      await runScenario({ mqttUrl: server.mqttUrl, siteUid: site.uid, scenario: 'mains-restore' });
      await expect
        .poll(() => toChat().filter((c) => c.method === 'editMessageText').length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(toChat().filter((c) => c.method === 'sendMessage')).toHaveLength(1);

      await page.goto('/telegram');
      const messages = page.getByRole('table', { name: 'Messages of KTBL field team' });
      await expect.poll(() => messages.getByText('New message').count(), { timeout: 20_000 }).toBe(1);
      await expect
        .poll(() => messages.getByText('Edited message').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect(await messages.getByText(/Mains Fail raised/).count()).toBeGreaterThan(0);
      expect(await messages.getByText('failed').count()).toBe(0);
      // Every queued message of the scenario is sent in the end (the chat's pace is one call per 3 s).
      await expect
        .poll(() => messages.getByText('queued', { exact: true }).count(), { timeout: 60_000 })
        .toBe(0);
      await shot(page, 'telegram-groups');

      // The link code of /profile, for the Acknowledge button.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Get a link code' }).click();
      await expect.poll(() => page.getByText(/^\/link [A-Z2-9]{8}$/).count()).toBe(1);
      await shot(page, 'telegram-profile-link');
    } finally {
      await context.close();
    }
  });
});
