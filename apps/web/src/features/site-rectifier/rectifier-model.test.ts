import { describe, expect, it } from 'vitest';
import {
  filterRectifierSites,
  isRectifierAlarmEvent,
  type RectifierSite,
  raisedRectifierAlarms,
  rectifierCounts,
  sortRectifierSites,
  vendorsOf,
} from './rectifier-model.ts';

const alarm = (
  id: string,
  isNormal: boolean,
  tenant: string | null = null,
  lastEvent: string | null = null,
) => ({
  id,
  group: 'Power' as const,
  tenant,
  isNormal,
  isAvailable: true,
  isDisable: false,
  lastEvent,
  raisedAt: null,
  clearedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  value: null,
});

const site = (
  uid: string,
  types: [string | null, string | null],
  alarms: ReturnType<typeof alarm>[] = [],
): RectifierSite => ({
  uid,
  name: `Site ${uid}`,
  tenants: ['robi'],
  status: 'online',
  rectifier: { rectifier_type: types[0], rectifier_type_2: types[1] },
  alarms,
  meta: { generic_site_id: `G-${uid}` },
});

const A = site(
  'A',
  ['vertiv', null],
  [
    alarm('mains_fail', false, 'robi', '2026-01-01T10:00:00Z'),
    alarm('mains_fail', false, 'banglalink', '2026-01-01T11:00:00Z'),
  ],
);
const B = site('B', ['sarbs', 'eltek'], [alarm('rectifier_fail', true)]);
const C = site('C', ['jvolt', 'jvolt'], [alarm('rectifier_fail', false), alarm('site_down', false)]);
const D = site('D', [null, null]);
const E = site('E', ['unknown', null], [{ ...alarm('mains_fail', false), isDisable: true }]);

describe('rectifier model', () => {
  it('reads both rectifier slots, known types once', () => {
    expect(vendorsOf(B)).toEqual(['sarbs', 'eltek']);
    expect(vendorsOf(C)).toEqual(['jvolt']);
    expect(vendorsOf(E)).toEqual([]);
  });

  it('merges the tenant entries of a raised rectifier alarm; paused or normal ones are not raised', () => {
    expect(raisedRectifierAlarms(A)).toEqual([
      { id: 'mains_fail', sinceMs: Date.parse('2026-01-01T11:00:00Z'), tenants: ['robi', 'banglalink'] },
    ]);
    expect(raisedRectifierAlarms(B)).toEqual([]);
    expect(raisedRectifierAlarms(C).map((a) => a.id)).toEqual(['rectifier_fail', 'site_down']);
    expect(raisedRectifierAlarms(E)).toEqual([]);
  });

  it('counts sites per vendor (two types count under both) and per alarm (a site once)', () => {
    const counts = rectifierCounts([A, B, C, D, E]);
    expect(counts.total).toBe(5);
    const by = Object.fromEntries(counts.vendors.map((v) => [v.vendor, v]));
    expect(by.vertiv).toEqual({ vendor: 'vertiv', sites: 1, alarmed: 1 });
    expect(by.sarbs).toEqual({ vendor: 'sarbs', sites: 1, alarmed: 0 });
    expect(by.eltek).toEqual({ vendor: 'eltek', sites: 1, alarmed: 0 });
    expect(by.jvolt).toEqual({ vendor: 'jvolt', sites: 1, alarmed: 1 });
    expect(by.none).toEqual({ vendor: 'none', sites: 2, alarmed: 0 });
    expect(counts.alarms).toEqual({ mains_fail: 1, rectifier_fail: 1, site_down: 1 });
  });

  it('filters by vendor, alarm and search; sorts alarmed sites first', () => {
    const all = [A, B, C, D, E];
    const uids = (list: RectifierSite[]) => list.map((s) => s.uid);
    expect(uids(filterRectifierSites(all, { vendor: 'eltek', alarm: null, search: '' }))).toEqual(['B']);
    expect(uids(filterRectifierSites(all, { vendor: 'none', alarm: null, search: '' }))).toEqual(['D', 'E']);
    expect(uids(filterRectifierSites(all, { vendor: 'all', alarm: 'any', search: '' }))).toEqual(['A', 'C']);
    expect(uids(filterRectifierSites(all, { vendor: 'all', alarm: 'site_down', search: '' }))).toEqual(['C']);
    expect(uids(filterRectifierSites(all, { vendor: 'all', alarm: null, search: 'g-d' }))).toEqual(['D']);
    expect(uids(sortRectifierSites(all))).toEqual(['C', 'A', 'B', 'D', 'E']);
  });

  it('recognises the rectifier alarm events', () => {
    expect(isRectifierAlarmEvent({ name: 'rectifier_fail' })).toBe(true);
    expect(isRectifierAlarmEvent({ name: 'site_down' })).toBe(true);
    expect(isRectifierAlarmEvent({ name: 'door_open' })).toBe(false);
  });
});
