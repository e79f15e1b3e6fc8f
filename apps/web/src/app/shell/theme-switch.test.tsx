/**
 * @vitest-environment happy-dom
 *
 * The theme switch (docs/decisions/theme-per-user-in-local-storage.md): it turns the app light and back,
 * keeps the choice under the user's uid, and a user's session applies their own choice (dark when they
 * never chose). The reload in a real browser is e2e/src/theme.test.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, userColorSchemeKey } from '../../lib/color-scheme.ts';
import { renderInApp } from '../../testing/render.tsx';
import { ThemeSwitch, useUserColorScheme } from './theme-switch.tsx';

afterEach(() => localStorage.clear());

const shown = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function SignedIn({ uid }: { uid: string }) {
  useUserColorScheme(uid);
  return <ThemeSwitch uid={uid} />;
}

describe('theme switch', () => {
  it('switches to light and back, keeping the choice for the user', async () => {
    renderInApp(<SignedIn uid="u1" />);
    await waitFor(() => expect(shown()).toBe('dark'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    await waitFor(() => expect(shown()).toBe('light'));
    expect(localStorage.getItem(userColorSchemeKey('u1'))).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(shown()).toBe('dark'));
    expect(localStorage.getItem(userColorSchemeKey('u1'))).toBe('dark');
  });

  it("applies the signed-in user's own choice, dark for a user who never chose", async () => {
    localStorage.setItem(userColorSchemeKey('u1'), 'light');
    const first = renderInApp(<SignedIn uid="u1" />);
    await screen.findByRole('button', { name: 'Switch to dark theme' });
    expect(shown()).toBe('light');
    first.unmount();
    renderInApp(<SignedIn uid="u2" />);
    await screen.findByRole('button', { name: 'Switch to light theme' });
    expect(shown()).toBe('dark');
    expect(localStorage.getItem(userColorSchemeKey('u1'))).toBe('light');
    expect(COLOR_SCHEME_KEY).toBe('ui.color-scheme');
  });
});
