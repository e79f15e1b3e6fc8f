/**
 * Power data pages (issue 14 "Done when"), real server + simulator + Chromium: each of the six pages
 * shows charts and values for a demo site; a mains-fail scenario shows on /mains live and a started
 * generator on /generator live; a simulated fuel theft raises fuel_theft_suspected and shows on /fuel.
 */
import { type FuelFleetReply, powerEndpoints } from '@towerwatch/contract';
import { tenantLabel } from '@towerwatch/domain';
import { runScenario } from '@towerwatch/simulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, mqttUrl, navigateInApp } from './browser.ts';
import { openFromList, raised, type Site, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();
const withPage = chromium.withPage;

/** A DG site of ktbl (in the fuel fleet) whose mains is on, per the API. */
async function calmDgSite(): Promise<Site> {
  const token = await apiToken('ktbl');
  const fleet = await apiGet<FuelFleetReply>(token, powerEndpoints.fuelFleet.path);
  const dgSites = new Set(fleet.items.map((s) => s.siteUid));
  return siteWhere(
    'ktbl',
    (s) =>
      dgSites.has(s.uid) &&
      !raised(s, ['mains_fail', 'ac_line_fail', 'dg_on', 'site_down']) &&
      s.alarms.some((a) => a.id === 'dg_on' && a.isAvailable),
    'calm DG site',
  );
}

/** Waits until the chart `testId` is drawn: its canvas is there and has a size. */
async function chartDrawn(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId).locator('canvas');
  await canvas.first().waitFor({ timeout: 20_000 });
  const box = await canvas.first().boundingBox();
  expect(box?.width ?? 0, testId).toBeGreaterThan(100);
  expect(box?.height ?? 0, testId).toBeGreaterThan(100);
}

