import { describe, expect, it } from 'vitest';
import { type CpuProfile, profileWindow } from '../src/lib/profile-window.ts';

/** root → work → gc-ish leaf; idle under root. One sample per 10 ms. */
function profile(samples: number[]): CpuProfile {
  const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
  return {
    startTime: 0,
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('processBatch', 'file:///x/apps/server/src/ingest/batch.ts'), children: [4] },
      { id: 4, callFrame: frame('writev') },
    ],
    samples,
    timeDeltas: samples.map(() => 10_000),
  };
}

describe('profileWindow', () => {
  it('shares of the busy time within the window, and busy stretches as stalls', () => {
    // 0–1 s: idle; 1–1.3 s: 30 busy samples (a 290 ms stretch); then idle, one short busy sample.
    const samples = [
      ...Array(100).fill(2),
      ...Array(15).fill(3),
      ...Array(15).fill(4),
      ...Array(20).fill(2),
      4,
      2,
    ];
    const w = profileWindow(profile(samples), { fromS: 1, toS: 1.52 });
    expect(w.busyPct).toBeCloseTo((31 / 52) * 100, 0);
    expect(w.self).toEqual([
      { fn: 'writev', pct: 51.6 },
      { fn: 'processBatch batch.ts:1', pct: 48.4 },
    ]);
    expect(w.inclusive[0]).toEqual({ fn: 'processBatch batch.ts:1', pct: 100 });
    expect(w.stalls).toHaveLength(1);
    expect(w.stalls[0]).toMatchObject({ atS: 1, ms: 290 });
    // The last seconds only: the idle start is outside the window.
    expect(profileWindow(profile(samples), { lastS: 0.52 }).busyPct).toBeGreaterThan(50);
  });
});
