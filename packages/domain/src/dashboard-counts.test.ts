import { describe, expect, it } from 'vitest';
import { emptyDashboardCounts, emptySiteCounts } from './dashboard-counts.ts';
import { RMS_SERVICES } from './pins.ts';

describe('dashboard counts (platform-core §3)', () => {
  it('starts every count at zero', () => {
    const counts = emptyDashboardCounts();
    expect(counts.power).toEqual({
      mains_on: 0,
      mains_off: 0,
      dc_low: 0,
      dg_power: 0,
      pg_power: 0,
      site_down: 0,
      site_on_battery: 0,
    });
    expect(counts.dcPower).toEqual({ no_load: 0, normal_load: 0, over_load: 0 });
    expect(Object.keys(counts.access)).toHaveLength(7);
    expect(counts.battery).toEqual({ full: 0, good: 0, ok: 0, bad: 0 });
    expect(counts.loadCount).toEqual({ total: { DOWN: 0, NORMAL: 0, OVER: 0 }, byTenant: {} });
  });

  it('gives a zero load row per tenant and fresh objects each call', () => {
    const a = emptyDashboardCounts(['robi']);
    expect(a.loadCount.byTenant.robi).toEqual({ DOWN: 0, NORMAL: 0, OVER: 0 });
    a.mains.on = 5;
    expect(emptyDashboardCounts().mains.on).toBe(0);
  });

  it('site counts and RMS services', () => {
    expect(emptySiteCounts()).toEqual({
      total: 0,
      rms: 0,
      rectifier: 0,
      acs: 0,
      sarbs: 0,
      vertiv: 0,
      eltek: 0,
    });
    expect(RMS_SERVICES).toHaveLength(14);
  });
});
