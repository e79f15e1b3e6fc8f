import type { AuthUser, SiteEvent } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import {
  appendOlderPage,
  EVENT_PAGE_SIZE,
  isEventKindVisible,
  mergeLiveEvent,
  nextEventCursor,
  type SiteModule,
} from '@towerwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import type { SiteEventsState } from '../../site-overview/index.ts';
import { isEventForPage } from '../power-model.ts';

/** One page of a power event call (GET /battery/event/fetch, /mains/event/fetch, /dg/api/events, …). */
export type PowerEventFetcher = (oldestId: number, signal: AbortSignal) => Promise<{ items: SiteEvent[] }>;

/**
 * A power page's events (docs/requirements.md#events-paging): pages of 100 downward from the first
 * cursor, an older page appended only when its ids are below the oldest held, complete when a page is
 * short; live SITE_EVENT messages routed to `module` (docs/requirements.md#live-routing: power events
 * only for the focused tenant) are prepended, an existing id replaced. `key` changes (site, tenant,
 * DG/PG) start over.
 */
export function usePowerEvents(
  user: AuthUser,
  module: SiteModule,
  focus: { siteUid: string; tenant: string | null },
  fetchPage: PowerEventFetcher,
  key: string,
  names?: readonly string[],
): SiteEventsState {
  const [events, setEvents] = useState<SiteEvent[]>([]);
  const [loading, setLoading] = useState(false);
  const [allFetched, setAllFetched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const busy = useRef(false);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the fetcher reads.
  const load = useCallback(
    async (reset: boolean) => {
      if (busy.current && !reset) return;
      const gen = reset ? ++generation.current : generation.current;
      if (reset) controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      busy.current = true;
      setLoading(true);
      try {
        const held = reset ? [] : eventsRef.current;
        const page = await fetchRef.current(nextEventCursor(held), abort.signal);
        if (gen !== generation.current) return;
        const result = appendOlderPage(held, page.items, EVENT_PAGE_SIZE);
        setEvents(result.events);
        setAllFetched(result.allFetched);
        setError(null);
      } catch (caught) {
        if (gen === generation.current && !abort.signal.aborted) setError(caught);
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [key],
  );

  useEffect(() => {
    setEvents([]);
    setAllFetched(false);
    void load(true);
    return () => controller.current?.abort();
  }, [load]);

  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_EVENT) {
      const event = message.payload;
      if (!isEventForPage(event, module, focus, names)) return;
      if (!isEventKindVisible(user, event.name)) return;
      setEvents((previous) => mergeLiveEvent(previous, event));
    } else if (
      message.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED &&
      message.payload.siteUid === focus.siteUid
    ) {
      const { id, acknowledgedBy, acknowledgedByName, acknowledgedAt } = message.payload;
      setEvents((previous) =>
        previous.map((e) => (e.id === id ? { ...e, acknowledgedBy, acknowledgedByName, acknowledgedAt } : e)),
      );
    }
  });

  return {
    events,
    loading,
    allFetched,
    error,
    loadMore: () => {
      if (!allFetched) void load(false);
    },
    replace: (event) => setEvents((previous) => mergeLiveEvent(previous, event)),
  };
}
