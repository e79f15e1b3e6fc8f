import { SITE_API_PATHS, type SessionStartReply, type SiteListReply } from '@towerwatch/contract';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Query keys of the site list page. */
export const siteListPageKeys = {
  all: ['site-list-page'] as const,
  visible: (limit: number) => [...siteListPageKeys.all, 'visible', limit] as const,
};

/**
 * Every site the user may see with its devices (GET /user/site/fetch, `with_devices` so the RMS
 * installed filter can be decided), page by page: 1000 per load, 3000 for operators (platform-core
 * §4, §9). The page loads the next page until `total` is reached, so large fleets fill in
 * progressively.
 */
export const visibleSitesQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: siteListPageKeys.visible(limit),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<SiteListReply>(SITE_API_PATHS.siteFetch, {
        query: { page: pageParam, limit, with_devices: true },
        signal,
        progress: pageParam === 1,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? last.page + 1 : undefined;
    },
    staleTime: 60_000,
  });

/** The loaded pages as one list. */
export function allSites(data: InfiniteData<SiteListReply> | undefined): SiteListReply['items'] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

/** POST /user/session/start: the user opens a site (platform-core §4 "Site load"). */
export function startSiteSession(siteUid: string): Promise<SessionStartReply> {
  return apiFetch<SessionStartReply>(SITE_API_PATHS.sessionStart, { body: { site_uid: siteUid } });
}
