import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../lib/color-scheme.ts';
import { queryClient } from '../lib/query-client.ts';
import { RequestProgressBar } from './request-progress.tsx';
import { theme } from './theme.ts';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  children: ReactNode;
}

const schemeManager = colorSchemeManager();

/** Theme (light or dark, docs/decisions/theme-per-user-in-local-storage.md), toasts (domain TOAST: top-center, 3000 ms), the request progress bar and the query client. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={schemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <RequestProgressBar />
      <Notifications position={TOAST.position} autoClose={TOAST.autoCloseMs} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
