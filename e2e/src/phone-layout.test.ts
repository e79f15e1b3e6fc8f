/**
 * Issue 37 point 10: the site pages on a phone (390×844, docs/requirements.md#phone-layout). Field
 * engineers open doors from phones: on every page of the open site (the site sub-navigation's pages,
 * the OEM data's BMS tab and each report tab) the page does not scroll sideways, every tab of the site
 * pages is inside the screen, and the site's ID and name are shown.
 */
import { COOKIES, siteNavItemsFor } from '@towerwatch/domain';
import { buildDemoFleet } from '@towerwatch/fleet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chromiumForFile, newContext, openSignedIn, simScenario } from './browser.ts';
import { settled } from './navigation-helpers.ts';
import { raised, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();

const PHONE = { width: 390, height: 844 };

/** How far the page can scroll sideways (0: not at all). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
  });

/** Checks the open page as a phone shows it: no sideways scroll, tabs and site identity on screen. */
async function checkPhonePage(page: Page, site: { genericId: string; name: string }, where: string) {
  expect(await sidewaysScroll(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  const id = page.getByLabel('Site ID', { exact: true });
  await id.waitFor();
  expect((await id.textContent())?.trim(), where).toBe(site.genericId);
  const name = page.getByTestId('site-name');
  expect(await name.isVisible(), `${where}: site name`).toBe(true);
  expect((await name.textContent())?.trim(), where).toBe(site.name);
  for (const box of [await id.boundingBox(), await name.boundingBox()]) {
    expect(box, where).not.toBeNull();
    expect(box?.x ?? -1, where).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(PHONE.width);
  }
  // Every tab of the site pages is readable: inside the screen, not scrolled or cut off.
  const tabs = page.getByRole('navigation', { name: 'Site pages' }).getByRole('link');
  for (const box of await tabs.evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      const label = node.querySelector('.mantine-Button-label');
      return {
        text: node.textContent ?? '',
        left: r.left,
        right: r.right,
        cut: label ? label.scrollWidth > label.clientWidth : false,
      };
    }),
  )) {
    expect(box.left, `${where}: tab ${box.text}`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${where}: tab ${box.text}`).toBeLessThanOrEqual(PHONE.width);
    expect(box.cut, `${where}: tab ${box.text} cut`).toBe(false);
  }
}

describe('site pages on a phone (390×844)', () => {
  it('no page of the open site scrolls sideways; its tabs, ID and name are on screen', async () => {
    const site = await siteWhere(
      'ktbl',
      (s) => s.tenants.length > 1 && s.devices.length > 0,
      'site with several tenants and a device',
    );
    const context = await newContext(chromium.browser);
    await context.addCookies([{ name: COOKIES.lastSiteUid, value: site.uid, url: baseUrl() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    try {
      await openSignedIn(page, 'ktbl', '/site');
      await settled(page, '/site');
      const shown = { genericId: site.meta.generic_site_id ?? site.uid, name: site.name };
      const nav = page.getByRole('navigation', { name: 'Site pages' });
      const pages = siteNavItemsFor({
        type: 'company',
        meta: { accessRoles: ['acs', 'rms', 'alarm_settings'] },
      });
      expect(pages.length).toBeGreaterThanOrEqual(10);
      for (const item of pages) {
        // Tapped as a user does, from the tabs.
        await nav.getByRole('link', { name: item.label, exact: true }).click();
        await settled(page, item.path);
        await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
        await checkPhonePage(page, shown, item.path);
        if (item.path === '/oem/data') {
          await page.getByRole('tab', { name: 'BMS' }).click();
          await settled(page, item.path);
          await checkPhonePage(page, shown, '/oem/data BMS');
        }
        if (item.path === '/report') {
          for (const tab of ['Mains', 'Battery', 'Temperature']) {
            await page.getByRole('tab', { name: tab, exact: true }).click();
            await page.waitForURL((url) => url.searchParams.get('report') === tab.toLowerCase());
            await settled(page, item.path);
            await checkPhonePage(page, shown, `/report ${tab}`);
          }
        }
      }
    } finally {
      await context.close();
    }
  });

  it('while an emergency alarm sounds, the top bar still shows the page title beside the stop button', async () => {
    const acsSites = new Set(
      buildDemoFleet()
        .sites.filter((s) => s.company === 'ktbl' && s.has_acs)
        .map((s) => s.uid),
    );
    const site = await siteWhere(
      'ktbl',
      (s) => acsSites.has(s.uid) && !raised(s, ['security_breach']),
      'ACS site without a breach',
    );
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    try {
      await openSignedIn(page, 'ktbl', '/site/list');
      await settled(page, '/site/list');
      await simScenario(site.uid, 'security-breach');
      const stop = page.getByRole('button', { name: /^(Stop alarm sound|Play alarm)$/ });
      await stop.waitFor({ timeout: 30_000 });
      const title = page.getByRole('banner').getByRole('heading', { level: 1 });
      expect(await title.textContent()).toBe('All Sites');
      const box = await title.boundingBox();
      // Its first letters at least: "All S…" and more, not squeezed to nothing by the buttons.
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(50);
      for (const control of [stop, page.getByRole('banner').getByRole('link', { name: 'All Sites' })]) {
        const b = await control.boundingBox();
        expect((b?.x ?? PHONE.width) + (b?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/phone-emergency-alarm.png` });
    } finally {
      await context.close();
    }
  });
});
