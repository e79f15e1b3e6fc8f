import type { AuthUser, SiteEvent } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import {
  appendOlderPage,
  EVENT_PAGE_SIZE,
  isEventKindVisible,
  mergeLiveEvent,
  nextEventCursor,
} from '@towerwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { fetchEventPage } from '../api/site-overview-api.ts';
import { applyLiveClear } from '../event-state.ts';

/** The events list of the focused site. */
export interface SiteEventsState {
  events: SiteEvent[];
  loading: boolean;
  allFetched: boolean;
  error: unknown;
  loadMore: () => void;
  /** Replaces one event (e.g. after an acknowledge). */
  replace: (event: SiteEvent) => void;
}

/**
 * Events of a site for the focused tenant (docs/requirements.md#events-paging): pages of 100 downward from the
 * first cursor, an older page appended only when all its ids are below the oldest held, the list
 * complete when a page is short; live SITE_EVENT messages merged (replace by id, else prepend).
 */
export function useSiteEvents(user: AuthUser, siteUid: string, tenant: string | null): SiteEventsState {
  const [events, setEvents] = useState<SiteEvent[]>([]);
  const [loading, setLoading] = useState(false);
  const [allFetched, setAllFetched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const busy = useRef(false);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean) => {
      if (busy.current && !reset) return;
      const gen = reset ? ++generation.current : generation.current;
      busy.current = true;
      setLoading(true);
      try {
        const held = reset ? [] : eventsRef.current;
        const page = await fetchEventPage(siteUid, nextEventCursor(held), tenant);
        if (gen !== generation.current) return;
        const result = appendOlderPage(held, page.items, EVENT_PAGE_SIZE);
        setEvents(result.events);
        setAllFetched(result.allFetched);
        setError(null);
      } catch (caught) {
        if (gen === generation.current) setError(caught);
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [siteUid, tenant],
  );

  useEffect(() => {
    setEvents([]);
    setAllFetched(false);
    void load(true);
  }, [load]);

  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_EVENT) {
      const event = message.payload;
      if (event.siteUid !== siteUid) return;
      if (tenant && event.tenant && event.tenant !== tenant) return;
      if (!isEventKindVisible(user, event.name)) return;
      setEvents((previous) => mergeLiveEvent(applyLiveClear(previous, event), event));
    } else if (message.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED && message.payload.siteUid === siteUid) {
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
