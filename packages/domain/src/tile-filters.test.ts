import { describe, expect, it } from 'vitest';
import { alarmMatchesFilter } from './alarm-filter.ts';
import { offlineBucketFilter, tileFilter, tileLink } from './tile-filters.ts';

describe('tile links (docs/requirements.md#tile-filters)', () => {
  it('Total Sites links to the plain list; Paused Alarms is not a link', () => {
    expect(tileLink('total_sites')).toBe('/site/list');
    expect(tileLink('paused_alarms')).toBeNull();
  });

  it('other tiles carry a JSON filter', () => {
    const link = tileLink('pg_on') ?? '';
    const filter = JSON.parse(new URLSearchParams(link.split('?')[1]).get('filter') ?? 'null');
    expect(filter).toEqual({ type: 'alarm', id: 'pg_on', expected: false });
    expect(tileFilter('door_open')).toEqual({ type: 'alarm', id: 'door_status', expected: false });
    expect(tileFilter('acs_installed')).toEqual({ type: 'property', id: 'door_status', exists: true });
  });
});

describe('offline bucket filters (docs/requirements.md#tile-filters, docs/requirements.md#offline-buckets)', () => {
  const now = new Date('2025-01-10T00:00:00Z');
  const offline = (minutes: number) => ({
    id: 'device_online',
    isAvailable: true,
    isNormal: false,
    isDisable: false,
    lastEvent: now.getTime() - minutes * 60_000,
  });

  it('bounds each bucket like the offline buckets do', () => {
    expect(offlineBucketFilter('lt48h')).toEqual({
      type: 'alarm',
      id: 'device_online',
      expected: false,
      minDuration: 1440,
      maxDuration: 2880,
    });
    expect(alarmMatchesFilter(offline(1439), offlineBucketFilter('lt24h'), now)).toBe(true);
    expect(alarmMatchesFilter(offline(1440), offlineBucketFilter('lt24h'), now)).toBe(false);
    expect(alarmMatchesFilter(offline(1440), offlineBucketFilter('lt48h'), now)).toBe(true);
    expect(alarmMatchesFilter(offline(9999), offlineBucketFilter('gte72h'), now)).toBe(true);
  });
});
