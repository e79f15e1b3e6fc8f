import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  DEFAULT_COLOR_SCHEME,
  otherColorScheme,
  readUserColorScheme,
  saveUserColorScheme,
} from '../../lib/color-scheme.ts';

/**
 * Applies the signed-in user's theme (docs/decisions/theme-per-user-in-local-storage.md): the one they
 * chose in this browser, else the default. Another user signing in on the same browser gets theirs.
 */
export function useUserColorScheme(uid: string): void {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setColorScheme(readUserColorScheme(uid) ?? DEFAULT_COLOR_SCHEME);
  }, [uid, setColorScheme]);
}

/** The top bar's light / dark switch: the choice is kept for the user (see {@link useUserColorScheme}). */
export function ThemeSwitch({ uid }: { uid: string }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme(DEFAULT_COLOR_SCHEME);
  const next = otherColorScheme(scheme);
  const label = `Switch to ${next} theme`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        data-color-scheme={scheme}
        onClick={() => {
          saveUserColorScheme(uid, next);
          setColorScheme(next);
        }}
      >
        {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
