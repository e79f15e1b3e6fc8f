import type { InfiniteData } from '@tanstack/react-query';
import type { Site, SiteListReply } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildSite, buildSiteAlarm } from '../../testing/site-factories.ts';
import { applyStatusUpdates, type StatusUpdate } from './live-updates.ts';
import { mapStatusOf } from './site-map-model.ts';

const alarm = (id: string, isNormal: boolean) => buildSiteAlarm(id, isNormal);

const site = (uid: string): Site =>
  buildSite({
    uid,
    name: uid,
    alarms: [alarm('mains_fail', true), alarm('device_online', true)],
    location: { lat: 23.8, lng: 90.4 },
    meta: { generic_site_id: null },
  });

const pages = (...uids: string[][]): InfiniteData<SiteListReply> => ({
  pageParams: uids.map((_, i) => i + 1),
  pages: uids.map((items, i) => ({ items: items.map(site), total: 4, page: i + 1, limit: 2 })),
});

const update = (siteUid: string, mainsNormal: boolean, online = true): StatusUpdate => ({
  siteUid,
  alarms: [alarm('mains_fail', mainsNormal), alarm('device_online', online)],
  dcLoad: [],
});

describe('applyStatusUpdates', () => {
  it('recolours the named sites and leaves pages without them untouched', () => {
    const data = pages(['A', 'B'], ['C', 'D']);
    const next = applyStatusUpdates(
      data,
      new Map([
        ['B', update('B', false)],
        ['Z', update('Z', false)],
      ]),
    );
    const [first, second] = next?.pages ?? [];
    expect(first?.items.map(mapStatusOf)).toEqual(['normal', 'critical']);
    expect(second).toBe(data.pages[1]);
    expect(first?.items[0]).toBe(data.pages[0]?.items[0]);
  });

  it('takes the online status from device_online', () => {
    const next = applyStatusUpdates(pages(['A']), new Map([['A', update('A', true, false)]]));
    expect(next?.pages[0]?.items[0]?.status).toBe('offline');
    expect(next?.pages[0]?.items.map(mapStatusOf)).toEqual(['offline']);
  });

  it('keeps the data as it is without updates or data', () => {
    const data = pages(['A']);
    expect(applyStatusUpdates(data, new Map())).toBe(data);
    expect(applyStatusUpdates(undefined, new Map([['A', update('A', false)]]))).toBeUndefined();
  });
});
