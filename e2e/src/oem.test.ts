/**
 * Issue 16 "Done when" in Chromium against the real server and simulator: /oem/data shows a demo
 * site's rectifier and BMS data and switches battery address; the monitor pages list the demo
 * fleet's devices with real last-seen times; a device stopped in the simulator turns offline on
 * /monitor/device-health.
 */
import {
  type BmsMeasurementReply,
  deviceMonitorEndpoints,
  type HealthListReply,
  oemEndpoints,
  type RectifierMeasurementReply,
} from '@towerwatch/contract';
import { buildDemoFleet } from '@towerwatch/fleet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, navigateInApp, simControlUrl, sitesOf } from './browser.ts';
import { openFromList, type Site } from './site-pages.ts';

const chromium = chromiumForFile();
const fleet = buildDemoFleet();

/** A ktbl site with a BMS of two battery strings whose records have arrived (the simulator sends them on connect). */
async function siteWithTwoBatteries(): Promise<Site> {
  const token = await apiToken('ktbl');
  const sites = await sitesOf('ktbl');
  const twoStrings = new Set(fleet.sites.filter((s) => s.bms && s.battery_max >= 200).map((s) => s.uid));
  const candidates = sites.filter((s) => twoStrings.has(s.uid));
  let chosen: Site | undefined;
  await expect
    .poll(
      async () => {
        for (const site of candidates) {
          const query = `?siteUid=${site.uid}`;
          const bms = await apiGet<BmsMeasurementReply>(token, `${oemEndpoints.bmsMeasurement.path}${query}`);
          const rect = await apiGet<RectifierMeasurementReply>(
            token,
            `${oemEndpoints.rectifierMeasurement.path}${query}`,
          );
          if (bms.addresses.length === 2 && bms.latest && rect.latest) {
            chosen = site;
            return true;
          }
        }
        return false;
      },
      { timeout: 60_000, interval: 2_000, message: 'no ktbl site with two batteries reported OEM data' },
    )
    .toBe(true);
  return chosen as Site;
}

/** Stops or starts a device of the server's simulator (its test hooks). */
async function simDevice(action: 'stop' | 'start', siteUid: string): Promise<void> {
  const response = await fetch(`${simControlUrl()}/device/${action}`, {
    method: 'POST',
    body: JSON.stringify({ siteUid }),
  });
  expect(response.status).toBe(200);
}

const stat = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('p').nth(1);

describe('/oem/data', () => {
  it('shows the rectifier and the BMS of a demo site and switches battery address', async () => {
    const site = await siteWithTwoBatteries();
    const token = await apiToken('ktbl');
    await chromium.withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await page
        .getByRole('navigation', { name: 'Site pages' })
        .getByRole('link', { name: 'OEM Data' })
        .click();
      await page.waitForURL('**/oem/data');
      await page.getByRole('heading', { name: 'OEM Data', level: 2 }).waitFor();
      // Rectifier tab by default: live figures, modules, info.
      expect(await page.getByRole('tab', { name: 'Rectifier' }).getAttribute('aria-selected')).toBe('true');
      await stat(page, 'Output voltage').waitFor();
      expect(await stat(page, 'Output voltage').textContent()).toMatch(/^\d+\.\d\d V$/);
      const modules = page.getByRole('table', { name: 'Rectifier modules' }).locator('tbody tr');
      await modules.first().waitFor();
      const rect = await apiGet<RectifierMeasurementReply>(
        token,
        `${oemEndpoints.rectifierMeasurement.path}?siteUid=${site.uid}`,
      );
      expect(await modules.count()).toBe(rect.latest?.modules.length);
      expect(await page.getByLabel('Rectifier info').textContent()).toContain('Serial');
      expect(await stat(page, 'Status register').textContent()).toMatch(/^[01]{5}$/);
      // BMS tab: battery 1 by default, then battery 2.
      await page.getByRole('tab', { name: 'BMS' }).click();
      const address = page.getByRole('radiogroup', { name: 'Battery address' });
      await address.waitFor();
      expect(await address.getByRole('radio', { name: '1' }).isChecked()).toBe(true);
      await page.getByLabel('Battery 1', { exact: true }).waitFor();
      const one = await apiGet<BmsMeasurementReply>(
        token,
        `${oemEndpoints.bmsMeasurement.path}?siteUid=${site.uid}&address=1`,
      );
      expect(await page.getByLabel('Battery 1', { exact: true }).textContent()).toContain('Cycle count');
      // The page shows what the API answers (polled: a new record may arrive meanwhile).
      await expect
        .poll(async () => {
          const now = await apiGet<BmsMeasurementReply>(
            token,
            `${oemEndpoints.bmsMeasurement.path}?siteUid=${site.uid}&address=1`,
          );
          return (await stat(page, 'State of health').textContent()) === `${now.latest?.soh.toFixed(1)} %`;
        })
        .toBe(true);
      await page.getByTestId('cell-chart').waitFor();
      expect(await page.getByTestId('cell-spread').textContent()).toMatch(
        /Weakest cell \d+ .* strongest cell \d+/,
      );
      await address.getByText('2', { exact: true }).click();
      await page.getByLabel('Battery 2', { exact: true }).waitFor();
      const two = await apiGet<BmsMeasurementReply>(
        token,
        `${oemEndpoints.bmsMeasurement.path}?siteUid=${site.uid}&address=2`,
      );
      expect(two.latest?.address).toBe(2);
      expect(await page.getByRole('img', { name: 'Cell voltages of battery 2' }).count()).toBe(1);
      expect(one.latest?.cycle_count).not.toBe(two.latest?.cycle_count);
      // OEM events panel is there (its list may be empty on a calm site).
      await page.getByRole('heading', { name: 'OEM events' }).waitFor();
    });
  });
});

