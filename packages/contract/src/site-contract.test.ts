import { FIRST_EVENT_CURSOR } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { networkEventsQuery } from './network.ts';
import { settingsSaveBody, siteUpdateBody } from './site-commands.ts';
import { siteEventsQuery, siteFetchQuery, siteFilterQuery } from './site-queries.ts';

describe('site query contracts', () => {
  it('starts event pages at cursor 2147483647 and refuses a cursor above it', () => {
    expect(siteEventsQuery.parse({ site_uid: 'S1' }).oldest_id).toBe(FIRST_EVENT_CURSOR);
    expect(siteEventsQuery.parse({ site_uid: 'S1', oldest_id: '500' }).oldest_id).toBe(500);
    const r = siteEventsQuery.safeParse({ site_uid: 'S1', oldest_id: '2147483648' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['oldest_id']);
  });

  it('reads tenant lists comma-separated or repeated, and rejects unknown tenants', () => {
    expect(siteFetchQuery.parse({ tenants: 'robi,banglalink' }).tenants).toEqual(['robi', 'banglalink']);
    expect(siteFetchQuery.parse({ tenants: ['robi', 'teletalk'] }).tenants).toEqual(['robi', 'teletalk']);
    const r = networkEventsQuery.safeParse({ tenants: 'robi,vodafone' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['tenants', 1]);
  });

  it('reads with_devices as a real boolean ("false" is false)', () => {
    expect(siteFilterQuery.parse({ alarmName: 'door_status', with_devices: 'false' }).with_devices).toBe(
      false,
    );
    expect(siteFilterQuery.parse({ alarmName: 'door_status', with_devices: '1' }).with_devices).toBe(true);
  });

  it('caps network event pages at 100 and defaults the group to ALL', () => {
    expect(networkEventsQuery.parse({})).toMatchObject({ group: 'ALL', limit: 100 });
    expect(networkEventsQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('site command contracts', () => {
  it('accepts disabling only the alarms the spec allows', () => {
    expect(settingsSaveBody.safeParse({ siteUid: 'S1', prop: 'door_status', value: false }).success).toBe(
      true,
    );
    const r = settingsSaveBody.safeParse({ siteUid: 'S1', prop: 'mains_fail', value: false });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['prop']);
  });

  it('bounds threshold values', () => {
    const ok = { siteUid: 'S1', prop: 'high_temperature_threshold', value: 45 };
    expect(settingsSaveBody.safeParse(ok).success).toBe(true);
    const r = settingsSaveBody.safeParse({ ...ok, value: 500 });
    expect(r.error?.issues[0]?.path).toEqual(['value']);
  });

  it('refuses an update with nothing to change', () => {
    const r = siteUpdateBody.safeParse({ site_uid: 'S1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Nothing to update');
  });
});
