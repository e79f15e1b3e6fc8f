import type { Site } from '@towerwatch/contract';
import { tileLink } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { buildSite, buildSiteAlarm } from '../../testing/site-factories.ts';
import {
  applyStatusUpdate,
  createSiteRows,
  filterChips,
  listFilterFromSearch,
  matchesSearch,
  removeCondition,
  SITE_ROW_REUSE_MS,
  siteMatchesFilter,
  siteRow,
} from './site-list-model.ts';

const NOW = new Date('2026-01-10T12:00:00Z');
const alarm = (id: string, isNormal: boolean, lastEvent: string | null = null) =>
  buildSiteAlarm(id, isNormal, { lastEvent });

const site = (overrides: Partial<Site> = {}): Site =>
  buildSite({ created_at: '2026-01-01T00:00:00Z', ...overrides });

describe('site list model', () => {
  it('builds a row: raised alarms, newest transition, offline bucket', () => {
    const row = siteRow(
      site({
        status: 'offline',
        alarms: [
          alarm('device_online', false, '2026-01-09T00:00:00Z'),
          alarm('mains_fail', true, '2026-01-10T11:00:00Z'),
        ],
        dc_load: [{ tenant: 'robi', value: 'OVER' }],
      }),
      NOW,
    );
    expect(row.alarmCount).toBe(1);
    expect(row.alarmIds).toEqual(['device_online']);
    expect(row.lastEventMs).toBe(Date.parse('2026-01-10T11:00:00Z'));
    expect(row.offlineBucket).toBe('lt48h');
    expect(row.offlineLabel).toBe('<48 Hours');
    expect(row.dcLoad[0]?.label).toBe('Robi: Overload');
  });

  it("builds a site's row once per site object, again for a changed site or after the reuse time", () => {
    const rowOf = createSiteRows();
    const offline = site({
      status: 'offline',
      alarms: [alarm('device_online', false, '2026-01-09T13:00:00Z')],
    });
    const first = rowOf(offline, NOW);
    expect(first).toEqual(siteRow(offline, NOW));
    expect(first.offlineBucket).toBe('lt24h');
    // the next page arrives a moment later: the same object keeps its row
    expect(rowOf(offline, new Date(NOW.getTime() + 1000))).toBe(first);
    // a live update replaces the site object: its row is built again
    const updated = applyStatusUpdate(offline, {
      siteUid: offline.uid,
      alarms: [alarm('device_online', true, '2026-01-10T11:59:00Z')],
      dcLoad: [],
    });
    expect(rowOf(updated, NOW)).toMatchObject({ status: 'online', offlineBucket: null });
    expect(rowOf(offline, NOW)).toBe(first);
    // after the reuse time the row is built at the new time (the offline bucket moved by then)
    const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
    expect(SITE_ROW_REUSE_MS).toBeLessThan(2 * 60 * 60_000);
    expect(rowOf(offline, later).offlineBucket).toBe('lt48h');
  });

  it('searches by name, uid and generic site ID', () => {
    expect(matchesSearch(site(), 'mirpur')).toBe(true);
    expect(matchesSearch(site(), 'dhk-0001')).toBe(true);
    expect(matchesSearch(site(), 's-1')).toBe(true);
    expect(matchesSearch(site(), 'gulshan')).toBe(false);
  });

  it('reads the JSON filter of a tile link and the flat parameters', () => {
    const link = tileLink('door_open') ?? '';
    const fromJson = listFilterFromSearch(new URL(link, 'http://x').searchParams);
    expect(fromJson).toEqual({ type: 'alarm', id: 'door_status', expected: false });
    expect(listFilterFromSearch(new URLSearchParams('type=property&id=dc_load&value=OVER'))).toEqual({
      type: 'property',
      id: 'dc_load',
      value: 'OVER',
    });
    expect(listFilterFromSearch(new URLSearchParams('filter={bad'))).toBeNull();
    expect(listFilterFromSearch(new URLSearchParams('filter={"type":"x","id":"a"}'))).toBeNull();
  });

  it('filters sites by alarm and property filters', () => {
    const open = site({ alarms: [alarm('door_status', false)] });
    const closed = site({ alarms: [alarm('door_status', true)] });
    const doorOpen = { type: 'alarm' as const, id: 'door_status', expected: false };
    expect(siteMatchesFilter(open, doorOpen, NOW)).toBe(true);
    expect(siteMatchesFilter(closed, doorOpen, NOW)).toBe(false);
    const over = { type: 'property' as const, id: 'dc_load', value: 'OVER' };
    expect(siteMatchesFilter(site({ dc_load: [{ tenant: 'robi', value: 'OVER' }] }), over, NOW)).toBe(true);
    expect(siteMatchesFilter(site({ dc_load: [{ tenant: 'robi', value: 'NORMAL' }] }), over, NOW)).toBe(
      false,
    );
    const rms = { type: 'property' as const, id: 'devices', exists: true };
    expect(siteMatchesFilter(site({ devices: ['C1'] }), rms, NOW)).toBe(true);
    expect(siteMatchesFilter(site(), rms, NOW)).toBe(false);
  });

  it('shows conditions as chips and removes them one by one', () => {
    const filter = { type: 'alarm' as const, id: 'device_online', expected: false, minDuration: 1440 };
    expect(filterChips(filter, (id) => id).map((c) => c.label)).toEqual([
      'device_online: alarm',
      'For at least 1440 min',
    ]);
    expect(removeCondition(filter, 'minDuration')).toEqual({
      type: 'alarm',
      id: 'device_online',
      expected: false,
    });
    expect(removeCondition({ type: 'alarm', id: 'x', expected: false }, 'expected')).toBeNull();
  });

  it('applies a live status update to the right site only', () => {
    const update = { siteUid: 'S-1', alarms: [alarm('device_online', false)], dcLoad: [] };
    expect(applyStatusUpdate(site(), update).status).toBe('offline');
    expect(applyStatusUpdate(site({ uid: 'S-2' }), update).status).toBe('online');
  });
});
