import { ACCESS_PAGE_SIZE, appendOlderPage, mergeLiveEvent, nextEventCursor } from '@towerwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveMessage } from '../../../lib/live-client.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';

/** A newest-first list read in pages and kept live. */
export interface PagedLiveList<T> {
  items: T[];
  loading: boolean;
  allFetched: boolean;
  error: unknown;
  loadMore: () => void;
}

/**
 * A newest-first list of a site (docs/requirements.md#events-paging): pages of 100 downward from the
 * first cursor, an older page appended only when all its ids are below the oldest held, complete when
 * a page is short; live items (what `fromLive` makes of a socket message, null to ignore it) are
 * prepended or replace the item of the same id. `key` changes (another site) start over.
 */
export function usePagedLiveList<T extends { id: number }>(
  key: string,
  fetchPage: (oldestId: number) => Promise<{ items: T[] }>,
  fromLive: (message: LiveMessage) => T | null,
): PagedLiveList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [allFetched, setAllFetched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const busy = useRef(false);
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the list; a new key starts over
  const load = useCallback(
    async (reset: boolean) => {
      if (busy.current && !reset) return;
      const gen = reset ? ++generation.current : generation.current;
      busy.current = true;
      setLoading(true);
      try {
        const held = reset ? [] : itemsRef.current;
        const page = await fetchRef.current(nextEventCursor(held));
        if (gen !== generation.current) return;
        const result = appendOlderPage(held, page.items, ACCESS_PAGE_SIZE);
        setItems(result.events);
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
    [key],
  );

  useEffect(() => {
    setItems([]);
    setAllFetched(false);
    void load(true);
  }, [load]);

  useLiveMessages((message) => {
    const item = fromLive(message);
    if (item) setItems((previous) => mergeLiveEvent(previous, item));
  });

  return {
    items,
    loading,
    allFetched,
    error,
    loadMore: () => {
      if (!allFetched) void load(false);
    },
  };
}
