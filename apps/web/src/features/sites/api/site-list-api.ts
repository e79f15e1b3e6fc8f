import { type SiteLeanListReply, siteEndpoints } from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

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
    // Asked with lean=true: both forms of the reply are lean lists (a full item has every lean field).
    queryFn: ({ signal }): Promise<SiteLeanListReply> =>
      apiCall(siteEndpoints.siteFetch, {
        query: { page: 1, limit, lean: true },
        signal,
        progress: false,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
