/**
 * Live dashboard (issue 5 "Done when"): a mains failure published by the simulator's scenario
 * changes the open dashboard's counts without a reload, through the /wss socket; a security breach
 * plays the emergency alarm (a real <audio> element playing), shows the stop button and the pulsing
 * dot on the menu button, which opening the drawer clears.
 */
import { LIVE_EVENTS, type SiteListReply, siteEndpoints } from '@towerwatch/contract';
import { buildDemoFleet } from '@towerwatch/fleet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, newContext, signIn, simScenario } from './browser.ts';

const chromium = chromiumForFile();

const MAINS_ALARMS = ['mains_fail', 'ac_line_fail'];

/** A site of the company whose mains is on now (no raised mains alarm), per the API. */
async function calmSite(username: string, need: (site: SiteListReply['items'][number]) => boolean) {
  const token = await apiToken(username);
  const list = await apiGet<SiteListReply>(token, `${siteEndpoints.siteFetch.path}?limit=1000`);
  const site = list.items.find(
    (s) =>
      need(s) &&
      !s.alarms.some((a) => MAINS_ALARMS.includes(a.id) && a.isAvailable && !a.isNormal) &&
      !s.alarms.some((a) => a.id === 'security_breach' && a.isAvailable && !a.isNormal),
  );
  if (!site) throw new Error(`no calm site for ${username}`);
  return { token, site };
}

/** Opens the business dashboard the way a user does: sign in, then the Open dashboard button. */
async function openDashboard(page: Page, username: string) {
  await signIn(page, username);
  await page.getByRole('link', { name: 'Open dashboard' }).click();
  await page.waitForURL('**/dashboard/business');
  await page.locator('[data-tile="total_sites"] [data-testid="tile-count"]').waitFor();
  await expect.poll(() => page.getByLabel('Live connection open').count(), { timeout: 15_000 }).toBe(1);
}

describe('live counts', () => {
  it('a mains failure changes the open dashboard without a reload', async () => {
    const { token, site } = await calmSite('ktbl', () => true);
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    const powerFrames: number[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { event: string; payload: { mains_off?: number } };
        if (message.event === LIVE_EVENTS.POWER_COUNT && typeof message.payload.mains_off === 'number') {
          powerFrames.push(message.payload.mains_off);
        }
      });
    });
    try {
      await openDashboard(page, 'ktbl');
      await page.evaluate(() => {
        (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
      });
      const mainsOff = page.getByLabel('Power Mains Off');
      const before = Number(await mainsOff.textContent());
      const framesBefore = powerFrames.length;

      await simScenario(site.uid, 'mains-fail');

      // The server raised the site's mains alarm...
      await expect
        .poll(
          async () => {
            const list = await apiGet<SiteListReply>(
              token,
              `${siteEndpoints.siteFetch.path}?site_uid=${site.uid}`,
            );
            return list.items[0]?.alarms.some((a) => MAINS_ALARMS.includes(a.id) && !a.isNormal) ?? false;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      // ...pushed a new mains-off count on the socket (the demo fleet's simulator changes other power
      // counts meanwhile: a frame counts only when its mains-off moved), and the open page shows the
      // latest count it was sent.
      await expect
        .poll(() => powerFrames.slice(framesBefore).some((mainsOffNow) => mainsOffNow !== before), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect
        .poll(async () => Number(await mainsOff.textContent()) === powerFrames.at(-1), { timeout: 10_000 })
        .toBe(true);
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
        'same document',
      );
    } finally {
      await context.close();
    }
  });
});

describe('emergency alarm', () => {
  it('a security breach plays the alarm, shows the stop button and the pulsing dot', async () => {
    const acsSites = new Set(
      buildDemoFleet()
        .sites.filter((s) => s.company === 'ktbl' && s.has_acs)
        .map((s) => s.uid),
    );
    const { site } = await calmSite('ktbl', (s) => acsSites.has(s.uid));
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      await openDashboard(page, 'ktbl');
      const audio = page.getByTestId('emergency-alarm-audio');
      expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

      await simScenario(site.uid, 'security-breach');

      const stop = page.getByRole('button', { name: 'Stop alarm sound' });
      await stop.waitFor({ timeout: 20_000 });
      await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused && el.loop)).toBe(true);
      await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0)).toBe(true);
      const dot = page.getByRole('status', { name: 'Emergency alarm' });
      expect(await dot.count()).toBe(1);
      expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe('tw-pulse');

      await stop.click();
      await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
      expect(await stop.count()).toBe(0);
      // The dot stays until the drawer opens or closes.
      expect(await dot.count()).toBe(1);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => dot.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
