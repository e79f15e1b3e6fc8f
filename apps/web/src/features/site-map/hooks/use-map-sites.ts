import { LIVE_EVENTS } from '@towerwatch/contract';
import { siteLoadPlan } from '@towerwatch/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useCompleteSiteList } from '../../sites/index.ts';
import { type StatusUpdate, statusUpdater } from '../live-updates.ts';
import { SiteClusterIndex } from '../site-cluster-index.ts';
import { toMapSite } from '../site-map-model.ts';

/** How often buffered live status changes are applied (one index rebuild per flush, not per message). */
const LIVE_FLUSH_MS = 400;

/**
 * The user's sites for the map: the complete lean site list (GET /user/site/fetch `compact=true`, every
 * page, 1000 per load or 3000 for operators; the cache is shared with /site/list), kept live by SITE_STATUS_UPDATED
 * on the one socket, and their cluster index. Live updates are buffered and applied together at most
 * every {@link LIVE_FLUSH_MS} ms; they recolour without re-clustering (the sites keep their places).
 */
export function useMapSites() {
  const user = useAuthUser();
  const { query, sites, total, loadingMore, updateSites } = useCompleteSiteList(siteLoadPlan(user).siteLimit);

  const pending = useRef(new Map<string, StatusUpdate>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
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
      updateSites(statusUpdater(updates));
    }, LIVE_FLUSH_MS);
  });

  const mapSites = useMemo(() => sites.map(toMapSite), [sites]);
  // Live status changes keep the clusters (no site moved); new pages of sites re-cluster.
  const previous = useRef<SiteClusterIndex | null>(null);
  const index = useMemo(() => {
    const next = previous.current ? previous.current.withSites(mapSites) : new SiteClusterIndex(mapSites);
    previous.current = next;
    return next;
  }, [mapSites]);
  return { query, sites, mapSites, index, total, loadingMore };
}
