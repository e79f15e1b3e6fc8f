/**
 * Legacy dashboard export (issue 5 "Done when"): the DC Energy Meter table exported by the Export
 * button is a valid .xlsx (read with exceljs) holding exactly the rows the page shows; sorting by a
 * column starts descending and toggles.
 */

import { buildDemoFleet } from '@towerwatch/fleet';
import { runScenario } from '@towerwatch/simulator';
import ExcelJS from 'exceljs';

import { describe, expect, it } from 'vitest';
import { chromiumForFile, mqttUrl, newContext, signIn } from './browser.ts';

const chromium = chromiumForFile();

describe('legacy dashboard export', () => {
  it('DC Energy Meter exports a real .xlsx with the shown rows', async () => {
    // Readings from the simulator: two KTBL sites report their power state (pins with DC voltage and load).
    const sites = buildDemoFleet()
      .sites.filter((s) => s.company === 'ktbl')
      .slice(0, 2);
    for (const site of sites)
      await runScenario({ mqttUrl: mqttUrl(), siteUid: site.uid, scenario: 'overload' });
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      await signIn(page, 'ktbl');
      const table = page.getByRole('table', { name: 'DC Energy Meter' });
      const export_ = page.getByRole('button', { name: 'Export' });
      // Ingest persists the readings asynchronously: reopen the tab until they are there.
      await expect
        .poll(
          async () => {
            await page.goto('/dashboard/legacy/dc-energy-meter');
            await table.waitFor();
            await expect.poll(() => export_.isEnabled(), { timeout: 20_000 }).toBe(true);
            return table.locator('tbody tr:not([data-empty])').count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBeGreaterThan(0);

      const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
      const shown = await table
        .locator('tbody tr:not([data-empty])')
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
        );
      expect(shown.length).toBeGreaterThan(0);

      const [download] = await Promise.all([page.waitForEvent('download'), export_.click()]);
      expect(download.suggestedFilename()).toMatch(/^DC Energy Meter .*\.xlsx$/);
      const path = await download.path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);
      expect(values(sheet.getRow(1)).map(String)).toEqual(headers);
      const exported: ExcelJS.CellValue[][] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) exported.push(values(row));
      });
      expect(exported).toHaveLength(shown.length);
      // Same sites in the same multiset: Site ID and Site Name of every shown row are in the file.
      const key = (cells: unknown[]) => `${String(cells[0] ?? '')}|${String(cells[1] ?? '')}`;
      expect(shown.map(key).sort()).toEqual(exported.map(key).sort());
    } finally {
      await context.close();
    }
  });

  it('sorting starts descending and toggles', async () => {
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      await signIn(page, 'ktbl');
      await page.goto('/dashboard/legacy');
      const table = page.getByRole('table', { name: 'All RMS Station' });
      await table.locator('tbody tr').first().waitFor();
      const header = table.getByRole('columnheader', { name: /District/ });
      expect(await header.getAttribute('aria-sort')).toBe('none');
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      const districts = async () =>
        await table
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((r) => r.children[5]?.textContent ?? ''));
      const desc = await districts();
      expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a, undefined, { numeric: true })));
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      const asc = await districts();
      expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
      expect(asc).not.toEqual(desc);
    } finally {
      await context.close();
    }
  });
});
