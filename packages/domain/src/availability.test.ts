import { describe, expect, it } from 'vitest';
import { availabilityPercent } from './availability.ts';

describe('availabilityPercent', () => {
  it('is 100 × (1 − down ÷ possible) with two decimals', () => {
    expect(availabilityPercent(0, 86_400)).toBe(100);
    expect(availabilityPercent(5_400, 86_400)).toBe(93.75);
    expect(availabilityPercent(1, 3)).toBe(66.67);
  });

  it('caps down time at the possible time and answers 100 for an empty range', () => {
    expect(availabilityPercent(90_000, 86_400)).toBe(0);
    expect(availabilityPercent(10, 0)).toBe(100);
  });
});
