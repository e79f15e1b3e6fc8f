/**
 * Issue 37 point 12: the light theme (docs/decisions/theme-per-user-in-local-storage.md). The top bar's
 * switch turns the whole app light, the choice survives a reload and is the user's: another user
 * signing in on the same browser keeps their own (dark by default) and the first gets theirs back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, newContext, openSignedIn } from './browser.ts';

const chromium = chromiumForFile();

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/** Relative luminance (0 black … 1 white) of the page's background colour. */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(
      Number,
    );
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

/** Opens the user's home and waits for the top bar's switch. */
async function openHome(page: Page, username: string) {
  await openSignedIn(page, username, '/dashboard');
  await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).waitFor();
}

describe('light theme', () => {
  it('the switch turns the app light, the choice survives a reload and belongs to the user', async () => {
    const context = await newContext(chromium.browser);
    const page = await context.newPage();
    try {
      await openHome(page, 'ktbl');
      expect(await scheme(page)).toBe('dark');
      expect(await backgroundLuminance(page)).toBeLessThan(0.3);

      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect.poll(() => scheme(page)).toBe('light');
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();

      await page.reload();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await scheme(page)).toBe('light');
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);

      // Another user on the same browser: their own theme (never chosen: dark).
      await openHome(page, 'ktbl.employee');
      await expect.poll(() => scheme(page)).toBe('dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();

      // The first user again: light, as they left it.
      await openHome(page, 'ktbl');
      await expect.poll(() => scheme(page)).toBe('light');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect.poll(() => scheme(page)).toBe('dark');
      await page.reload();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await scheme(page)).toBe('dark');
    } finally {
      await context.close();
    }
  });
});
