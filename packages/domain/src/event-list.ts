/**
 * Event lists: live merge and downward paging (docs/requirements.md#event-merge, docs/requirements.md#events-paging).
 */

/** Events per page (docs/requirements.md#events-paging). */
export const EVENT_PAGE_SIZE = 100;
/** Cursor of the first page: events are paged downward from this id (docs/requirements.md#events-paging). */
export const FIRST_EVENT_CURSOR = 2147483647;

/** The least an event list needs: a numeric id. */
export interface IdentifiedEvent {
  id: number;
}

/**
 * Merges a live event into a newest-first list: it replaces an event with the same id (in place),
 * or is prepended (docs/requirements.md#event-merge). The input list is not mutated.
 */
export function mergeLiveEvent<T extends IdentifiedEvent>(events: readonly T[], event: T): T[] {
  const index = events.findIndex((e) => e.id === event.id);
  if (index === -1) return [event, ...events];
  const next = [...events];
  next[index] = event;
  return next;
}

/** Result of appending an older page. */
export interface AppendPageResult<T> {
  events: T[];
  /** False when the page was stale (ids not below the last held) and ignored. */
  appended: boolean;
  /** True when the page had fewer items than the page size: nothing older remains. */
  allFetched: boolean;
}

/**
 * Appends an older page (docs/requirements.md#events-paging): only if all its ids are smaller than the last (oldest)
 * id held; an empty list accepts any page. A page with fewer than `pageSize` items means all are
 * fetched. Decision: allFetched follows the page length even when a stale page is ignored.
 */
export function appendOlderPage<T extends IdentifiedEvent>(
  events: readonly T[],
  page: readonly T[],
  pageSize: number = EVENT_PAGE_SIZE,
): AppendPageResult<T> {
  const allFetched = page.length < pageSize;
  const last = events.at(-1);
  const appended = last === undefined || page.every((e) => e.id < last.id);
  return { events: appended ? [...events, ...page] : [...events], appended, allFetched };
}

/** The cursor for the next older page: the oldest id held, or the first cursor for an empty list. */
export function nextEventCursor(events: readonly IdentifiedEvent[]): number {
  return events.at(-1)?.id ?? FIRST_EVENT_CURSOR;
}

/** Infinite lists: more pages exist when the returned page is full (docs/requirements.md#infinite-lists). */
export function hasMorePages(pageLength: number, pageSize: number): boolean {
  return pageLength >= pageSize;
}
