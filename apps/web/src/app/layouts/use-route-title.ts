import { useMatches } from 'react-router';

/** Route `handle` fields used by the shell. */
export interface RouteHandle {
  title?: string;
}

/** The title of the deepest route that names one. */
export function useRouteTitle(fallback: string): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return fallback;
}
