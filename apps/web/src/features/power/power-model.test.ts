import type { SitePinConfig } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  backupText,
  generatorState,
  hoursMinutes,
  isEventForPage,
  meanOf,
  monthDates,
  phaseReadings,
  pinReading,
  reading,
  recentMonths,
  seriesRange,
} from './power-model.ts';

const focus = { siteUid: 's1', tenant: 'robi' };

function pin(type: string, status: number | null, tenant: string | null = null): SitePinConfig {
  return {
    id: Math.floor(Math.random() * 1e6),
    com_id: 'c1',
    pin_name: type,
    type,
    priority: null,
    tenant,
    site_uid: 's1',
    user_uid: 'u1',
    label: null,
    status,
    updated_at: '2025-11-20T06:00:00.000Z',
  } as unknown as SitePinConfig;
}

describe('live routing to the power pages', () => {
  it('takes the spec routes: mains, battery, generator, temperature', () => {
    const at = (name: string, module: Parameters<typeof isEventForPage>[1]) =>
      isEventForPage({ name, siteUid: 's1', tenant: 'robi' }, module, focus);
    for (const name of ['mains_outage', 'mains_fail', 'site_down', 'rectifier_fail'])
      expect(at(name, 'mains')).toBe(true);
    for (const name of ['battery_power', 'dc_low_voltage', 'dc_fail']) expect(at(name, 'battery')).toBe(true);
    for (const name of ['dg_power', 'pg_power']) expect(at(name, 'generator')).toBe(true);
    expect(at('high_temperature', 'temperature')).toBe(true);
    expect(at('mains_fail', 'battery')).toBe(false);
    expect(at('door_open', 'mains')).toBe(false);
  });

  it('takes power events only for the focused tenant (tenant-less as the first operator tenant)', () => {
    expect(isEventForPage({ name: 'mains_fail', siteUid: 's1', tenant: 'gp' }, 'mains', focus)).toBe(false);
    expect(isEventForPage({ name: 'mains_fail', siteUid: 's1', tenant: null }, 'mains', focus)).toBe(false);
    expect(
      isEventForPage({ name: 'mains_fail', siteUid: 's1', tenant: null }, 'mains', {
        ...focus,
        tenant: 'banglalink',
      }),
    ).toBe(true);
    // Not a power event: any tenant.
    expect(
      isEventForPage({ name: 'high_temperature', siteUid: 's1', tenant: 'gp' }, 'temperature', focus),
    ).toBe(true);
  });

  it('ignores other sites and narrows by names', () => {
    expect(isEventForPage({ name: 'dg_power', siteUid: 's2', tenant: 'robi' }, 'generator', focus)).toBe(
      false,
    );
    expect(
      isEventForPage({ name: 'dg_power', siteUid: 's1', tenant: 'robi' }, 'generator', focus, ['pg_power']),
    ).toBe(false);
  });
});

describe('mains phases', () => {
  it('colours each phase by the AC voltage thresholds, for the focused tenant', () => {
    const pins = [
      pin('main_phase_a', 230, 'robi'),
      pin('main_phase_a', 0, 'gp'),
      pin('main_phase_b', 150),
      pin('main_phase_c', 10),
    ];
    expect(phaseReadings(pins, 'robi').map((p) => [p.phase, p.voltage, p.colour])).toEqual([
      ['A', 230, 'green'],
      ['B', 150, 'blue'],
      ['C', 10, 'red'],
    ]);
    expect(phaseReadings([pin('main_phase_a', null)], null)[0]?.colour).toBe('gray');
  });

  it('reads the first pin type that has a value', () => {
    const pins = [pin('battery_current_critical', null), pin('battery_current_non_critical', -12.5)];
    expect(pinReading(pins, ['battery_current_critical', 'battery_current_non_critical'], null)).toBe(-12.5);
    expect(pinReading(pins, ['dg_fuel'], null)).toBeNull();
  });
});

describe('figures', () => {
  it('formats durations, backup bands and readings', () => {
    expect(hoursMinutes(200)).toBe('3 h 20 m');
    expect(hoursMinutes(45)).toBe('45 m');
    expect(hoursMinutes(null)).toBe('—');
    expect(backupText({ minutes: 200, low: 170, high: 225 })).toEqual({
      figure: '3 h 20 m',
      band: '2 h 50 m – 3 h 45 m',
    });
    expect(backupText({ minutes: null, low: 1, high: 2 })).toEqual({ figure: '—', band: null });
    expect(reading(52.345, 'V')).toBe('52.3 V');
    expect(reading(null, 'V')).toBe('—');
  });
});

describe('ranges', () => {
  it('the default month runs from the Dhaka month start over the whole month', () => {
    // 2025-11-30 20:00 UTC is already 1 Dec in Dhaka.
    expect(monthDates(new Date(Date.UTC(2025, 10, 30, 20)))).toEqual({
      fromDate: '2025-12-01',
      untilDate: '2025-12-31',
      days: 31,
    });
    expect(monthDates(new Date(Date.UTC(2025, 1, 10)))).toEqual({
      fromDate: '2025-02-01',
      untilDate: '2025-02-28',
      days: 28,
    });
  });

  it('reads the chart range choice, 24 hours by default', () => {
    expect(seriesRange('168')).toEqual({ hours: 168 });
    expect(seriesRange('bogus')).toEqual({ hours: 24 });
    expect(seriesRange(null)).toEqual({ hours: 24 });
  });

  it('averages known values only', () => {
    expect(meanOf([100, null, 98])).toBe(99);
    expect(meanOf([null])).toBeNull();
  });
});

describe('generators', () => {
  const runHours = { running: true, runningSince: '2025-11-20T05:00:00.000Z' };
  it('reads the alarm first, then the pin, then the run hours', () => {
    expect(
      generatorState({
        alarm: { isAvailable: true, isNormal: false, lastEvent: '2025-11-20T04:00:00.000Z' },
        pinStatus: 0,
        hasPin: true,
        runHours: { running: false, runningSince: null },
      }),
    ).toEqual({ installed: true, running: true, since: '2025-11-20T04:00:00.000Z' });
    expect(generatorState({ alarm: undefined, pinStatus: 0, hasPin: true, runHours })).toEqual({
      installed: true,
      running: false,
      since: null,
    });
    expect(generatorState({ alarm: undefined, pinStatus: null, hasPin: true, runHours })).toEqual({
      installed: true,
      running: true,
      since: runHours.runningSince,
    });
  });

  it('a site without the pin or alarm has no such generator', () => {
    expect(
      generatorState({ alarm: undefined, pinStatus: undefined, hasPin: false, runHours: undefined }),
    ).toEqual({
      installed: false,
      running: null,
      since: null,
    });
  });

  it('lists the last months, this one first', () => {
    const months = recentMonths(3, new Date(Date.UTC(2025, 0, 15)));
    expect(months.map((m) => [m.fromDate, m.untilDate, m.label])).toEqual([
      ['2025-01-01', '2025-01-31', 'Jan 2025'],
      ['2024-12-01', '2024-12-31', 'Dec 2024'],
      ['2024-11-01', '2024-11-30', 'Nov 2024'],
    ]);
  });
});
