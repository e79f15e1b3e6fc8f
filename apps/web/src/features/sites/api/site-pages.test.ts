import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allSites,
  hasMorePages,
  mapPageItems,
  pageBatches,
  pageCountOf,
  sitePagesInOrder,
} from './site-pages.ts';

interface Page {
  items: string[];
  total: number;
  page: number;
  limit: number;
}

/** A server of `total` sites in pages of `limit` whose replies the test resolves in any order. */
function fakeServer(total: number, limit: number) {
  const waiting = new Map<number, { resolve: (p: Page) => void; reject: (e: Error) => void }>();
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const pageOf = (page: number): Page => {
    const from = (page - 1) * limit;
    const count = Math.max(0, Math.min(limit, total - from));
    return { items: Array.from({ length: count }, (_, i) => `S${from + i}`), total, page, limit };
  };
  return {
    asked,
    maxInFlight: () => maxInFlight,
    fetchPage(page: number): Promise<Page> {
      asked.push(page);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise<Page>((resolve, reject) => waiting.set(page, { resolve, reject })).finally(() => {
        inFlight -= 1;
      });
    },
    /** Answers a page the loader asked for. */
    answer(page: number) {
      const w = waiting.get(page);
      if (!w) throw new Error(`page ${page} was not asked for`);
      waiting.delete(page);
      w.resolve(pageOf(page));
    },
    fail(page: number) {
      waiting.get(page)?.reject(new Error(`page ${page} failed`));
      waiting.delete(page);
    },
    pending: () => [...waiting.keys()].sort((a, b) => a - b),
  };
}

