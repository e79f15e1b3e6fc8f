import { type SessionStartReply, type SiteLeanListReply, siteEndpoints } from '@towerwatch/contract';
import { experimental_streamedQuery as streamedQuery, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { leanSiteList } from '../../../lib/site-fetch-reply.ts';
import { pageBatches, sitePagesInOrder } from './site-pages.ts';

/** Query keys of the complete site list. */
export const siteListPageKeys = {
  all: ['site-list-page'] as const,
  lean: (limit: number) => [...siteListPageKeys.all, 'lean', limit] as const,
};

/** The pages of the complete site list, in order, as they have arrived. */
export type SiteListPages = SiteLeanListReply[];

/**
 * Every site the user may see in the lean form (GET /user/site/fetch `compact=true`, with devices,
 * read back as lean items): brief alarms and no free-form fields — what the site list, rectifier and map pages read
 * (docs/requirements.md#lean-site-list). 1000 per load, 3000 for operators
 * (docs/requirements.md#site-load, docs/requirements.md#page-sizes): the first page, then the rest
 * a few at a time (its total says how many), appended in order as they arrive, so large fleets fill
 * in progressively (`hasMorePages` while some are still to come), a batch of pages at most every
 * 250 ms (`pageBatches`). A refetch keeps the shown list
 * until the new one is complete.
 */
export const leanSitesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: siteListPageKeys.lean(limit),
    queryFn: streamedQuery<SiteLeanListReply[], SiteListPages>({
      streamFn: ({ signal }) =>
        pageBatches(
          sitePagesInOrder(
            // Asked in the compact form (alarms as tuples, less than half the bytes), read back as lean items.
            async (page): Promise<SiteLeanListReply> =>
              leanSiteList(
                await apiCall(siteEndpoints.siteFetch, {
                  query: { page, limit, with_devices: true, compact: true },
                  signal,
                  progress: page === 1,
                }),
              ),
          ),
        ),
      // Pages arrive in batches (a few re-renders of the growing list, not one per page).
      reducer: (pages, batch) => [...pages, ...batch],
      initialValue: [],
      refetchMode: 'replace',
    }),
    staleTime: 60_000,
  });

/** POST /user/session/start: the user opens a site (docs/requirements.md#site-load). */
export function startSiteSession(siteUid: string): Promise<SessionStartReply> {
  return apiCall(siteEndpoints.sessionStart, { body: { site_uid: siteUid } });
}
