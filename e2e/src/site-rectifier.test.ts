import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSite, chromiumForFile, navigateInApp, simScenario, sitesOf } from './browser.ts';

type Site = ApiSite;

const chromium = chromiumForFile();

const withPage = chromium.withPage;

const n = (value: number) => value.toLocaleString('en-US');
const typesOf = (site: Site) => [site.rectifier.rectifier_type, site.rectifier.rectifier_type_2];
const raised = (site: Site, id: string) =>
  site.alarms.some((a) => a.id === id && a.isAvailable && !a.isNormal && !a.isDisable);
const VENDORS = ['vertiv', 'sarbs', 'eltek', 'jvolt'] as const;

async function openRectifiers(page: Page, search = '') {
  await navigateInApp(page, `/site/rectifier${search}`);
  await page.getByRole('table', { name: 'Rectifier sites' }).waitFor();
}

const vendorCard = (page: Page, vendor: string) => page.locator(`[data-vendor="${vendor}"]`);

describe('rectifiers', () => {
  it("counts the user's sites per rectifier vendor and the raised rectifier alarms as the API does", async () => {
    const sites = await sitesOf('ktbl');
    await withPage('ktbl', async (page) => {
      await openRectifiers(page);
      await expect
        .poll(() => page.getByTestId('rectifier-count').textContent())
        .toBe(`${n(sites.length)} of ${n(sites.length)} sites`);
      for (const vendor of VENDORS) {
        const expected = sites.filter((s) => typesOf(s).includes(vendor)).length;
        expect(await vendorCard(page, vendor).getByTestId('vendor-sites').textContent()).toBe(n(expected));
      }
      const none = sites.filter((s) => typesOf(s).every((t) => t === null)).length;
      expect(await vendorCard(page, 'none').getByTestId('vendor-sites').textContent()).toBe(n(none));
      // The simulator raises and clears alarms meanwhile: page and API must agree on one reading.
      await expect
        .poll(
          async () => {
            const now = await sitesOf('ktbl');
            const expected = ['mains_fail', 'rectifier_fail', 'site_down'].map(
              (id) => now.filter((s) => raised(s, id)).length,
            );
            const shown = await Promise.all(
              ['mains_fail', 'rectifier_fail', 'site_down'].map((id) =>
                page.locator(`[data-alarm="${id}"]`).textContent(),
              ),
            );
            return shown.map((text) => Number(text?.split(':').at(-1)?.replace(/\D/g, ''))).join(',') ===
              expected.join(',')
              ? 'same'
              : `page ${shown.join(' | ')} api ${expected.join(',')}`;
          },
          { timeout: 20_000 },
        )
        .toBe('same');
    });
  });

  it("the vendor filter lists exactly that vendor's sites and is kept in the URL", async () => {
    const sites = await sitesOf('ktbl');
    const eltek = sites.filter((s) => typesOf(s).includes('eltek'));
    expect(eltek.length).toBeGreaterThan(0);
    await withPage('ktbl', async (page) => {
      await openRectifiers(page);
      // The segment's radio input is visually hidden: click its label, as a user does.
      const radioId = await page.getByRole('radio', { name: 'Eltek' }).getAttribute('id');
      await page.locator(`label[for="${radioId}"]`).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('vendor')).toBe('eltek');
      await expect
        .poll(() => page.getByTestId('rectifier-count').textContent())
        .toBe(`${n(eltek.length)} of ${n(sites.length)} sites`);
      const rows = page.getByRole('table', { name: 'Rectifier sites' }).locator('tbody tr');
      const shownUids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-site-uid')));
      expect(shownUids.sort()).toEqual(eltek.map((s) => s.uid).sort());
      const cells = await rows.getByTestId('site-rectifier').allTextContents();
      expect(cells.every((text) => text.includes('Eltek'))).toBe(true);
      // A link with the filter opens filtered.
      await openRectifiers(page, '?vendor=jvolt');
      const jvolt = sites.filter((s) => typesOf(s).includes('jvolt')).length;
      await expect
        .poll(() => page.getByTestId('rectifier-count').textContent())
        .toBe(`${n(jvolt)} of ${n(sites.length)} sites`);
    });
  });

  it('a company user sees only the sites of their company', async () => {
    const ftb = await sitesOf('ftb');
    const ktbl = await sitesOf('ktbl');
    const ftbUids = new Set(ftb.map((s) => s.uid));
    const other = ktbl.find((s) => !ftbUids.has(s.uid));
    if (!other) throw new Error('no ktbl-only site');
    await withPage('ftb', async (page) => {
      await openRectifiers(page);
      await expect
        .poll(() => page.getByTestId('rectifier-count').textContent())
        .toBe(`${n(ftb.length)} of ${n(ftb.length)} sites`);
      await page.getByLabel('Search sites').fill(other.uid);
      await page.getByText('No site matches.').waitFor();
    });
  });

  it('a mains failure shows live on the site row and in the live rectifier alarms', async () => {
    const sites = await sitesOf('ktbl');
    const site = sites.find(
      (s) =>
        s.alarms.some((a) => a.id === 'mains_fail') &&
        !['mains_fail', 'rectifier_fail', 'site_down'].some((id) => raised(s, id)),
    );
    if (!site) throw new Error('no ktbl site with mains on');
    await withPage('ktbl', async (page) => {
      await openRectifiers(page);
      await page.getByLabel('Search sites').fill(site.uid);
      const row = page.locator(`tr[data-site-uid="${site.uid}"]`);
      await row.waitFor();
      expect(await row.getByTestId('site-rectifier-alarms').textContent()).toBe('None');
      await simScenario(site.uid, 'mains-fail');
      await expect
        .poll(() => row.getByTestId('site-rectifier-alarms').textContent(), { timeout: 20_000 })
        .toContain('Mains Fail');
      const feed = page.getByRole('list', { name: 'Live rectifier alarms' });
      await expect
        .poll(() => feed.locator('li', { hasText: site.name }).getByText('Mains Fail').count(), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
    });
  });
});