/** Lets the loader's awaits and the collecting loop run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function collect(stream: AsyncGenerator<Page>) {
  const pages: number[] = [];
  let error: Error | null = null;
  const done = (async () => {
    try {
      for await (const page of stream) pages.push(page.page);
    } catch (e) {
      error = e as Error;
    }
  })();
  return { pages, done, error: () => error };
}

describe('sitePagesInOrder', () => {
  it('asks for the first page alone, then the rest at most four at a time, and yields them in order', async () => {
    const server = fakeServer(9_500, 1_000);
    const out = collect(sitePagesInOrder((page) => server.fetchPage(page)));
    await settle();
    expect(server.pending()).toEqual([1]);
    server.answer(1);
    await settle();
    expect(out.pages).toEqual([1]);
    expect(server.pending()).toEqual([2, 3, 4, 5]);
    // Later pages arriving first wait for the earlier ones.
    server.answer(4);
    server.answer(3);
    await settle();
    expect(out.pages).toEqual([1]);
    server.answer(2);
    await settle();
    expect(out.pages).toEqual([1, 2, 3, 4]);
    for (let page = 5; page <= 10; page += 1) {
      expect(server.pending()).toContain(page);
      server.answer(page);
      await settle();
    }
    await out.done;
    expect(out.pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(server.asked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(server.maxInFlight()).toBe(4);
  });

  it('stops after the first page when it holds every site (or none)', async () => {
    for (const total of [0, 1_000]) {
      const server = fakeServer(total, 1_000);
      const out = collect(sitePagesInOrder((page) => server.fetchPage(page)));
      await settle();
      server.answer(1);
      await out.done;
      expect(out.pages).toEqual([1]);
      expect(server.asked).toEqual([1]);
    }
  });

  it('ends with the error of a failed page after the pages before it', async () => {
    const server = fakeServer(4_000, 1_000);
    const out = collect(sitePagesInOrder((page) => server.fetchPage(page), 2));
    await settle();
    server.answer(1);
    await settle();
    expect(server.pending()).toEqual([2, 3]);
    server.fail(3);
    server.answer(2);
    await out.done;
    expect(out.pages).toEqual([1, 2]);
    expect(out.error()?.message).toBe('page 3 failed');
  });
});

describe('pageBatches', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A stream of pages the test releases one by one. */
  function source() {
    const queue: { resolve: (r: IteratorResult<number>) => void; reject: (e: Error) => void }[] = [];
    const buffered: (IteratorResult<number> | Error)[] = [];
    let returned = false;
    const iterable: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          const ready = buffered.shift();
          if (ready instanceof Error) return Promise.reject(ready);
          if (ready) return Promise.resolve(ready);
          return new Promise((resolve, reject) => queue.push({ resolve, reject }));
        },
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const push = (r: IteratorResult<number> | Error) => {
      const waiter = queue.shift();
      if (!waiter) buffered.push(r);
      else if (r instanceof Error) waiter.reject(r);
      else waiter.resolve(r);
    };
    return {
      iterable,
      page: (n: number) => push({ done: false, value: n }),
      end: () => push({ done: true, value: undefined }),
      fail: (e: Error) => push(e),
      returned: () => returned,
    };
  }

  function collectBatches(stream: AsyncGenerator<number[]>) {
    const batches: number[][] = [];
    let error: Error | null = null;
    const done = (async () => {
      try {
        for await (const batch of stream) batches.push(batch);
      } catch (e) {
        error = e as Error;
      }
    })();
    return { batches, done, error: () => error };
  }

  /** Lets promise continuations run without moving the fake clock. */
  const flush = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  it('yields the first page alone, then what arrived within each interval, and the rest at the end', async () => {
    vi.useFakeTimers();
    const s = source();
    const out = collectBatches(pageBatches(s.iterable, 250));
    s.page(1);
    await flush();
    expect(out.batches).toEqual([[1]]);
    // Pages 2–4 arrive within 250 ms of the first batch: shown together when the interval is over.
    s.page(2);
    await vi.advanceTimersByTimeAsync(100);
    s.page(3);
    s.page(4);
    await vi.advanceTimersByTimeAsync(100);
    expect(out.batches).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(out.batches).toEqual([[1], [2, 3, 4]]);
    // A page arriving after a quiet interval is shown at once.
    await vi.advanceTimersByTimeAsync(400);
    s.page(5);
    await flush();
    expect(out.batches).toEqual([[1], [2, 3, 4], [5]]);
    // The last pages do not wait for the interval.
    s.page(6);
    await flush();
    s.end();
    await out.done;
    expect(out.batches).toEqual([[1], [2, 3, 4], [5], [6]]);
    expect(out.error()).toBeNull();
  });

  it('yields the pages before a failure, then the failure', async () => {
    vi.useFakeTimers();
    const s = source();
    const out = collectBatches(pageBatches(s.iterable, 250));
    s.page(1);
    await flush();
    s.page(2);
    await flush();
    s.fail(new Error('page 3 failed'));
    await vi.advanceTimersByTimeAsync(0);
    await out.done;
    expect(out.batches).toEqual([[1], [2]]);
    expect(out.error()?.message).toBe('page 3 failed');
  });

  it('closes the source when the consumer stops', async () => {
    const s = source();
    const stream = pageBatches(s.iterable, 250);
    s.page(1);
    expect((await stream.next()).value).toEqual([1]);
    await stream.return(undefined);
    expect(s.returned()).toBe(true);
  });
});

describe('loaded pages', () => {
  const page = (items: string[], n: number) => ({ items, total: 5, page: n, limit: 2 });

  it('counts the pages a total needs', () => {
    expect(pageCountOf({ total: 0, limit: 1000 })).toBe(1);
    expect(pageCountOf({ total: 1000, limit: 1000 })).toBe(1);
    expect(pageCountOf({ total: 36_250, limit: 1000 })).toBe(37);
  });

  it('tells whether pages are still to come and lists the items in order', () => {
    const pages = [page(['a', 'b'], 1), page(['c', 'd'], 2)];
    expect(hasMorePages(undefined)).toBe(false);
    expect(hasMorePages(pages)).toBe(true);
    expect(hasMorePages([...pages, page(['e'], 3)])).toBe(false);
    expect(allSites(pages)).toEqual(['a', 'b', 'c', 'd']);
    expect(allSites(undefined)).toEqual([]);
  });

  it('updates items and keeps the pages it does not change', () => {
    const pages = [page(['a', 'b'], 1), page(['c', 'd'], 2)];
    const next = mapPageItems(pages, (item) => (item === 'c' ? 'C' : item));
    expect(next?.[0]).toBe(pages[0]);
    expect(next?.[1]?.items).toEqual(['C', 'd']);
    expect(mapPageItems<{ items: string[] }>(undefined, (item) => item)).toBeUndefined();
  });
});
