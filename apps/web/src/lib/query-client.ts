import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query client. Failures of dashboard counts and similar reads are ignored silently
 * (docs/requirements.md#query-errors): queries keep their last data and errors never touch the session.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: false },
  },
});
