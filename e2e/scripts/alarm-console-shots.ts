/**
 * Screenshots of the alarm console (issue 37), added to the README shots of screenshots.ts: desktop
 * (1440×900) and phone (390×844, `VIEWPORTS`).
 */
import type { Page } from 'playwright-core';

export const ALARM_CONSOLE_VIEWPORTS: Readonly<Record<string, { width: number; height: number }>> = {
  'alarm-console-phone': { width: 390, height: 844 },
};

/** The console shots, against the server at `BASE`, signing in with `signIn`. */
export function alarmConsoleShots(
  BASE: string,
  signIn: (page: Page, username: string) => Promise<void>,
): Record<string, (page: Page) => Promise<void>> {
  const open = async (page: Page) => {
    await signIn(page, 'ktbl');
    await page.goto(`${BASE}/alarm-console`);
    await page.getByTestId('alarm-console-rows').locator('tbody tr[data-row-key]').first().waitFor();
    await page.waitForTimeout(1500);
  };
  return { 'alarm-console': open, 'alarm-console-phone': open };
}
