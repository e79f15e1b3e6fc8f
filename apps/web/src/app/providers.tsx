import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

/** Toasts: top-center for 3000 ms (platform-core §8). */
export const TOAST_POSITION = 'top-center';
export const TOAST_DURATION_MS = 3000;

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  children: ReactNode;
}

/** Theme, toasts, the request progress bar and the query client. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <NavigationProgress size={3} />
      <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
