/**
 * Screenshots of the tenant SLA report and scheduled reports (issue 15; screenshots.ts is at the file
 * size limit): `BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/screenshots-analytics-sla.ts`.
 * `SLA_QUERY` (e.g. `month=2026-10&target=99.9`) picks the view. Shows data when the server has site-down history and a produced report (the demo seed has neither).
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
  'sla-report': async (page) => {
    await page.goto(`${BASE}/analytics/sla${process.env.SLA_QUERY ? `?${process.env.SLA_QUERY}` : ''}`);
    await page.getByRole('table', { name: 'SLA by tenant' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
  },
  'report-schedules': async (page) => {
    await page.goto(`${BASE}/analytics/schedules`);
    await page.getByRole('table', { name: 'Produced reports' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(500);
  },
};

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const [name, shot] of Object.entries(SHOTS)) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await signIn(page, 'ktbl');
    await shot(page);
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: name === 'sla-report' });
    console.log(`docs/screenshots/${name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
}
