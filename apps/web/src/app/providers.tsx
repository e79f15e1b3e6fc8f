import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { RequestProgressBar } from './request-progress.tsx';
import { theme } from './theme.ts';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  children: ReactNode;
}

/** Theme, toasts (domain TOAST: top-center, 3000 ms), the request progress bar and the query client. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <RequestProgressBar />
      <Notifications position={TOAST.position} autoClose={TOAST.autoCloseMs} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
