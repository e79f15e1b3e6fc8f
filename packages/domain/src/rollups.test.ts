import { describe, expect, it } from 'vitest';
import {
  combinePieces,
  dhakaDayStartOf,
  hourStartOf,
  isLateForDay,
  isLateForHour,
  lastCompressibleDay,
  lateDays,
  lateHours,
  rollupViewOf,
} from './rollups.ts';

const at = (s: string) => Date.parse(s);

describe('late data', () => {
  it('marks a reading late once its hour is over, an event once its Dhaka day is over', () => {
    const now = at('2026-11-20T10:00:05Z');
    expect(isLateForHour(at('2026-11-20T09:59:59Z'), now)).toBe(true);
    expect(isLateForHour(at('2026-11-20T10:00:00Z'), now)).toBe(false);
    // 10:00Z is 16:00 in Dhaka: the Dhaka day began at 2026-11-19T18:00Z.
    expect(isLateForDay(at('2026-11-19T17:59:59Z'), now)).toBe(true);
    expect(isLateForDay(at('2026-11-19T18:00:00Z'), now)).toBe(false);
    expect(dhakaDayStartOf(now)).toBe(at('2026-11-19T18:00:00Z'));
    expect(hourStartOf(at('2026-11-20T09:59:59.999Z'))).toBe(at('2026-11-20T09:00:00Z'));
  });

  it('lists each late hour and day once', () => {
    const now = at('2026-11-20T10:30:00Z');
    const rows = [
      { k: 'A', t: at('2026-11-18T01:10:00Z') },
      { k: 'A', t: at('2026-11-18T01:50:00Z') },
      { k: 'B', t: at('2026-11-18T01:50:00Z') },
      { k: 'A', t: at('2026-11-20T10:10:00Z') },
    ];
    expect(
      lateHours(
        rows,
        (r) => r.k,
        (r) => r.t,
        now,
      ),
    ).toEqual([
      { key: 'A', hour: at('2026-11-18T01:00:00Z') },
      { key: 'B', hour: at('2026-11-18T01:00:00Z') },
    ]);
    expect(
      lateDays(
        rows,
        (r) => r.k,
        (r) => r.t,
        now,
      ),
    ).toEqual([
      { key: 'A', day: '2026-11-18' },
      { key: 'B', day: '2026-11-18' },
    ]);
  });
});

describe('daily rollup pieces', () => {
  it('keeps views for the default allowed set, all operators and each operator', () => {
    expect(rollupViewOf(['robi', 'banglalink', 'grameenphone'])).toBe('banglalink,grameenphone,robi');
    expect(rollupViewOf(['robi'])).toBe('robi');
    expect(rollupViewOf(['robi', 'teletalk'])).toBeNull();
  });

  it('adds pieces up and counts a period crossing a boundary once', () => {
    const p = (ms: number, starts: number, lead: boolean, open: boolean) => ({
      ms,
      gapMs: 1,
      starts,
      lead,
      open,
    });
    // Active across the first boundary (open → lead): one period; a new one begins exactly at the second.
    expect(combinePieces([p(10, 1, false, true), p(20, 0, true, false), p(5, 0, true, true)])).toEqual({
      ms: 35,
      gapMs: 3,
      starts: 2,
      lead: false,
      open: true,
    });
    expect(combinePieces([])).toEqual({ ms: 0, gapMs: 0, starts: 0, lead: false, open: false });
  });
});

describe('lastCompressibleDay', () => {
  it('is the day before the Asia/Dhaka day holding now - afterDays', () => {
    // 2026-12-06 19:52 UTC = 2026-12-07 01:52 Dhaka; minus 7 days: 2026-11-30 01:52 Dhaka.
    expect(lastCompressibleDay(Date.parse('2026-12-06T19:52:00Z'), 7)).toBe('2026-11-29');
    // Just before Dhaka midnight: 2026-12-06 17:59 UTC = 23:59 Dhaka; minus 1 day: 2026-12-05 (Dhaka).
    expect(lastCompressibleDay(Date.parse('2026-12-06T17:59:00Z'), 1)).toBe('2026-12-04');
    // At Dhaka midnight the day that just ended 1 day ago is whole.
    expect(lastCompressibleDay(Date.parse('2026-12-06T18:00:00Z'), 1)).toBe('2026-12-05');
  });
});
