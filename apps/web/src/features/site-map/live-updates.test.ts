import type { Site, SiteListReply } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildSite, buildSiteAlarm } from '../../testing/site-factories.ts';
import { mapPageItems } from '../sites/index.ts';
import { type StatusUpdate, statusUpdater } from './live-updates.ts';
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

const pages = (...uids: string[][]): SiteListReply[] =>
  uids.map((items, i) => ({ items: items.map(site), total: 4, page: i + 1, limit: 2 }));

const update = (siteUid: string, mainsNormal: boolean, online = true): StatusUpdate => ({
  siteUid,
  alarms: [alarm('mains_fail', mainsNormal), alarm('device_online', online)],
  dcLoad: [],
});

/** The cached pages after a batch, as the map applies it (useCompleteSiteList's updateSites). */
const applyStatusUpdates = (data: SiteListReply[] | undefined, updates: ReadonlyMap<string, StatusUpdate>) =>
  mapPageItems(data, statusUpdater(updates));

describe('statusUpdater on the loaded pages', () => {
  it('recolours the named sites and leaves pages without them untouched', () => {
    const data = pages(['A', 'B'], ['C', 'D']);
    const next = applyStatusUpdates(
      data,
      new Map([
        ['B', update('B', false)],
        ['Z', update('Z', false)],
      ]),
    );
    const [first, second] = next ?? [];
    expect(first?.items.map(mapStatusOf)).toEqual(['normal', 'critical']);
    expect(second).toBe(data[1]);
    expect(first?.items[0]).toBe(data[0]?.items[0]);
  });

  it('takes the online status from device_online', () => {
    const next = applyStatusUpdates(pages(['A']), new Map([['A', update('A', true, false)]]));
    expect(next?.[0]?.items[0]?.status).toBe('offline');
    expect(next?.[0]?.items.map(mapStatusOf)).toEqual(['offline']);
  });

  it('keeps every page and site as it is without updates, and no data as none', () => {
    const data = pages(['A'], ['B']);
    const next = applyStatusUpdates(data, new Map());
    expect(next?.[0]).toBe(data[0]);
    expect(next?.[1]).toBe(data[1]);
    expect(applyStatusUpdates(undefined, new Map([['A', update('A', false)]]))).toBeUndefined();
  });
});
