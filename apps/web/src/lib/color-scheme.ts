/**
 * The light / dark theme choice (docs/decisions/theme-per-user-in-local-storage.md): kept per user in
 * this browser's localStorage under `ui.color-scheme.<user uid>`, and as the browser's last choice
 * under `ui.color-scheme` (Mantine's colour scheme manager key: what the sign-in pages show). Dark is
 * the default: the product is a NOC screen.
 */
import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';

/** A theme the user can choose. */
export type ColorScheme = 'light' | 'dark';

/** The default theme (a user who never chose one). */
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'dark';

/** Key of the browser's last choice (Mantine's manager reads and writes it). */
export const COLOR_SCHEME_KEY = 'ui.color-scheme';

/** Key of one user's choice. */
export const userColorSchemeKey = (uid: string): string => `${COLOR_SCHEME_KEY}.${uid}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the theme then lasts for the page only.
    return null;
  }
}

const isScheme = (value: string | null | undefined): value is ColorScheme =>
  value === 'light' || value === 'dark';

/** The manager of the app's MantineProvider: the browser's last choice. */
export function colorSchemeManager(): MantineColorSchemeManager {
  return localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
}

/** The theme `uid` chose in this browser, or null when the user never chose one here. */
export function readUserColorScheme(uid: string): ColorScheme | null {
  const value = storage()?.getItem(userColorSchemeKey(uid));
  return isScheme(value) ? value : null;
}

/** Keeps `uid`'s choice. */
export function saveUserColorScheme(uid: string, scheme: ColorScheme): void {
  storage()?.setItem(userColorSchemeKey(uid), scheme);
}

/** The other theme. */
export const otherColorScheme = (scheme: ColorScheme): ColorScheme => (scheme === 'dark' ? 'light' : 'dark');