describe('monitor pages', () => {
  it('list the demo fleet’s devices with real last-seen times', async () => {
    const token = await apiToken('admin');
    const reply = await apiGet<HealthListReply>(token, deviceMonitorEndpoints.healthList.path);
    expect(reply.total).toBe(fleet.devices.length);
    const seen = reply.items.filter((d) => d.lastSeen);
    expect(seen.length).toBeGreaterThan(fleet.devices.length / 2);
    const recent = seen.find((d) => d.online && Date.now() - Date.parse(d.lastSeen as string) < 10 * 60_000);
    expect(recent).toBeDefined();
    await chromium.withPage('admin', async (page) => {
      await navigateInApp(page, '/monitor/device-health');
      await expect
        .poll(() => page.getByTestId('device-count').textContent(), { timeout: 20_000 })
        .toContain(`of ${fleet.devices.length.toLocaleString('en-US')} devices`);
      await page.getByLabel('Search devices').fill(recent?.comId ?? '');
      const row = page
        .getByRole('table', { name: 'Devices' })
        .locator('tbody tr', { hasText: recent?.comId ?? '' });
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      expect(text).toMatch(/\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M/);
      await page
        .getByRole('navigation', { name: 'Monitor pages' })
        .getByRole('link', { name: 'Service String' })
        .click();
      await page.waitForURL('**/monitor/service-string');
      await page.getByLabel('Search service strings').fill(recent?.comId ?? '');
      await expect
        .poll(() => page.getByTestId('service-string').first().textContent(), { timeout: 20_000 })
        .toMatch(/model=.*; fw=2\.4\.1; up=.*; rssi=-\d+ dBm; err=/);
      await page
        .getByRole('navigation', { name: 'Monitor pages' })
        .getByRole('link', { name: 'OEM Records' })
        .click();
      await page.waitForURL('**/monitor/oem-records');
      const records = page.getByRole('table', { name: 'OEM records' }).locator('tbody tr');
      await records.first().waitFor();
      expect(await records.count()).toBe(100);
    });
  });

  it('a device stopped in the simulator turns offline on /monitor/device-health', async () => {
    const token = await apiToken('admin');
    let target: HealthListReply['items'][number] | undefined;
    await expect
      .poll(async () => {
        const { items } = await apiGet<HealthListReply>(token, deviceMonitorEndpoints.healthList.path);
        target = items.find((d) => d.online && d.siteUid);
        return target !== undefined;
      })
      .toBe(true);
    const device = target as HealthListReply['items'][number];
    await chromium.withPage('admin', async (page) => {
      await navigateInApp(page, '/monitor/device-health');
      await page.getByLabel('Search devices').fill(device.comId);
      const status = page
        .getByRole('table', { name: 'Devices' })
        .locator('tbody tr', { hasText: device.comId })
        .getByTestId('device-status');
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Online');
      await simDevice('stop', device.siteUid as string);
      // The broker publishes the device's last will; the page refreshes every 30 s.
      await expect.poll(() => status.textContent(), { timeout: 60_000, interval: 1_000 }).toMatch(/^Offline/);
      await simDevice('start', device.siteUid as string);
    });
  });
});
