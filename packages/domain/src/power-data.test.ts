import { describe, expect, it } from 'vitest';
import {
  BATTERY_HEALTH_VALUES,
  defaultPowerRange,
  dhakaMonthStart,
  isBeyondHealthThreshold,
  MAX_CHART_POINTS,
  planSeries,
  plusOneDhakaMonth,
  seriesBucketStart,
} from './power-data.ts';

const at = (iso: string) => new Date(iso);

describe('planSeries (zoom → resolution)', () => {
  it('keeps a one-minute zoom over a day on raw telemetry', () => {
    const p = planSeries(at('2026-03-01T00:00:00+06:00'), at('2026-03-02T00:00:00+06:00'), 1);
    expect(p).toEqual({ bucketMinutes: 1, source: 'raw', buckets: 1440 });
  });
  it('grows the bucket so a month never exceeds the point cap, and reads rollups past three days', () => {
    const p = planSeries(at('2026-03-01T00:00:00+06:00'), at('2026-04-01T00:00:00+06:00'), 1);
    expect(p.source).toBe('hourly');
    expect(p.bucketMinutes).toBe(60);
    expect(p.buckets).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });
  it('answers the spec default month at 1440 minutes from rollups, and a year within the cap', () => {
    expect(planSeries(at('2026-03-01T00:00:00+06:00'), at('2026-04-01T00:00:00+06:00'), 1440)).toEqual({
      bucketMinutes: 1440,
      source: 'hourly',
      buckets: 31,
    });
    const year = planSeries(at('2025-03-01T00:00:00Z'), at('2026-03-01T00:00:00Z'), 1);
    expect(year.buckets).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(year.bucketMinutes).toBe(360);
  });
  it('snaps an odd zoom up to the next bucket size', () => {
    expect(planSeries(at('2026-03-01T00:00:00Z'), at('2026-03-01T06:00:00Z'), 7).bucketMinutes).toBe(10);
  });
});

describe('Dhaka buckets and months', () => {
  it('starts day buckets at Dhaka midnight (18:00 UTC)', () => {
    const t = at('2026-03-05T03:00:00Z').getTime();
    expect(new Date(seriesBucketStart(t, 1440)).toISOString()).toBe('2026-03-04T18:00:00.000Z');
    expect(new Date(seriesBucketStart(t, 60)).toISOString()).toBe('2026-03-05T03:00:00.000Z');
  });
  it('starts week buckets on a Dhaka Monday', () => {
    const t = at('2026-03-05T03:00:00Z').getTime(); // Thursday in Dhaka
    expect(new Date(seriesBucketStart(t, 10080)).toISOString()).toBe('2026-03-01T18:00:00.000Z');
  });
  it('default range: Dhaka month start to one month later at 1440', () => {
    // 2026-02-28 20:00 UTC is 1 March 02:00 in Dhaka
    const r = defaultPowerRange(at('2026-02-28T20:00:00Z'));
    expect(r.from.toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(r.until.toISOString()).toBe('2026-03-31T18:00:00.000Z');
    expect(r.zoom).toBe(1440);
    expect(dhakaMonthStart(at('2026-01-15T12:00:00Z')).toISOString()).toBe('2025-12-31T18:00:00.000Z');
  });
  it('one month after the 31st clamps to the month end', () => {
    expect(plusOneDhakaMonth(at('2026-01-31T00:00:00+06:00')).toISOString()).toBe('2026-02-27T18:00:00.000Z');
  });
});

describe('battery health values', () => {
  it('42 and 52 count readings at or below, 56 at or above', () => {
    expect(BATTERY_HEALTH_VALUES).toEqual([42, 52, 56]);
    expect(isBeyondHealthThreshold(42, 42)).toBe(true);
    expect(isBeyondHealthThreshold(42, 42.1)).toBe(false);
    expect(isBeyondHealthThreshold(52, 51.9)).toBe(true);
    expect(isBeyondHealthThreshold(56, 56.2)).toBe(true);
    expect(isBeyondHealthThreshold(56, 55)).toBe(false);
  });
});
