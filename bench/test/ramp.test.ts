import { describe, expect, it } from 'vitest';
import { nextRate } from '../src/lib/ramp.ts';

const ramp = { startRate: 250, factor: 1.5, refinements: 2, resolution: 0.1 };
const run = (...steps: [number, boolean][]) => steps.map(([rate, pass]) => ({ rate, pass }));

describe('the ingest rate ramp', () => {
  it('starts at the start rate and grows by the factor while steps pass', () => {
    expect(nextRate([], ramp)).toBe(250);
    expect(nextRate(run([250, true], [375, true]), ramp)).toBe(563);
  });

  it('bisects between the last pass and the lowest failure, at most `refinements` times', () => {
    expect(nextRate(run([6420, true], [9630, false]), ramp)).toBe(8025);
    expect(nextRate(run([6420, true], [9630, false], [8025, true]), ramp)).toBe(8828);
    expect(nextRate(run([6420, true], [9630, false], [8025, false]), ramp)).toBe(7223);
    expect(nextRate(run([6420, true], [9630, false], [8025, false], [7223, true]), ramp)).toBeNull();
    expect(nextRate(run([6420, true], [9630, false]), { ...ramp, refinements: 0 })).toBeNull();
  });

  it('stops when the first step fails or pass and failure are within the resolution', () => {
    expect(nextRate(run([250, false]), ramp)).toBeNull();
    expect(nextRate(run([1000, true], [1090, false]), ramp)).toBeNull();
  });
});
