import { describe, expect, it } from 'vitest';
import {
  appendOlderPage,
  EVENT_PAGE_SIZE,
  FIRST_EVENT_CURSOR,
  hasMorePages,
  mergeLiveEvent,
  nextEventCursor,
} from './event-list.ts';

const ev = (id: number, name = 'site_down') => ({ id, name });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => ev(from - i));

describe('event list merge (docs/requirements.md#event-merge)', () => {
  it('prepends a new live event', () => {
    expect(mergeLiveEvent([ev(5), ev(4)], ev(6)).map((e) => e.id)).toEqual([6, 5, 4]);
    expect(mergeLiveEvent([], ev(1))).toEqual([ev(1)]);
  });

  it('replaces an event with the same id in place without mutating', () => {
    const list = [ev(5), ev(4)];
    const merged = mergeLiveEvent(list, ev(4, 'door_open'));
    expect(merged).toEqual([ev(5), ev(4, 'door_open')]);
    expect(list[1]?.name).toBe('site_down');
  });
});

describe('older pages (docs/requirements.md#events-paging)', () => {
  it('pages start at 2147483647, 100 per page', () => {
    expect(FIRST_EVENT_CURSOR).toBe(2147483647);
    expect(EVENT_PAGE_SIZE).toBe(100);
    expect(nextEventCursor([])).toBe(2147483647);
    expect(nextEventCursor([ev(9), ev(3)])).toBe(3);
  });

  it('appends a page whose ids are all below the last held', () => {
    const result = appendOlderPage([ev(10), ev(9)], range(8, 100));
    expect(result.appended).toBe(true);
    expect(result.events).toHaveLength(102);
    expect(result.allFetched).toBe(false);
  });

  it('ignores a stale page with an id not below the last held', () => {
    const result = appendOlderPage([ev(10), ev(9)], [ev(9), ev(8)]);
    expect(result.appended).toBe(false);
    expect(result.events.map((e) => e.id)).toEqual([10, 9]);
  });

  it('a page under 100 items means all fetched; exactly 100 does not', () => {
    expect(appendOlderPage([], range(99, 99)).allFetched).toBe(true);
    expect(appendOlderPage([], range(100, 100)).allFetched).toBe(false);
    expect(appendOlderPage([ev(3)], []).allFetched).toBe(true);
  });

  it('more pages exist when a page is full', () => {
    expect(hasMorePages(25, 25)).toBe(true);
    expect(hasMorePages(24, 25)).toBe(false);
  });
});
