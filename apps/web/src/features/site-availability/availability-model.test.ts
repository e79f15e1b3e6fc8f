import type { SiteAvailabilityItem } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  availabilityBand,
  DEFAULT_SORT,
  filterItems,
  nextSort,
  sortItems,
  summarise,
  timelineSegments,
} from './availability-model.ts';

const item = (
  uid: string,
  name: string,
  availability: number,
  downSeconds = 0,
  outages = 0,
): SiteAvailabilityItem => ({
  siteUid: uid,
  siteName: name,
  genericSiteId: `G-${uid}`,
  tenants: ['robi'],
  downSeconds,
  outages,
  downNow: false,
  availability,
});

describe('availability model', () => {
  it('bands: 99.5 and above good, 95 and above degraded, below poor', () => {
    expect(availabilityBand(100)).toBe('good');
    expect(availabilityBand(99.5)).toBe('good');
    expect(availabilityBand(99.49)).toBe('degraded');
    expect(availabilityBand(95)).toBe('degraded');
    expect(availabilityBand(94.99)).toBe('poor');
  });

  it('sorts worst first by default; a header click flips its direction; ties by name', () => {
    const items = [item('A', 'Banani', 100), item('B', 'Agrabad', 90, 100, 2), item('C', 'Chawkbazar', 100)];
    expect(sortItems(items, DEFAULT_SORT).map((i) => i.siteUid)).toEqual(['B', 'A', 'C']);
    const flipped = nextSort(DEFAULT_SORT, 'availability');
    expect(flipped).toEqual({ key: 'availability', direction: 'desc' });
    expect(sortItems(items, flipped).map((i) => i.siteUid)).toEqual(['A', 'C', 'B']);
    expect(nextSort(DEFAULT_SORT, 'outages')).toEqual({ key: 'outages', direction: 'desc' });
    expect(sortItems(items, nextSort(DEFAULT_SORT, 'site')).map((i) => i.siteName)).toEqual([
      'Agrabad',
      'Banani',
      'Chawkbazar',
    ]);
  });

  it('searches name, uid and generic ID; only-outages keeps sites that were down', () => {
    const items = [item('A', 'Banani', 100), item('B', 'Agrabad', 90, 100, 2)];
    expect(filterItems(items, 'bana', false).map((i) => i.siteUid)).toEqual(['A']);
    expect(filterItems(items, 'g-b', false).map((i) => i.siteUid)).toEqual(['B']);
    expect(filterItems(items, '', true).map((i) => i.siteUid)).toEqual(['B']);
  });

  it('summarises network availability as down time over sites × span', () => {
    const s = summarise([item('A', 'a', 100), item('B', 'b', 50, 3600, 1)], 7200);
    expect(s.availability).toBe(75);
    expect(s).toMatchObject({
      sites: 2,
      sitesWithOutages: 1,
      downSeconds: 3600,
      byBand: { good: 1, poor: 1 },
    });
    expect(summarise([], 0).availability).toBe(100);
  });

  it('places periods on the time line, clipped, an open one to the end', () => {
    const segments = timelineSegments(
      [
        { downAt: '2026-01-01T23:00:00Z', upAt: '2026-01-02T01:00:00Z' },
        { downAt: '2026-01-02T12:00:00Z', upAt: null },
      ],
      '2026-01-02T00:00:00Z',
      '2026-01-03T00:00:00Z',
    );
    expect(segments).toHaveLength(2);
    expect(segments[0]?.left).toBe(0);
    expect(segments[0]?.width).toBeCloseTo(100 / 24);
    expect(segments[1]).toEqual({ left: 50, width: 50 });
  });
});
