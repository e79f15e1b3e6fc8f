import { describe, expect, it } from 'vitest';
import { type CpuSample, coresUsed } from './proc.ts';

const sample = (at: number, entries: [number, number][]): CpuSample => ({ at, seconds: new Map(entries) });

describe('coresUsed', () => {
  it('adds the CPU seconds of the processes present in both samples over the wall time', () => {
    expect(
      coresUsed(
        sample(0, [
          [1, 10],
          [2, 5],
        ]),
        sample(2000, [
          [1, 11],
          [2, 6],
        ]),
      ),
    ).toBe(1);
  });

  it('leaves out a process that ended (reads 0) or started in between', () => {
    const a = sample(0, [
      [1, 10],
      [2, 50],
    ]);
    const b = sample(1000, [
      [1, 10.5],
      [2, 0],
      [3, 7],
    ]);
    expect(coresUsed(a, b)).toBe(0.5);
  });
});
