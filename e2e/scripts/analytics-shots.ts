/**
 * Screenshots of the analytics reports (issue 15), added to the README shots of screenshots.ts:
 * /analytics on the DG tab, the mains report compared with the period before, the battery report,
 * and the open site's /report page.
 */
import type { Page } from 'playwright-core';

/** Names of the analytics shots (taken whole: the reports are long). */
export const ANALYTICS_SHOTS = ['analytics', 'analytics-mains-compare', 'analytics-battery', 'report'];

/** The analytics shots, against the server at `base`, signing in with `signIn`. */
export function analyticsShots(
  base: string,
  signIn: (page: Page, username: string) => Promise<void>,
): Record<string, (page: Page) => Promise<void>> {
  const rows = (page: Page, caption: string) =>
    page.getByRole('table', { name: caption }).locator('tbody tr:not([data-empty])').first().waitFor();
  return {
    analytics: async (page) => {
      await signIn(page, 'ktbl');
      await page.goto(`${base}/analytics?report=dg`);
      await rows(page, 'DG report');
      await page.getByTestId('dg-report-chart').locator('canvas').waitFor();
      await page.waitForTimeout(1500);
    },
    'analytics-mains-compare': async (page) => {
      await signIn(page, 'ktbl');
      await page.goto(`${base}/analytics?report=mains`);
      await rows(page, 'Mains report');
      await page.getByLabel('Compare with', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Previous period' }).click();
      await page.getByRole('columnheader', { name: /^Availability before/ }).waitFor();
      await page.waitForTimeout(1500);
    },
    'analytics-battery': async (page) => {
      await signIn(page, 'ktbl');
      await page.goto(`${base}/analytics?report=battery`);
      await page.getByRole('table', { name: 'Battery report' }).waitFor();
      await page.getByLabel('Backup below', { exact: true }).first().fill('12');
      await page.waitForTimeout(2500);
    },
    // /report opens the site of the last_site_uid cookie, else the first of the list.
    report: async (page) => {
      await signIn(page, 'ktbl');
      await page.goto(`${base}/site`);
      await page
        .getByRole('navigation', { name: 'Site pages' })
        .getByRole('link', { name: 'Reports' })
        .click();
      await page.getByRole('tab', { name: 'Mains', exact: true }).click();
      await rows(page, 'Mains report');
      await page.getByTestId('mains-report-chart').locator('canvas').waitFor();
      await page.waitForTimeout(1500);
    },
  };
}
