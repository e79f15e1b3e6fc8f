import type { AuthUser } from '@towerwatch/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { siteLoadPlan } from '@towerwatch/domain';
import { useEffect } from 'react';
import { liveClient } from '../../../lib/live-client.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { siteListQueryOptions } from '../api/site-list-api.ts';
import { routeLiveMessage, syncRoutedEvents } from '../module-routing.ts';
import { focusInitialSite } from '../site-load.ts';

/**
 * Keeps a site focused in the signed-in frame (docs/requirements.md#site-load): ordinary users load up
 * to 1000 sites and open the initial one; opening a site starts its live session (SESSION_START).
 * Operators (sudo, support) work from the customer list instead. Live site events of the open site
 * are routed to its modules (docs/requirements.md#live-routing).
 */
export function useSiteLoad(user: AuthUser): void {
  const plan = siteLoadPlan(user);
  const sites = useQuery({ ...siteListQueryOptions(plan.siteLimit), enabled: plan.kind === 'user' });
  const queryClient = useQueryClient();

  useEffect(() => {
    if (sites.data) focusInitialSite(user, sites.data.items);
  }, [sites.data, user]);

  useEffect(() => {
    let current: string | null = null;
    const sync = () => {
      syncRoutedEvents(focusedSiteStore.get());
      const uid = focusedSiteStore.get()?.siteUid ?? null;
      if (uid !== current) {
        current = uid;
        liveClient.startSession(uid);
      }
    };
    sync();
    return focusedSiteStore.subscribe(sync);
  }, []);

  useEffect(
    () => liveClient.subscribe((message) => routeLiveMessage(message, focusedSiteStore.get(), queryClient)),
    [queryClient],
  );
}
