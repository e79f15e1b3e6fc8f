/**
 * Tenant SLA and scheduled reports in Chromium against the real server (issue 15 "Beyond the
 * anchors"): /analytics links to both pages; the SLA page shows the API's tenant figures for the demo
 * fleet of this month, its Export to Excel is a valid .xlsx with the same tenants; a company admin
 * schedules a monthly report (all five kinds offered) and deletes it; a read-only user sees only its
 * tenant and no schedules.
 */
import { analyticsSlaEndpoints, type SlaReportReply } from '@towerwatch/contract';
import { SCHEDULED_REPORT_KIND_LABELS, SCHEDULED_REPORT_KINDS, tenantLabel } from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken, chromiumForFile, navigateInApp } from './browser.ts';

const chromium = chromiumForFile();
const withPage = chromium.withPage;

const tenantTable = (page: Page) => page.getByRole('table', { name: 'SLA by tenant' });
const dataRows = (page: Page, name: string) =>
  page.getByRole('table', { name }).locator('tbody tr:not([data-empty])');

async function openSla(page: Page) {
  await navigateInApp(page, '/analytics/sla');
  await tenantTable(page).waitFor();
}

describe('from /analytics', () => {
  it('reaches the tenant SLA report and the scheduled reports through their links', async () => {
    await withPage('ktbl', async (page) => {
      await navigateInApp(page, '/analytics');
      await page.getByRole('link', { name: 'Tenant SLA report' }).click();
      await page.waitForURL('**/analytics/sla**');
      await tenantTable(page).waitFor();
      await navigateInApp(page, '/analytics');
      await page.getByRole('link', { name: 'Scheduled reports' }).click();
      await page.waitForURL('**/analytics/schedules');
      await page.getByRole('table', { name: 'Schedules' }).waitFor();
      // The server produces every kind: the form offers all five, none greyed out.
      await page.getByLabel('Report', { exact: true }).first().click();
      const options = page.getByRole('option');
      await expect
        .poll(() => options.allTextContents())
        .toEqual(SCHEDULED_REPORT_KINDS.map((k) => SCHEDULED_REPORT_KIND_LABELS[k]));
      expect(await page.locator('[role="option"][data-combobox-disabled]').count()).toBe(0);
    });
  });
});

describe('tenant SLA report', () => {
  it("shows the API's figures per tenant and exports them as a real .xlsx", async () => {
    const token = await apiToken('ktbl');
    await withPage('ktbl', async (page) => {
      await openSla(page);
      const month = new URL(page.url()).searchParams.get('month');
      const api = await apiGet<SlaReportReply>(
        token,
        `${analyticsSlaEndpoints.slaReport.path}${month ? `?month=${month}` : ''}`,
      );
      expect(api.tenants.length).toBeGreaterThan(0);
      await expect.poll(() => dataRows(page, 'SLA by tenant').count()).toBe(api.tenants.length);
      const shown = await dataRows(page, 'SLA by tenant').evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      );
      for (const t of api.tenants) {
        const row = shown.find((cells) => cells[0] === tenantLabel(t.tenant));
        expect(row, t.tenant).toBeDefined();
        expect(row?.[1]).toBe(String(t.sites));
        expect(row?.[4]).toBe(t.availability === null ? '–' : `${t.availability.toFixed(2)} %`);
      }
      await expect.poll(() => page.getByTestId('sla-chart').locator('canvas').count()).toBeGreaterThan(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^tenant-sla-\d{4}-\d{2}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      expect(book.worksheets.map((w) => w.name)).toEqual([
        'SLA by tenant',
        'Sites below target',
        'Parameters',
      ]);
      const sheet = book.getWorksheet('SLA by tenant');
      const exported: string[] = [];
      sheet?.eachRow((row, n) => {
        if (n > 1) exported.push(String(row.getCell(2).value));
      });
      expect(exported.sort()).toEqual(api.tenants.map((t) => t.tenant).sort());
      expect(typeof sheet?.getRow(2).getCell(3).value).toBe('number');
    });
  });

  it('shows a read-only user its own tenant only, and no schedules', async () => {
    await withPage('robi.viewer', async (page) => {
      await openSla(page);
      await expect.poll(() => dataRows(page, 'SLA by tenant').allTextContents()).toHaveLength(1);
      expect(await dataRows(page, 'SLA by tenant').first().locator('td').first().textContent()).toBe(
        tenantLabel('robi'),
      );
      await navigateInApp(page, '/analytics/schedules');
      await page.getByText("Only your company's admins schedule reports.").waitFor();
    });
  });
});

describe('scheduled reports', () => {
  it('lets a company admin schedule a monthly SLA report and delete it', async () => {
    await withPage('ktbl', async (page) => {
      await navigateInApp(page, '/analytics/schedules');
      await page.getByRole('table', { name: 'Schedules' }).waitFor();
      const before = await dataRows(page, 'Schedules').count();
      await page.getByLabel('Target %').fill('99.9');
      await page.getByRole('button', { name: 'Schedule monthly' }).click();
      await expect.poll(() => dataRows(page, 'Schedules').count()).toBe(before + 1);
      const row = dataRows(page, 'Schedules').last();
      expect(await row.textContent()).toContain('Tenant SLA report');
      expect(await row.textContent()).toContain('99.9 %');
      expect(await row.textContent()).toContain('not yet');
      await page.getByRole('table', { name: 'Produced reports' }).waitFor();
      await row.getByRole('button', { name: /^Delete schedule/ }).click();
      await expect.poll(() => dataRows(page, 'Schedules').count()).toBe(before);
    });
  });
});
