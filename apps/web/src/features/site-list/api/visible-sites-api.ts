import { SITE_API_PATHS, type SessionStartReply, type SiteListReply } from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Query keys of the site list page. */
export const siteListPageKeys = {
  all: ['site-list-page'] as const,
  visible: (limit: number) => [...siteListPageKeys.all, 'visible', limit] as const,
};

/**
 * Every site the user may see with its devices (GET /user/site/fetch, `with_devices` so the RMS
 * installed filter can be decided): 1000 per load, 3000 for operators (platform-core §4, §9).
 */
export const visibleSitesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: siteListPageKeys.visible(limit),
    queryFn: ({ signal }) =>
      apiFetch<SiteListReply>(SITE_API_PATHS.siteFetch, {
        query: { page: 1, limit, with_devices: true },
        signal,
      }),
    staleTime: 60_000,
  });

/** POST /user/session/start: the user opens a site (platform-core §4 "Site load"). */
export function startSiteSession(siteUid: string): Promise<SessionStartReply> {
  return apiFetch<SessionStartReply>(SITE_API_PATHS.sessionStart, { body: { site_uid: siteUid } });
}
