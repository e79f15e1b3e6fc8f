/**
 * Component tests (Testing Library in happy-dom): renders a piece of the app inside the app's theme, a
 * memory router and a fresh query client, optionally signed in as `user` (the session the auth guard
 * would have loaded). A test file using it starts with the `@vitest-environment happy-dom` docblock.
 */
import { MantineProvider } from '@mantine/core';
import type { AuthUser } from '@towerwatch/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { theme } from '../app/theme.ts';
import { authKeys } from '../features/auth/index.ts';
import { clearTokens, setTokens } from '../lib/token-store.ts';

// findBy… and waitFor wait for a condition; their 1 s default was outrun by a tooltip's render at load
// average 19. The limit is for a busy machine, a passing wait returns as soon as the condition holds.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  clearTokens();
});

/** Options of {@link renderInApp}. */
export interface RenderInAppOptions {
  /** The path the memory router starts at. */
  path?: string;
  /** Signed in as this user (tokens in the store, the user in the query cache). */
  user?: AuthUser;
}

/** Renders `ui` as the app would (theme, router, query client), signed in when `user` is given. */
export function renderInApp(ui: ReactElement, options: RenderInAppOptions = {}): RenderResult {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (options.user) {
    setTokens('component-test-access', 'component-test-refresh');
    client.setQueryData(authKeys.user(), options.user);
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
