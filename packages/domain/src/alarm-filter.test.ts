import { describe, expect, it } from 'vitest';
import { alarmMatchesFilter, propertyMatchesFilter, siteAlarmsMatchFilter } from './alarm-filter.ts';
import type { SiteAlarm } from './alarms.ts';

const now = new Date('2025-06-01T06:00:00Z');
const minutesAgo = (m: number) => now.getTime() - m * 60_000;
const alarm = (over: Partial<SiteAlarm> = {}): SiteAlarm => ({
  id: 'site_down',
  isAvailable: true,
  isNormal: false,
  isDisable: false,
  lastEvent: minutesAgo(60),
  ...over,
});

describe('alarm filter (docs/requirements.md#site-filters)', () => {
  it('compares expected with isNormal', () => {
    expect(alarmMatchesFilter(alarm(), { type: 'alarm', id: 'site_down', expected: false }, now)).toBe(true);
    expect(alarmMatchesFilter(alarm(), { type: 'alarm', id: 'site_down', expected: true }, now)).toBe(false);
    expect(
      alarmMatchesFilter(alarm({ isNormal: true }), { type: 'alarm', id: 'x', expected: true }, now),
    ).toBe(true);
  });

  it('an unavailable alarm never matches expected', () => {
    expect(
      alarmMatchesFilter(alarm({ isAvailable: false }), { type: 'alarm', id: 'x', expected: false }, now),
    ).toBe(false);
  });

  it('bounds minutes since lastEvent: min inclusive, max exclusive', () => {
    const f = { type: 'alarm' as const, id: 'site_down', minDuration: 60, maxDuration: 120 };
    expect(alarmMatchesFilter(alarm({ lastEvent: minutesAgo(60) }), f, now)).toBe(true);
    expect(alarmMatchesFilter(alarm({ lastEvent: minutesAgo(59) }), f, now)).toBe(false);
    expect(alarmMatchesFilter(alarm({ lastEvent: minutesAgo(119) }), f, now)).toBe(true);
    expect(alarmMatchesFilter(alarm({ lastEvent: minutesAgo(120) }), f, now)).toBe(false);
    expect(alarmMatchesFilter(alarm({ lastEvent: null }), f, now)).toBe(false);
  });

  it('exists checks availability', () => {
    expect(
      alarmMatchesFilter(alarm({ isAvailable: false }), { type: 'alarm', id: 'x', exists: false }, now),
    ).toBe(true);
    expect(alarmMatchesFilter(alarm(), { type: 'alarm', id: 'x', exists: false }, now)).toBe(false);
  });

  it('matches a site by alarm id and tenant variant', () => {
    const alarms = [alarm({ tenant: 'robi', isNormal: true }), alarm({ tenant: 'banglalink' })];
    expect(siteAlarmsMatchFilter(alarms, { type: 'alarm', id: 'site_down', expected: false }, now)).toBe(
      true,
    );
    expect(
      siteAlarmsMatchFilter(alarms, { type: 'alarm', id: 'site_down', expected: false, tenant: 'robi' }, now),
    ).toBe(false);
    expect(siteAlarmsMatchFilter(alarms, { type: 'alarm', id: 'smoke', exists: false }, now)).toBe(true);
    expect(siteAlarmsMatchFilter([], { type: 'alarm', id: 'smoke', expected: false }, now)).toBe(false);
  });

  it('property filters compare presence with exists (default true)', () => {
    expect(propertyMatchesFilter(['C1'], {})).toBe(true);
    expect(propertyMatchesFilter([], { exists: false })).toBe(true);
    expect(propertyMatchesFilter(['C1'], { exists: false })).toBe(false);
  });

  it('property filters with a value need a matching value', () => {
    expect(propertyMatchesFilter(['NORMAL', 'DOWN'], { value: 'DOWN' })).toBe(true);
    expect(propertyMatchesFilter(['NORMAL'], { value: 'OVER' })).toBe(false);
  });
});
