import { describe, expect, it } from 'vitest';
import { intersect, periodsFromTransitions, totalMs, union } from './intervals.ts';

describe('interval arithmetic', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      union([
        [5, 8],
        [0, 3],
        [3, 4],
        [7, 10],
      ]),
    ).toEqual([
      [0, 4],
      [5, 10],
    ]);
  });

  it('intersects unions', () => {
    expect(
      intersect(
        [[0, 10]],
        [
          [2, 3],
          [8, 12],
        ],
      ),
    ).toEqual([
      [2, 3],
      [8, 10],
    ]);
    expect(totalMs(intersect([[0, 5]], [[5, 9]]))).toBe(0);
  });

  it('builds periods from transitions, with the state at the start and an open end', () => {
    const t = [
      { at: 20, active: false },
      { at: 50, active: true },
      { at: 60, active: true },
    ];
    expect(periodsFromTransitions(true, t, 10, 100)).toEqual([
      [10, 20],
      [50, 100],
    ]);
    expect(periodsFromTransitions(false, [{ at: 5, active: true }], 10, 100)).toEqual([[10, 100]]);
  });
});
