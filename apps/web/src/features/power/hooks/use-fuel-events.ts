import type { NetworkEvent } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { appendOlderPage, EVENT_PAGE_SIZE, nextEventCursor } from '@towerwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { fetchFuelEvents } from '../api/power-api.ts';
import { isFuelEvent, mergeFuelEvent } from '../fuel-model.ts';

/**
 * The fleet's refills and suspected thefts (docs/requirements.md#fuel-theft), 100 per page downward
 * (docs/requirements.md#events-paging); live fuel events of the user's sites are prepended (the socket
 * sends only events the user may see) and `onLive` is told, so the fleet figures refresh.
 */
export function useFuelEvents(
  tenant: string | null,
  siteNames: ReadonlyMap<string, string>,
  onLive: () => void,
) {
  const [events, setEvents] = useState<NetworkEvent[]>([]);
  const [loading, setLoading] = useState(false);
  const [allFetched, setAllFetched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const held = useRef(events);
  held.current = events;
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean) => {
      const gen = reset ? ++generation.current : generation.current;
      const abort = new AbortController();
      setLoading(true);
      try {
        const current = reset ? [] : held.current;
        const page = await fetchFuelEvents(tenant, nextEventCursor(current), abort.signal);
        if (gen !== generation.current) return;
        const result = appendOlderPage(current, page.items, EVENT_PAGE_SIZE);
        setEvents(result.events);
        setAllFetched(result.allFetched);
        setError(null);
      } catch (caught) {
        if (gen === generation.current) setError(caught);
      } finally {
        if (gen === generation.current) setLoading(false);
      }
    },
    [tenant],
  );

  useEffect(() => {
    setEvents([]);
    setAllFetched(false);
    void load(true);
  }, [load]);

  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.SITE_EVENT || !isFuelEvent(message.payload.name)) return;
    const event = message.payload;
    if (tenant && event.tenant && event.tenant !== tenant) return;
    setEvents((previous) => mergeFuelEvent(previous, event, siteNames));
    onLive();
  });

  return { events, loading, allFetched, error, loadMore: () => !allFetched && void load(false) };
}
