import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type SiteListReply } from '@towerwatch/contract';
import { siteLoadPlan } from '@towerwatch/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { allSites, visibleSitesQueryOptions } from '../../sites/index.ts';
import { applyStatusUpdates, type StatusUpdate } from '../live-updates.ts';
import { SiteClusterIndex } from '../site-cluster-index.ts';
import { toMapSite } from '../site-map-model.ts';

/** How often buffered live status changes are applied (one index rebuild per flush, not per message). */
const LIVE_FLUSH_MS = 400;

/**
 * The user's sites for the map: the site list's query (GET /user/site/fetch, every page, 1000 per
 * load or 3000 for operators; the cache is shared with /site/list), kept live by SITE_STATUS_UPDATED
 * on the one socket, and their cluster index. Live updates are buffered and applied together at most
 * every {@link LIVE_FLUSH_MS} ms; they recolour without re-clustering (the sites keep their places).
 */
export function useMapSites() {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const options = visibleSitesQueryOptions(siteLoadPlan(user).siteLimit);
  const query = useInfiniteQuery(options);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pending = useRef(new Map<string, StatusUpdate>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queryKey = options.queryKey;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.SITE_STATUS_UPDATED) return;
    pending.current.set(message.payload.siteUid, message.payload);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const updates = pending.current;
      pending.current = new Map();
      queryClient.setQueryData<InfiniteData<SiteListReply>>(queryKey, (previous) =>
        applyStatusUpdates(previous, updates),
      );
    }, LIVE_FLUSH_MS);
  });

  const sites = useMemo(() => allSites(query.data), [query.data]);
  const mapSites = useMemo(() => sites.map(toMapSite), [sites]);
  // Live status changes keep the clusters (no site moved); new pages of sites re-cluster.
  const previous = useRef<SiteClusterIndex | null>(null);
  const index = useMemo(() => {
    const next = previous.current ? previous.current.withSites(mapSites) : new SiteClusterIndex(mapSites);
    previous.current = next;
    return next;
  }, [mapSites]);
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, sites, mapSites, index, total, loadingMore: hasNextPage ?? false };
}
