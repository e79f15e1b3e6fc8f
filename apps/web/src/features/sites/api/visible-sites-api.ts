import { type SessionStartReply, type SiteLeanListReply, siteEndpoints } from '@towerwatch/contract';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { fullSiteList } from '../../../lib/site-fetch-reply.ts';

/** Query keys of the site list page. */
export const siteListPageKeys = {
  all: ['site-list-page'] as const,
  visible: (limit: number) => [...siteListPageKeys.all, 'visible', limit] as const,
  lean: (limit: number) => [...siteListPageKeys.all, 'lean', limit] as const,
};

/** Next page number while fewer than `total` items are loaded. */
function nextPage(last: { items: unknown[]; total: number; page: number }, all: { items: unknown[] }[]) {
  const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? last.page + 1 : undefined;
}

/**
 * Every site the user may see with its devices (GET /user/site/fetch, `with_devices` so the RMS
 * installed filter can be decided), page by page: 1000 per load, 3000 for operators (
 * docs/requirements.md#site-load, docs/requirements.md#page-sizes). The page loads the next page until `total` is reached, so large fleets fill in
 * progressively.
 */
export const visibleSitesQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: siteListPageKeys.visible(limit),
    queryFn: async ({ signal, pageParam }) =>
      fullSiteList(
        await apiCall(siteEndpoints.siteFetch, {
          query: { page: pageParam, limit, with_devices: true },
          signal,
          progress: pageParam === 1,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 60_000,
  });

/**
 * The same list in the lean form (GET /user/site/fetch `lean=true`, with devices): brief alarms and
 * no free-form fields, about half the full reply — what the site list and rectifier pages read.
 * Pages load one after the other until `total` (1000 per load, 3000 for operators).
 */
export const leanSitesQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: siteListPageKeys.lean(limit),
    // Asked with lean=true: both forms of the reply are lean lists (a full item has every lean field).
    queryFn: ({ signal, pageParam }): Promise<SiteLeanListReply> =>
      apiCall(siteEndpoints.siteFetch, {
        query: { page: pageParam, limit, with_devices: true, lean: true },
        signal,
        progress: pageParam === 1,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 60_000,
  });

/** The loaded pages as one list. */
export function allSites<T>(data: InfiniteData<{ items: T[] }> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

/** POST /user/session/start: the user opens a site (docs/requirements.md#site-load). */
export function startSiteSession(siteUid: string): Promise<SessionStartReply> {
  return apiCall(siteEndpoints.sessionStart, { body: { site_uid: siteUid } });
}
