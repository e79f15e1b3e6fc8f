import type { AlarmConsoleRow, AuthUser } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { ALARM_CONSOLE_PAGE_SIZE, isEventKindVisible } from '@towerwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { fetchConsolePage } from '../api/alarm-console-api.ts';
import {
  appendRows,
  applyAcknowledged,
  applyClear,
  type ConsoleFilter,
  isAlarmTransition,
  mergeFirstPage,
} from '../alarm-console-model.ts';

export interface AlarmConsoleState {
  rows: AlarmConsoleRow[];
  loading: boolean;
  error: unknown;
  /** True when every page of the filter is held. */
  complete: boolean;
  loadMore: () => void;
  /** Applies our own acknowledgements (the live echo comes too, later). */
  acknowledged: (
    acks: { eventId: number; acknowledgedBy: string; acknowledgedByName: string; acknowledgedAt: string }[],
  ) => void;
}

type RowsUpdate = (rows: AlarmConsoleRow[]) => AlarmConsoleRow[];

/** After a live raise, the first page is read again this long after the last one (bursts coalesce). */
const LIVE_REFRESH_MS = 1000;

/**
 * The console's rows (docs/requirements.md#alarm-console): keyset pages of the filter appended on
 * demand; live — a raise reads the first page again and puts new rows on top, a clear ends its rows,
 * an acknowledgement updates its row.
 */
export function useAlarmConsole(user: AuthUser, filter: ConsoleFilter): AlarmConsoleState {
  const [rows, setRows] = useState<AlarmConsoleRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Reads of the server's rows in flight, and the live changes received meanwhile. */
  const reading = useRef(0);
  const sinceRead = useRef<RowsUpdate[]>([]);
  /**
   * A page read before a live clear or acknowledgement and shown after it would show the row as it was
   * (a cleared alarm as active) until the next change: the changes received while a read was in flight
   * are applied again to what it read (each is idempotent).
   */
  const replaying = useCallback((read: RowsUpdate): RowsUpdate => {
    const changes = [...sinceRead.current];
    return (held) => changes.reduce((acc, change) => change(acc), read(held));
  }, []);
  const startRead = useCallback(() => {
    reading.current += 1;
  }, []);
  const endRead = useCallback(() => {
    reading.current -= 1;
    if (reading.current === 0) sinceRead.current = [];
  }, []);
  const live = useCallback((change: RowsUpdate) => {
    if (reading.current > 0) sinceRead.current.push(change);
    setRows(change);
  }, []);

  const load = useCallback(
    async (reset: boolean, after: string | null) => {
      if (busy.current && !reset) return;
      const gen = reset ? ++generation.current : generation.current;
      busy.current = true;
      setLoading(true);
      startRead();
      try {
        const page = await fetchConsolePage(filter, after, ALARM_CONSOLE_PAGE_SIZE);
        if (gen !== generation.current) return;
        setRows(replaying((held) => (reset ? page.items : appendRows(held, page.items))));
        setCursor(page.nextCursor);
        setComplete(page.nextCursor === null);
        setError(null);
      } catch (caught) {
        if (gen === generation.current) setError(caught);
      } finally {
        endRead();
        if (gen === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [filter, replaying, startRead, endRead],
  );

  useEffect(() => {
    setRows([]);
    setCursor(null);
    setComplete(false);
    void load(true, null);
  }, [load]);

  const refreshFirst = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(async () => {
      const gen = generation.current;
      startRead();
      try {
        const page = await fetchConsolePage(filter, null, ALARM_CONSOLE_PAGE_SIZE);
        if (gen === generation.current) setRows(replaying((held) => mergeFirstPage(held, page.items)));
      } catch {
        // The next live event or a reload tries again.
      } finally {
        endRead();
      }
    }, LIVE_REFRESH_MS);
  }, [filter, replaying, startRead, endRead]);
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_EVENT) {
      const event = message.payload;
      if (!isEventKindVisible(user, event.name) || !isAlarmTransition(event)) return;
      if (event.active) {
        if (filter.sort === 'newest') refreshFirst();
      } else live((held) => applyClear(held, event, filter.view));
    } else if (message.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED) {
      const ack = message.payload;
      live((held) => applyAcknowledged(held, ack));
    }
  });

  return {
    rows,
    loading,
    error,
    complete,
    loadMore: () => {
      if (!complete && cursor) void load(false, cursor);
    },
    acknowledged: (acks) =>
      setRows((held) => acks.reduce((acc, a) => applyAcknowledged(acc, { id: a.eventId, ...a }), held)),
  };
}
