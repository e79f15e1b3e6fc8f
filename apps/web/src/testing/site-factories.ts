/**
 * Test factories for the site list items of GET /user/site/fetch (contract `Site`), shared by the
 * feature tests: a plain online site of KTBL with no alarms, and one alarm of it; tests override what
 * they are about.
 */
import type { Site, SiteAlarm } from '@towerwatch/contract';

/** An alarm of a site, available, not paused; `isNormal` false = raised. */
export function buildSiteAlarm(id: string, isNormal: boolean, extra: Partial<SiteAlarm> = {}): SiteAlarm {
  return {
    id,
    group: 'Power',
    tenant: null,
    isNormal,
    isAvailable: true,
    isDisable: false,
    lastEvent: null,
    raisedAt: null,
    clearedAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    value: null,
    ...extra,
  };
}

/** A site list item: uid S-1, online, tenant robi, no place or location, no alarms. */
export function buildSite(overrides: Partial<Site> = {}): Site {
  return {
    uid: 'S-1',
    name: 'Mirpur Tower',
    user_uid: '10',
    company: 'ktbl',
    tenants: ['robi'],
    devices: [],
    alarms: [],
    status: 'online',
    rectifier: { rectifier_type: null, rectifier_type_2: null },
    dc_load: [],
    battery_max: null,
    battery_left: null,
    device_vendor: null,
    place: { thana: null, district: null, division: null },
    location: null,
    meta: { generic_site_id: 'DHK-0001' },
    more_details: {},
    settings: {},
    inc: {},
    bms: {},
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
