import type { SiteAlarmTuple } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../testing/site-factories.ts';
import { fullSiteList, leanSiteList } from './site-fetch-reply.ts';

describe('fullSiteList', () => {
  it('keeps every item of a full reply and its paging fields', () => {
    const items = [buildSite({ uid: 'a' }), buildSite({ uid: 'b' })];
    const reply = { items, total: 2, page: 1, limit: 1000 };
    expect(fullSiteList(reply)).toEqual(reply);
  });
});

describe('leanSiteList', () => {
  it('reads compact alarm tuples back as brief alarms and keeps the rest of each item', () => {
    const { alarms: _a, ...site } = buildSite({ uid: 'a' });
    const reply = {
      items: [
        {
          ...site,
          alarms: [
            ['mains_fail', null, 2, '2026-05-01T10:00:00.001Z'],
            ['door_open', 'robi', 7, null],
            ['dg_on', null, 1, null],
          ] satisfies SiteAlarmTuple[],
        },
      ],
      total: 1,
      page: 1,
      limit: 1000,
    };
    const lean = leanSiteList(reply);
    expect(lean).toMatchObject({ total: 1, page: 1, limit: 1000 });
    expect(lean.items[0]).toEqual({
      ...site,
      alarms: [
        {
          id: 'mains_fail',
          tenant: null,
          isNormal: false,
          isAvailable: true,
          isDisable: false,
          lastEvent: '2026-05-01T10:00:00.001Z',
        },
        {
          id: 'door_open',
          tenant: 'robi',
          isNormal: true,
          isAvailable: true,
          isDisable: true,
          lastEvent: null,
        },
        { id: 'dg_on', tenant: null, isNormal: true, isAvailable: false, isDisable: false, lastEvent: null },
      ],
    });
  });
});
