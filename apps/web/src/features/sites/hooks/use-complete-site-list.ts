import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteLean } from '@towerwatch/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { allSites, hasMorePages, mapPageItems } from '../api/site-pages.ts';
import { leanSitesQueryOptions } from '../api/visible-sites-api.ts';

type SiteUpdate = (site: SiteLean) => SiteLean;

/**
 * The complete lean site list (see {@link leanSitesQueryOptions}) as the list pages use it: the
 * sites loaded so far, the total, whether pages are still coming, and `updateSites` to apply a live
 * change to the cached pages (every page using the list sees it).
 *
 * A live change that arrives while the list is being read may be older news than a page still on its
 * way, or newer: a page read before the change and shown after it would show the site as it was, until
 * its next change. So the changes received while reading are applied again, in order, whenever pages
 * land or a refetch replaces the list (each is the site's whole new state: applying them again ends at
 * the latest one).
 */
export function useCompleteSiteList(limit: number) {
  const queryClient = useQueryClient();
  const query = useQuery(leanSitesQueryOptions(limit));
  const sites = useMemo(() => allSites(query.data), [query.data]);
  const received = useRef<SiteUpdate[]>([]);
  /** The list as this hook last wrote it: any other list came from a read. */
  const written = useRef<unknown>(undefined);
  const apply = useCallback(
    (updates: SiteUpdate[]) => {
      const { queryKey } = leanSitesQueryOptions(limit);
      queryClient.setQueryData(queryKey, (pages) =>
        updates.reduce((list, update) => mapPageItems(list, update), pages),
      );
      written.current = queryClient.getQueryData(queryKey);
    },
    [queryClient, limit],
  );
  const updateSites = useCallback(
    (update: SiteUpdate) => {
      if (queryClient.isFetching({ queryKey: leanSitesQueryOptions(limit).queryKey }) > 0)
        received.current.push(update);
      apply([update]);
    },
    [queryClient, limit, apply],
  );
  useEffect(() => {
    // Pages landed (or a refetch replaced the list): the changes received while reading, again.
    if (query.data !== written.current && received.current.length > 0) apply(received.current);
    if (!query.isFetching) received.current = [];
  }, [query.data, query.isFetching, apply]);
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
