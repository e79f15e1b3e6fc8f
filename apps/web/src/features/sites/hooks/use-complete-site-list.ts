import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteLean } from '@towerwatch/contract';
import { useCallback, useMemo } from 'react';
import { allSites, hasMorePages, mapPageItems } from '../api/site-pages.ts';
import { leanSitesQueryOptions } from '../api/visible-sites-api.ts';

/**
 * The complete lean site list (see {@link leanSitesQueryOptions}) as the list pages use it: the
 * sites loaded so far, the total, whether pages are still coming, and `updateSites` to apply a live
 * change to the cached pages (every page using the list sees it).
 */
export function useCompleteSiteList(limit: number) {
  const queryClient = useQueryClient();
  const query = useQuery(leanSitesQueryOptions(limit));
  const sites = useMemo(() => allSites(query.data), [query.data]);
  const updateSites = useCallback(
    (update: (site: SiteLean) => SiteLean) =>
      queryClient.setQueryData(leanSitesQueryOptions(limit).queryKey, (pages) => mapPageItems(pages, update)),
    [queryClient, limit],
  );
  return {
    query,
    sites,
    /** Matching sites over all pages (0 until the first page is in). */
    total: query.data?.[0]?.total ?? 0,
    /** True while the first page is in and others are still being fetched. */
    loadingMore: query.isFetching && hasMorePages(query.data),
    updateSites,
  };
}
