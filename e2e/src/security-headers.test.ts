/**
 * Issue 34 finding 8 in Chromium: the built web app runs under its Content-Security-Policy (docs/security.md
 * "Browser hardening") — landing, sign-in, the dashboard with its live socket, the site map (Leaflet),
 * analytics (ECharts) and the service worker — with no policy violation reported by the browser, and the
 * pages refuse to be framed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chromiumForFile, newContext, signIn } from './browser.ts';

const chromium = chromiumForFile();

/** Collects the page's CSP violations (the browser's `securitypolicyviolation` events and console). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => [
    ...console,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

describe('the web app under its Content-Security-Policy', () => {
  it('renders landing, sign-in, dashboard, map and analytics with no violation', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      const violations = await watchViolations(page);
      const landing = await page.goto('/');
      const csp = landing?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(landing?.headers()['x-frame-options']).toBe('DENY');
      await signIn(page, 'ktbl');
      // The service worker registers and takes the page (a same-origin script under the policy).
      await expect
        .poll(
          () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
          {
            timeout: 60_000,
          },
        )
        .toBe('activated');
      await page.goto('/dashboard');
      await page.locator('[data-tile]').first().waitFor({ timeout: 60_000 });
      await page.goto('/site/map');
      await page.locator('[data-map-item]').first().waitFor({ timeout: 60_000 });
      await page.goto('/analytics');
      await page.locator('canvas, table').first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: '/tmp/towerwatch-csp-analytics.png' });
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page of the app cannot be framed by another origin', async () => {
    // A page of another origin (another port) that frames the app's sign-in page.
    const framer = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><iframe id="app" src="${baseUrl()}/login" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    const { port } = framer.address() as AddressInfo;
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      await page.goto(`http://localhost:${port}/`);
      // Chromium replaces a refused frame with its error page.
      await expect
        .poll(() => page.frames().map((f) => f.url()), { timeout: 30_000 })
        .toContain('chrome-error://chromewebdata/');
      expect(page.frames().some((f) => f.url().startsWith(`${baseUrl()}/login`))).toBe(false);
    } finally {
      await context.close();
      await new Promise((resolve) => framer.close(resolve));
    }
  });
});
