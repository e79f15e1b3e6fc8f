import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type SiteCardsReply } from '@towerwatch/contract';
import { FIRST_EVENT_CURSOR } from '@towerwatch/domain';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { accessKeys, fetchCardPage } from '../api/access-api.ts';

/** How often the cards and sync state are read again while the device has not applied the list. */
const SYNC_POLL_MS = 1500;

/**
 * The site's cards (pages of 100 by access id, newest first) with the access-list sync state of the
 * first page. ACCESS_SYNC_STATUS messages set the sync state as the device applies the list; the
 * cards are also read again every {@link SYNC_POLL_MS} while it is pending (a missed message) and when
 * a device command of the site finishes.
 */
export function useSiteCards(siteUid: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: accessKeys.cards(siteUid),
    queryFn: ({ pageParam, signal }) => fetchCardPage(siteUid, pageParam, signal),
    initialPageParam: FIRST_EVENT_CURSOR,
    getNextPageParam: (last) => last.nextOldestId ?? undefined,
    refetchInterval: (q) => (q.state.data?.pages[0]?.sync.state === 'pending' ? SYNC_POLL_MS : false),
  });
  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.ACCESS_SYNC_STATUS && message.payload.siteUid === siteUid) {
      const { time: _time, ...sync } = message.payload;
      queryClient.setQueryData<InfiniteData<SiteCardsReply>>(accessKeys.cards(siteUid), (previous) =>
        previous
          ? {
              ...previous,
              pages: previous.pages.map((page, i) => (i === 0 ? { ...page, sync } : page)),
            }
          : previous,
      );
      if (sync.state !== 'pending')
        void queryClient.invalidateQueries({ queryKey: accessKeys.cards(siteUid) });
      return;
    }
    if (
      message.event === LIVE_EVENTS.COMMAND_STATUS &&
      message.payload.siteUid === siteUid &&
      (message.payload.status === 'acked' || message.payload.status === 'failed')
    ) {
      void queryClient.invalidateQueries({ queryKey: accessKeys.cards(siteUid) });
    }
  });
  const pages = query.data?.pages ?? [];
  return {
    query,
    cards: pages.flatMap((page) => page.items),
    sync: pages[0]?.sync ?? null,
    effectiveCount: pages[0]?.effectiveCount ?? null,
  };
}
