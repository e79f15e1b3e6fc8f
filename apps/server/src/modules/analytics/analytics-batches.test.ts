/**
 * inBatches (analytics-batches.ts): a report's batches are read ahead, up to `reads` loads at a time
 * (a batch's compare period counting one), and visited in uid order all the same; a failed load fails
 * the report only once every load it started is over.
 */
import { describe, expect, it } from 'vitest';
import type { FleetFilter } from '../power-data/index.ts';
import type { AnalyticsRepository, SiteBaseRow } from './analytics.repository.ts';
import { inBatches } from './analytics-batches.ts';
import type { ReportContext, ResolvedPeriod } from './analytics-context.ts';

const UIDS = Array.from({ length: 23 }, (_, i) => `S${String(i).padStart(3, '0')}`);
const repo = { siteUids: async () => UIDS } as unknown as AnalyticsRepository;
const period = (from: number): ResolvedPeriod =>
  ({ period: { from, until: from + 10 }, end: from + 10, window: {} }) as unknown as ResolvedPeriod;
const MAIN = period(100);
const PREVIOUS = period(0);
const ctx = (compare: boolean) =>
  ({ caller: {}, filter: {}, main: MAIN, previous: compare ? PREVIOUS : null }) as unknown as ReportContext;
const row = (uid: string) => ({ uid }) as SiteBaseRow;

/** Loads that each wait a few turns of the event loop (later batches sooner), counting how many run at once. */
function loads(fail?: string) {
  let running = 0;
  let most = 0;
  let started = 0;
  let finished = 0;
  const load = async (f: FleetFilter, p: ResolvedPeriod) => {
    const uids = f.siteUids ?? UIDS;
    started += 1;
    running += 1;
    most = Math.max(most, running);
    try {
      for (let i = 0; i < 10 - (started % 5); i++) await new Promise((r) => setImmediate(r));
      if (fail && uids.includes(fail)) throw new Error(`batch of ${fail} failed`);
      return uids.map(row).map((r) => ({ ...r, compare: p === PREVIOUS }));
    } finally {
      running -= 1;
      finished += 1;
    }
  };
  return {
    load,
    get most() {
      return most;
    },
    get started() {
      return started;
    },
    get finished() {
      return finished;
    },
  };
}

describe('inBatches', () => {
  for (const [reads, compare, most] of [
    [1, false, 1],
    [2, false, 2],
    [3, false, 3],
    [2, true, 2],
    [3, true, 2],
    [4, true, 4],
  ] as const) {
    it(`reads ${reads} at a time ${compare ? 'with' : 'without'} the compare period: ${most} loads at once, rows in order`, async () => {
      const l = loads();
      const visited: string[] = [];
      const compared: string[] = [];
      await inBatches(repo, ctx(compare), { size: 5, reads }, l.load, {
        site: async (r, previous) => {
          visited.push(r.uid);
          if (compare) expect(previous?.uid).toBe(r.uid);
          else expect(previous).toBeUndefined();
          // A slow visitor: the reads ahead go on meanwhile.
          await new Promise((res) => setImmediate(res));
        },
        compared: (r) => {
          compared.push(r.uid);
        },
      });
      expect(visited).toEqual(UIDS);
      expect(compared).toEqual(compare ? UIDS : []);
      expect(l.most).toBe(most);
      expect(l.started).toBe(5 * (compare ? 2 : 1));
    });
  }

  it('fails with the failed batch once every load it started is over', async () => {
    const l = loads('S012');
    const visited: string[] = [];
    await expect(
      inBatches(repo, ctx(false), { size: 5, reads: 3 }, l.load, {
        site: async (r) => {
          visited.push(r.uid);
        },
        compared: () => undefined,
      }),
    ).rejects.toThrow('batch of S012 failed');
    expect(visited).toEqual(UIDS.slice(0, 10));
    expect(l.finished).toBe(l.started);
  });

  it('one batch of the scope itself when it holds every site', async () => {
    const filters: FleetFilter[] = [];
    await inBatches(
      repo,
      ctx(false),
      { size: 100, reads: 2 },
      async (f) => {
        filters.push(f);
        return UIDS.map(row);
      },
      { site: async () => undefined, compared: () => undefined },
    );
    expect(filters).toEqual([{}]);
  });
});
