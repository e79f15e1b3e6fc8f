/**
 * Takes the README screenshots (docs/screenshots/) with headless Chromium against a running server:
 * `BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/screenshots.ts [names...]`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';

async function signIn(page: Page, username: string) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('towerwatch');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome');
}

const SHOTS: Record<string, (page: Page) => Promise<void>> = {
  landing: async (page) => {
    await page.goto(`${BASE}/`);
    await page.getByRole('link', { name: 'Login Here' }).first().waitFor();
  },
  login: async (page) => {
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Username').waitFor();
  },
  'business-dashboard': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/dashboard/business`);
    await page.locator('[data-tile]').first().waitFor();
    await page.waitForTimeout(2500);
  },
  // A tenant read-only user: its tenant's dashboard, with the reason of a masked tile shown on focus.
  'tenant-dashboard': async (page) => {
    await signIn(page, 'robi.viewer');
    await page.goto(`${BASE}/dashboard/robi`);
    await page.locator('[data-tile]').first().waitFor();
    await page.waitForTimeout(2500);
    await page
      .getByRole('img', { name: /^Masked/ })
      .first()
      .hover();
    await page.getByRole('tooltip').waitFor();
    await page.waitForTimeout(600);
  },
  'legacy-dashboard': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/dashboard/legacy/dc-energy-meter`);
    await page.getByRole('tab', { name: 'DC Energy Meter' }).waitFor();
    await page.waitForTimeout(2500);
  },
  'site-list': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/list`);
    await page.getByRole('table', { name: 'Sites' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'site-map': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/map`);
    await page.locator('[data-map-item]').first().waitFor();
    await page.waitForTimeout(1500);
  },
  // /site opens the site of the last_site_uid cookie, else the first of the list (docs/requirements.md#site-load).
  'site-overview': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site`);
    await page.getByRole('region', { name: 'Door & lock' }).waitFor();
    await page.getByRole('list', { name: 'Site events' }).waitFor({ state: 'attached' });
    await page.waitForTimeout(2500);
  },
  'site-alarms': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/alarm`);
    await page.getByRole('table', { name: 'Site alarms' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'site-availability': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/availability`);
    await page.getByRole('table', { name: 'Site availability' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1000);
  },
  'site-rectifier': async (page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/site/rectifier`);
    await page.getByRole('table', { name: 'Rectifier sites' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1000);
  },
};

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SHOTS);
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const name of names) {
    const shot = SHOTS[name];
    if (!shot) throw new Error(`unknown screenshot ${name}`);
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await shot(page);
    // The landing page is shot whole: its footer carries the vendor's contact details.
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: name === 'landing' });
    console.log(`docs/screenshots/${name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
}
