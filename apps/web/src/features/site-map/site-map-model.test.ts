import type { Site } from '@towerwatch/contract';
import { DEFAULT_MAP_POINT } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { buildSite, buildSiteAlarm } from '../../testing/site-factories.ts';
import { alarmWeight, countStatuses, mapStatusOf, toMapSite, worseStatus } from './site-map-model.ts';

const alarm = (id: string, isNormal: boolean, extra: { isDisable?: boolean; isAvailable?: boolean } = {}) =>
  buildSiteAlarm(id, isNormal, extra);

const site = (overrides: Partial<Site> = {}): Site =>
  buildSite({
    place: { thana: 'Mirpur', district: 'Dhaka', division: 'Dhaka' },
    location: { lat: 23.8, lng: 90.36 },
    ...overrides,
  });

describe('mapStatusOf', () => {
  it('is normal without raised alarms, and ignores cleared, paused and unavailable alarms', () => {
    expect(mapStatusOf(site())).toBe('normal');
    expect(
      mapStatusOf(
        site({
          alarms: [
            alarm('mains_fail', true),
            alarm('door_status', false, { isDisable: true }),
            alarm('site_down', false, { isAvailable: false }),
          ],
        }),
      ),
    ).toBe('normal');
  });

  it('is critical for a raised power alarm, alarm for another raised alarm', () => {
    expect(mapStatusOf(site({ alarms: [alarm('mains_fail', false)] }))).toBe('critical');
    expect(mapStatusOf(site({ alarms: [alarm('dc_low_voltage', false)] }))).toBe('critical');
    expect(mapStatusOf(site({ alarms: [alarm('door_status', false)] }))).toBe('alarm');
    expect(mapStatusOf(site({ alarms: [alarm('door_status', false), alarm('site_down', false)] }))).toBe(
      'critical',
    );
  });

  it('does not count a running generator as a fault', () => {
    expect(mapStatusOf(site({ alarms: [alarm('dg_on', false), alarm('pg_on', false)] }))).toBe('normal');
  });

  it('is offline when the device is offline, whatever its (stale) alarms say', () => {
    expect(
      mapStatusOf(
        site({ status: 'offline', alarms: [alarm('device_online', false), alarm('mains_fail', false)] }),
      ),
    ).toBe('offline');
  });
});

describe('alarmWeight', () => {
  it('weighs power faults critical, running generators as states, the rest as alarms', () => {
    expect(alarmWeight('mains_fail')).toBe('critical');
    expect(alarmWeight('site_down')).toBe('critical');
    expect(alarmWeight('dg_on')).toBe('state');
    expect(alarmWeight('device_online')).toBe('state');
    expect(alarmWeight('door_status')).toBe('alarm');
    expect(alarmWeight('smoke')).toBe('alarm');
  });
});

describe('worseStatus', () => {
  it('orders critical, offline, alarm, normal', () => {
    expect(worseStatus('normal', 'alarm')).toBe('alarm');
    expect(worseStatus('alarm', 'offline')).toBe('offline');
    expect(worseStatus('critical', 'offline')).toBe('critical');
    expect(worseStatus('normal', 'normal')).toBe('normal');
  });
});

describe('toMapSite', () => {
  it('takes the position from the site location and lists raised alarms once', () => {
    const s = toMapSite(
      site({
        alarms: [alarm('mains_fail', false), alarm('mains_fail', false), alarm('device_online', true)],
      }),
    );
    expect(s.position).toEqual({ lat: 23.8, lng: 90.36 });
    expect(s.defaultPosition).toBe(false);
    expect(s.alarmIds).toEqual(['mains_fail']);
    expect(s.genericSiteId).toBe('DHK-0001');
    expect(s.place).toBe('Mirpur, Dhaka, Dhaka');
  });

  it('puts a site without a usable location on the map helper default point (docs/requirements.md#map-helper)', () => {
    const none = toMapSite(site({ location: null }));
    expect(none.position).toEqual(DEFAULT_MAP_POINT);
    expect(none.defaultPosition).toBe(true);
    const outOfRange = toMapSite(site({ location: { lat: 123, lng: 90 } }));
    expect(outOfRange.position).toEqual(DEFAULT_MAP_POINT);
    expect(outOfRange.defaultPosition).toBe(true);
  });

  it('falls back to the uid when the site has no generic ID, and to an empty place', () => {
    const s = toMapSite(
      site({ meta: { generic_site_id: null }, place: { thana: null, district: null, division: null } }),
    );
    expect(s.genericSiteId).toBe('S-1');
    expect(s.place).toBe('');
  });
});

describe('countStatuses', () => {
  it('counts sites per status', () => {
    expect(
      countStatuses([
        { status: 'normal' },
        { status: 'critical' },
        { status: 'normal' },
        { status: 'offline' },
      ]),
    ).toEqual({ critical: 1, offline: 1, alarm: 0, normal: 2 });
  });
});
