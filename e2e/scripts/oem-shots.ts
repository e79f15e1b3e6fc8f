/**
 * Screenshots of OEM data and device monitoring (issue 16), added to the README shots of
 * screenshots.ts.
 */
import type { Page } from 'playwright-core';

/** The OEM and device-monitoring shots, against the server at `BASE`, signing in with `signIn`. */
export function oemShots(
  BASE: string,
  signIn: (page: Page, username: string) => Promise<void>,
): Record<string, (page: Page) => Promise<void>> {
  // OEM data and device monitoring (issue 16): a ktbl site with two battery strings, opened by the
  // last_site_uid cookie (docs/requirements.md#site-load).
  async function oemSite(): Promise<string> {
    const login = await fetch(`${BASE}/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ktbl', password: 'towerwatch' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const get = async <T>(p: string) =>
      (await (await fetch(`${BASE}${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    const { items } = await get<{ items: { uid: string }[] }>('/user/site/fetch?limit=1000&lean=true');
    for (const site of items) {
      const bms = await get<{ addresses: number[] }>(`/oem/api/bms-measurement?siteUid=${site.uid}`);
      if (bms.addresses?.length === 2) return site.uid;
    }
    throw new Error('no ktbl site with two batteries');
  }

  async function openOem(page: Page) {
    await signIn(page, 'ktbl');
    await page.context().addCookies([{ name: 'last_site_uid', value: await oemSite(), url: BASE }]);
    await page.goto(`${BASE}/oem/data`);
    await page.getByRole('table', { name: 'Rectifier modules' }).locator('tbody tr').first().waitFor();
  }

  return {
    'oem-data': async (page: Page) => {
      await openOem(page);
      await page.waitForTimeout(2000);
    },
    'oem-data-bms': async (page: Page) => {
      await openOem(page);
      await page.getByRole('tab', { name: 'BMS' }).click();
      await page.getByTestId('cell-chart').waitFor();
      await page.waitForTimeout(2000);
    },
    'oem-battery-health': async (page: Page) => {
      await signIn(page, 'ktbl');
      await page.goto(`${BASE}/oem/battery-health`);
      await page.getByRole('table', { name: 'Battery bank health' }).locator('tbody tr').first().waitFor();
      await page.waitForTimeout(1000);
    },
    'device-health': async (page: Page) => {
      await signIn(page, 'admin');
      await page.goto(`${BASE}/monitor/device-health`);
      await page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first().waitFor();
      await page.waitForTimeout(1000);
    },
    'service-string': async (page: Page) => {
      await signIn(page, 'admin');
      await page.goto(`${BASE}/monitor/service-string`);
      await page.getByTestId('service-string').first().waitFor();
      await page.waitForTimeout(1000);
    },
    'oem-records': async (page: Page) => {
      await signIn(page, 'admin');
      await page.goto(`${BASE}/monitor/oem-records`);
      await page.getByRole('table', { name: 'OEM records' }).locator('tbody tr').first().waitFor();
      await page.waitForTimeout(1000);
    },
  };
}