/** Clicks a page of the site sub-navigation. */
async function sitePage(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: label }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** The text of a test id once it matches `pattern` (polled: live values arrive with the socket). */
async function textMatching(page: Page, testId: string, pattern: RegExp): Promise<string> {
  let text = '';
  try {
    await expect
      .poll(
        async () => {
          text = (await page.getByTestId(testId).first().textContent()) ?? '';
          return pattern.test(text);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`${testId} should match ${pattern}, was "${text}"`, { cause: error });
  }
  return text;
}

describe('power pages', () => {
  it('each of the six pages shows charts and values for a demo site', async () => {
    const site = await calmDgSite();
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);

      await sitePage(page, 'Mains', '/mains');
      await textMatching(page, 'phase-a', /^\d+ V$/);
      await chartDrawn(page, 'phase-chart');
      await chartDrawn(page, 'mains-availability-chart');
      await textMatching(page, 'mains-availability-mean', /^\d+(\.\d)?% this month/);
      expect(await page.getByTestId('mains-state').textContent()).toBe('Mains present');

      await sitePage(page, 'Battery', '/battery');
      await textMatching(page, 'battery-voltage', /^\d+(\.\d)? V$/);
      await textMatching(page, 'backup-left', /\d+ (h|m)/);
      for (const chart of ['voltage-profile-chart', 'current-chart', 'health-history-chart', 'energy-chart'])
        await chartDrawn(page, chart);

      await sitePage(page, 'Generator', '/generator');
      await textMatching(page, 'dg-state', /^(Running|Stopped)$/);
      await textMatching(page, 'fuel-level', /^\d+ %$/);
      await textMatching(page, 'run-hours-total', /^DG \d+\.\d h/);
      await chartDrawn(page, 'run-hours-chart');
      await chartDrawn(page, 'fuel-chart');

      await sitePage(page, 'Temperature', '/temperature');
      await textMatching(page, 'temperature-now', /^\d+(\.\d)? °C$/);
      await textMatching(page, 'humidity-now', /^\d+ %$/);
      await chartDrawn(page, 'temperature-chart');
      await chartDrawn(page, 'humidity-chart');
      await textMatching(page, 'hot-hours', /hours? at or above \d+ °C today/);

      await navigateInApp(page, '/fuel');
      const fuelRows = page.getByRole('table', { name: 'DG fuel per site' }).locator('tbody tr');
      await expect.poll(() => fuelRows.count(), { timeout: 20_000 }).toBeGreaterThan(1);
      await expect.poll(() => fuelRows.first().textContent()).toMatch(/\d+ %/);
      await chartDrawn(page, 'fuel-fleet-chart');

      await navigateInApp(page, '/health');
      const devices = page.getByRole('table', { name: 'Devices' }).locator('tbody tr');
      await expect.poll(() => devices.count(), { timeout: 20_000 }).toBeGreaterThan(1);
      await textMatching(page, 'stat-value', /^\d[\d,]*$/);
      await chartDrawn(page, 'health-chart');
    });
  });

  it('a mains failure shows on /mains live, and a started generator on /generator', async () => {
    const site = await calmDgSite();
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await sitePage(page, 'Mains', '/mains');
      await textMatching(page, 'mains-state', /^Mains present$/);
      const mainsEvents = page.getByRole('list', { name: 'Site events' });
      await runScenario({ mqttUrl: mqttUrl(), siteUid: site.uid, scenario: 'mains-fail' });
      await textMatching(page, 'mains-state', /^Mains failed$/);
      await expect
        .poll(() => mainsEvents.getByText('Mains Fail', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);

      await sitePage(page, 'Generator', '/generator');
      await textMatching(page, 'dg-state', /^Stopped$/);
      const dgEvents = page.getByRole('list', { name: 'Site events' });
      const before = await dgEvents.getByText('DG Power', { exact: true }).count();
      // The outage goes on and the DG starts (the simulator's dg-on scenario).
      await runScenario({ mqttUrl: mqttUrl(), siteUid: site.uid, scenario: 'dg-on' });
      await textMatching(page, 'dg-state', /^Running$/);
      await expect
        .poll(() => dgEvents.getByText('DG Power', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(before);
    });
  });

  it("the top bar's tenant dropdown switches the power events to that tenant", async () => {
    const site = await siteWhere(
      'ktbl',
      (s) => s.tenants.length >= 2 && !raised(s, ['mains_fail', 'ac_line_fail', 'site_down']),
      'calm site with two tenants',
    );
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await sitePage(page, 'Mains', '/mains');
      const subtitle = page.getByText(`${site.name} · `).first();
      const first = ((await subtitle.textContent()) ?? '').split(' · ').at(-1) ?? '';
      const otherTenant = site.tenants.map(tenantLabel).find((label) => label !== first);
      if (!otherTenant) throw new Error('no second tenant');
      await page.getByRole('banner').getByLabel('Tenant', { exact: true }).first().click();
      await page.getByRole('option', { name: otherTenant }).click();
      await expect.poll(() => subtitle.textContent()).toBe(`${site.name} · ${otherTenant}`);
      const events = page.getByRole('list', { name: 'Site events' });
      await runScenario({ mqttUrl: mqttUrl(), siteUid: site.uid, scenario: 'mains-fail' });
      await expect
        .poll(() => events.getByText('Mains Fail', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const entries = (await events.locator('li').allTextContents()).filter((text) =>
        text.includes('Mains Fail'),
      );
      expect(entries.some((text) => text.includes(`· ${otherTenant}`))).toBe(true);
      expect(entries.filter((text) => text.includes(`· ${first}`))).toEqual([]);
    });
  });

  it('a simulated fuel theft raises fuel_theft_suspected and shows on /fuel', async () => {
    const token = await apiToken('ktbl');
    const fleet = await apiGet<FuelFleetReply>(token, powerEndpoints.fuelFleet.path);
    const target = fleet.items.find((s) => !s.dgRunning && !s.theftSuspected && s.levelPct >= 50);
    if (!target) throw new Error('no DG site with a full, idle tank');
    await withPage('ktbl', async (page) => {
      await page.goto('/fuel');
      const row = page
        .getByRole('table', { name: 'DG fuel per site' })
        .locator('tbody tr', { hasText: target.siteName });
      await page.getByLabel('Search sites').fill(target.siteUid);
      await row.first().waitFor({ timeout: 20_000 });
      expect(await row.first().getByText('Theft suspected').count()).toBe(0);
      const events = page.getByRole('list', { name: 'Fuel event list' });
      await runScenario({
        mqttUrl: mqttUrl(),
        siteUid: target.siteUid,
        scenario: 'fuel-theft',
        fuelPct: target.levelPct,
      });
      // Live: the event arrives on the socket and is prepended; the fleet figures refresh.
      const theft = events.locator('li[data-event-name="fuel_theft_suspected"]', {
        hasText: target.siteName,
      });
      await theft.first().waitFor({ timeout: 30_000 });
      expect(await theft.first().textContent()).toMatch(/Suspected theft: \d+ L/);
      await row.first().getByText('Theft suspected').waitFor({ timeout: 30_000 });
    });
    const page = await apiGet<{ items: { name: string; siteUid: string; value: number | null }[] }>(
      token,
      `${powerEndpoints.fuelEvents.path}?siteUid=${target.siteUid}`,
    );
    const stored = page.items.find((e) => e.name === 'fuel_theft_suspected');
    expect(stored?.value ?? 0).toBeGreaterThan(0);
  });
});
