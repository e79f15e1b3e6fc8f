/**
 * Screenshots of the alarm console (issue 37), added to the README shots of screenshots.ts: desktop
 * (1440×900) and phone (390×844, `VIEWPORTS`), in the dark theme and, `-light`, in the light theme
 * (switched with the top bar's switch, as a user does).
 */
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };

export const ALARM_CONSOLE_VIEWPORTS: Readonly<Record<string, { width: number; height: number }>> = {
  'alarm-console-phone': PHONE,
  'alarm-console-phone-light': PHONE,
};

/** Switches the signed-in page to the light theme with the top bar's switch. */
export async function switchToLightTheme(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.waitForFunction(
    () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light',
  );
  // Away from the switch: its tooltip is not part of the screen.
  await page.mouse.move(5, 400);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
}

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
  const openLight = async (page: Page) => {
    await open(page);
    await switchToLightTheme(page);
    await page.waitForTimeout(500);
  };
  return {
    'alarm-console': open,
    'alarm-console-phone': open,
    'alarm-console-light': openLight,
    'alarm-console-phone-light': openLight,
  };
}
