/**
 * Analytics and reports (issue 15 "Done when"), real server + simulator + Chromium: /analytics shows
 * the four reports for the demo fleet (figures, a chart and a sortable table each); Export to Excel
 * saves a real .xlsx (read back with exceljs) holding the rows the page shows; /report shows the
 * reports of the open site only; a report that fails to load shows the server's message in a toast.
 */
import { analyticsEndpoints } from '@towerwatch/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, navigateInApp } from './browser.ts';
import { openFromList, type Site, siteWhere } from './site-pages.ts';

const chromium = chromiumForFile();
const withPage = chromium.withPage;

/** Waits until the chart `testId` is drawn: its canvas is there and has a size. */
async function chartDrawn(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId).locator('canvas');
  await canvas.first().waitFor({ timeout: 30_000 });
  const box = await canvas.first().boundingBox();
  expect(box?.width ?? 0, testId).toBeGreaterThan(100);
  expect(box?.height ?? 0, testId).toBeGreaterThan(100);
}

/** The data rows of a report table (the empty-text row left out), once at least `min` are there. */
async function reportRows(page: Page, caption: string, min = 1) {
  const rows = page
    .getByRole('table', { name: caption })
    .locator('tbody tr:not([data-empty]):not([aria-hidden])');
  await expect
    .poll(() => rows.count(), { timeout: 30_000, message: `${caption} rows` })
    .toBeGreaterThanOrEqual(min);
  return rows;
}

/** Chooses a report tab and waits for its table. */
async function tab(page: Page, name: string, caption: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('table', { name: caption }).waitFor({ timeout: 30_000 });
}

/** Shown figure of a summary card. */
async function figure(page: Page, label: string): Promise<string> {
  return (await page.getByLabel(label, { exact: true }).getByTestId('stat-value').textContent()) ?? '';
}

describe('analytics', () => {
  it('/analytics shows the four reports for the demo fleet', async () => {
    await withPage('ktbl', async (page) => {
      await page.getByRole('link', { name: 'Open dashboard' }).click();
      await page.waitForURL('**/dashboard/**');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Analytics' })
        .click();
      await page.waitForURL('**/analytics');
      await page.getByRole('heading', { name: 'Analytics', level: 2 }).waitFor();

      // DG: every site of the fleet is a row, the fleet's run hours are a figure, the chart is drawn.
      const dgRows = await reportRows(page, 'DG report', 2);
      expect(await figure(page, 'DG run hours')).toMatch(/^\d[\d,]*\.\d h$/);
      await chartDrawn(page, 'dg-report-chart');
      expect(await page.getByTestId('report-period').textContent()).toMatch(
        /^\d+ \w{3} \d{4} – \d+ \w{3} \d{4}/,
      );
      expect(await dgRows.count()).toBeGreaterThan(1);

      // Mains: availability per site and per day.
      await tab(page, 'Mains', 'Mains report');
      await reportRows(page, 'Mains report', 2);
      expect(await figure(page, 'Availability')).toMatch(/^\d+\.\d\d %$/);
      await chartDrawn(page, 'mains-report-chart');
      // Sorting by a column starts descending and toggles (the one table component).
      const header = page
        .getByRole('table', { name: 'Mains report' })
        .getByRole('columnheader', { name: /^Outages/ });
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');

      // Compare: the period before side by side (a figure's change and the table's column).
      await page.getByLabel('Compare with', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Previous period' }).click();
      await page.getByRole('columnheader', { name: /^Availability before/ }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('report-period').textContent()).toMatch(/compared with/);

      // Battery: the battery report with a threshold high enough to list the fleet's batteries.
      await tab(page, 'Battery', 'Battery report');
      const backup = page.getByLabel('Backup below', { exact: true }).first();
      await backup.fill('240');
      await expect.poll(() => figure(page, 'Backup below 240 h'), { timeout: 30_000 }).toMatch(/ of \d/);

      // Temperature: per site, with episodes per month.
      await tab(page, 'Temperature', 'Temperature report');
      await reportRows(page, 'Temperature report', 2);
      await page
        .getByTestId('temperature-report-chart')
        .or(page.getByTestId('temperature-report-chart-empty'))
        .waitFor();
    });
  });

  it('Export to Excel saves a valid .xlsx with the rows the page shows', async () => {
    await withPage('ktbl', async (page) => {
      await navigateInApp(page, '/analytics?report=mains');
      await reportRows(page, 'Mains report', 2);
      const shown = Number(((await page.getByTestId('report-row-count').textContent()) ?? '').split(' ')[0]);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^Mains report - all sites - \d{4}-\d{2}-\d{2} \d{4}\.xlsx$/,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      expect(book.worksheets.map((s) => s.name)).toEqual(expect.arrayContaining(['Mains', 'Parameters']));
      const sheet = book.getWorksheet('Mains');
      if (!sheet) throw new Error('no Mains sheet');
      const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
      expect(header.slice(0, 4)).toEqual(['Site ID', 'Site name', 'Tenants', 'Availability %']);
      const data: ExcelJS.CellValue[][] = [];
      sheet.eachRow((row, n) => {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        if (n > 1 && values[0] !== 'Total') data.push(values);
      });
      expect(data).toHaveLength(shown);
      // Typed cells: outage minutes are numbers, not text.
      expect(data.every((row) => typeof row[4] === 'number')).toBe(true);
    });
  });

  it('/report shows the reports of the open site only', async () => {
    const site: Site = await siteWhere('ktbl', (s) => s.tenants.length > 0, 'site with a tenant');
    await withPage('ktbl', async (page) => {
      await openFromList(page, site);
      await page
        .getByRole('navigation', { name: 'Site pages' })
        .getByRole('link', { name: 'Reports' })
        .click();
      await page.waitForURL('**/report');
      await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
      const dg = await reportRows(page, 'DG report');
      expect(await dg.count()).toBe(1);
      expect(await dg.first().textContent()).toContain(site.name);
      await tab(page, 'Mains', 'Mains report');
      const mains = await reportRows(page, 'Mains report');
      expect(await mains.count()).toBe(1);
      expect(await mains.first().textContent()).toContain(site.name);
      await chartDrawn(page, 'mains-report-chart');
    });
  });

  it("a report that fails to load shows the server's message in a toast", async () => {
    await withPage('ktbl', async (page) => {
      await page.route(`**${analyticsEndpoints.temperatureReport.path}?*`, (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 400,
            message: 'monthly_frequency: too large',
            field: 'monthly_frequency',
          }),
        }),
      );
      await navigateInApp(page, '/analytics?report=temperature');
      await page
        .getByRole('alert')
        .filter({ hasText: 'monthly_frequency: too large' })
        .first()
        .waitFor({ timeout: 20_000 });
      expect(
        await page
          .locator('.mantine-Notification-root')
          .filter({ hasText: 'monthly_frequency: too large' })
          .count(),
      ).toBe(1);
    });
  });
});
