import type { SiteLeanListReply } from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';

/** Query keys of the sites feature. */
export const siteKeys = {
  all: ['sites'] as const,
  list: (limit: number) => [...siteKeys.all, 'list', limit] as const,
};

/**
 * The user's site list (GET /user/site/fetch, lean items): up to `limit` sites (
 * docs/requirements.md#site-load).
 * A failure is swallowed by the caller (docs/requirements.md#silent-failures).
 */
export const siteListQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: siteKeys.list(limit),
    queryFn: async ({ signal }): Promise<SiteLeanListReply> =>
      (await import('./site-list-fetch.ts')).fetchSiteList(limit, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
