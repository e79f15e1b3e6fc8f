/** How many pages of a site list are fetched at once after the first (its total tells how many follow). */
export const SITE_PAGE_CONCURRENCY = 4;

/** What the loader needs of a page of a site list reply. */
export interface SitePage<T> {
  items: T[];
  /** Matching sites over all pages. */
  total: number;
  limit: number;
}

/** Number of pages of a list whose first page is `first` (at least one). */
export function pageCountOf(first: Pick<SitePage<unknown>, 'total' | 'limit'>): number {
  return Math.max(1, Math.ceil(first.total / first.limit));
}

/**
 * Every page of a paged site list, yielded in page order: the first page alone (its `total` says how
 * many follow), then the others fetched `concurrency` at a time, each yielded as soon as it and the
 * pages before it are in. A failed page ends the stream with its error.
 */
export async function* sitePagesInOrder<P extends SitePage<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  concurrency = SITE_PAGE_CONCURRENCY,
): AsyncGenerator<P, void, undefined> {
  const first = await fetchPage(1);
  yield first;
  const last = pageCountOf(first);
  const inFlight = new Map<number, Promise<P>>();
  let next = 2;
  const fill = () => {
    for (; next <= last && inFlight.size < concurrency; next += 1) {
      const page = fetchPage(next);
      // Awaited in order below; this only keeps an early failure from being reported as unhandled.
      page.catch(() => undefined);
      inFlight.set(next, page);
    }
  };
  for (let page = 2; page <= last; page += 1) {
    fill();
    const result = await inFlight.get(page);
    inFlight.delete(page);
    if (result) yield result;
  }
}

/** How long pages that have arrived may wait to be shown together (docs/decisions/site-list-loading.md). */
export const SITE_PAGE_BATCH_MS = 250;

/**
 * The pages of a stream in batches: the first page alone, then the pages that arrived since the last
 * batch, at most one batch per `intervalMs` (a page never waits longer than that, and the last one
 * not at all). The list pages derive their rows from every site loaded so far, so a fleet of 37 pages
 * re-renders a handful of times while it loads instead of once per page.
 */
export async function* pageBatches<P>(
  pages: AsyncIterable<P>,
  intervalMs = SITE_PAGE_BATCH_MS,
): AsyncGenerator<P[], void, undefined> {
  const source = pages[Symbol.asyncIterator]();
  const late = Symbol('late');
  let batch: P[] = [];
  let shownAt = 0;
  let first = true;
  // A page still awaited when the consumer stops (its fetch aborted) must not surface as unhandled.
  const ask = () => {
    const promise = source.next();
    promise.catch(() => undefined);
    return promise;
  };
  let next = ask();
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const due =
        batch.length === 0
          ? null
          : new Promise<typeof late>((resolve) => {
              timer = setTimeout(() => resolve(late), Math.max(0, shownAt + intervalMs - Date.now()));
            });
      let result: IteratorResult<P> | typeof late;
      try {
        result = due ? await Promise.race([next, due]) : await next;
      } catch (error) {
        // The pages before a failed one are shown, then the failure.
        if (batch.length > 0) yield batch;
        throw error;
      } finally {
        clearTimeout(timer);
      }
      if (result !== late) {
        if (result.done) break;
        batch.push(result.value);
        next = ask();
      }
      if (result === late || first || Date.now() - shownAt >= intervalMs) {
        first = false;
        shownAt = Date.now();
        const out = batch;
        batch = [];
        yield out;
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await source.return?.();
  }
}

/** The items of the loaded pages, in order. */
export function allSites<T>(pages: readonly { items: T[] }[] | undefined): T[] {
  return pages ? pages.flatMap((page) => page.items) : [];
}

/** True while pages of the list are still to come (fewer pages loaded than the first one announces). */
export function hasMorePages(pages: readonly SitePage<unknown>[] | undefined): boolean {
  const first = pages?.[0];
  return first !== undefined && pages !== undefined && pages.length < pageCountOf(first);
}

/** The pages with `update` applied to every item; pages it leaves unchanged stay the same objects. */
export function mapPageItems<P extends { items: unknown[] }>(
  pages: P[] | undefined,
  update: (item: P['items'][number]) => P['items'][number],
): P[] | undefined {
  if (!pages) return pages;
  return pages.map((page) => {
    const items = page.items.map(update);
    return items.some((item, i) => item !== page.items[i]) ? { ...page, items } : page;
  });
}
