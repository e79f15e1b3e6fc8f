import { describe, expect, it } from 'vitest';
import { batteryDay, mainsTenantDay, worstMainsTenant } from './availability-days.ts';

const D = 1_000_000;
const E = D + 1000;

describe('mainsTenantDay', () => {
  it('counts off time outside gaps and outages begun after the start', () => {
    const day = mainsTenantDay(
      true,
      [
        { at: D + 100, active: false },
        { at: D + 200, active: true },
        { at: D + 500, active: false },
      ],
      [[D + 250, D + 300]],
      D,
      E,
    );
    expect(day).toEqual({ offMs: 100 + 300 - 50, outages: 1, startsAtFrom: false });
  });

  it('tells an outage begun exactly at the start from one running in', () => {
    expect(mainsTenantDay(false, [{ at: D, active: true }], [], D, E).startsAtFrom).toBe(true);
    expect(mainsTenantDay(true, [], [], D, E).startsAtFrom).toBe(false);
    // Ended and begun again at the start: a new outage.
    const again = [
      { at: D, active: false },
      { at: D, active: true },
    ];
    expect(mainsTenantDay(true, again, [], D, E)).toEqual({ offMs: 1000, outages: 0, startsAtFrom: true });
    // Begun and ended at the same instant: no outage.
    const blip = [
      { at: D, active: true },
      { at: D, active: false },
    ];
    expect(mainsTenantDay(false, blip, [], D, E)).toEqual({ offMs: 0, outages: 0, startsAtFrom: false });
  });
});

describe('worstMainsTenant', () => {
  const a = { offMs: 500, outages: 1, startsAtFrom: false };
  const b = { offMs: 500, outages: 1, startsAtFrom: true };
  it('takes the most off time, then the most outages; a start at the request start is not counted', () => {
    expect(worstMainsTenant([a, b], true)).toEqual({ ms: 500, outages: 2 });
    expect(worstMainsTenant([a, b], false)).toEqual({ ms: 500, outages: 1 });
    expect(worstMainsTenant([], true)).toEqual({ ms: 0, outages: 0 });
    expect(worstMainsTenant([{ offMs: 0, outages: 2, startsAtFrom: false }], true)).toEqual({
      ms: 0,
      outages: 2,
    });
  });
});

describe('batteryDay', () => {
  it('counts on battery, down and both outside gaps, clipped to the day', () => {
    const day = batteryDay([[D - 100, D + 400]], [[D + 300, E + 50]], [[D + 350, D + 450]], D, E);
    expect(day).toEqual({ onMs: 400 - 50, downMs: 700 - 100, bothMs: 100 - 50 });
  });
});
