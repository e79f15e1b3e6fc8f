import type { SiteLean } from '@towerwatch/contract';
import {
  DEFAULT_MAP_POINT,
  isAlarmRaised,
  type LatLng,
  MAP_NON_FAULT_ALARM_IDS,
  POWER_ALARM_IDS,
  readLatLng,
} from '@towerwatch/domain';

/**
 * Map status of a site, worst first. Decision (the spec names no map colours): `critical` is a raised
 * Power alarm (the domain's Power group, less device_online and the generator running states dg_on /
 * pg_on, which are not faults); `offline` is a site whose device is offline (its alarms are stale, so
 * they do not colour it); `alarm` is any other raised alarm (access, environment); else `normal`.
 */
export const MAP_STATUSES = ['critical', 'offline', 'alarm', 'normal'] as const;
/** A map status. */
export type MapStatus = (typeof MAP_STATUSES)[number];

/** Labels of the map statuses (legend, panel). */
export const MAP_STATUS_LABELS: Readonly<Record<MapStatus, string>> = {
  critical: 'Power alarm',
  offline: 'Offline',
  alarm: 'Other alarm',
  normal: 'Normal',
};

/** Mantine colour of each map status (the site list's Online teal / Offline gray, red for alarms). */
export const MAP_STATUS_COLOURS: Readonly<Record<MapStatus, string>> = {
  critical: 'red',
  offline: 'gray',
  alarm: 'orange',
  normal: 'teal',
};

/** Rank of a status: 0 is the worst. */
export function statusRank(status: MapStatus): number {
  return MAP_STATUSES.indexOf(status);
}

/** The worse of two statuses. */
export function worseStatus(a: MapStatus, b: MapStatus): MapStatus {
  return statusRank(a) <= statusRank(b) ? a : b;
}

const NOT_FAULTS: ReadonlySet<string> = new Set(MAP_NON_FAULT_ALARM_IDS);
const CRITICAL_ALARMS: ReadonlySet<string> = new Set(POWER_ALARM_IDS.filter((id) => !NOT_FAULTS.has(id)));

/** How a raised alarm weighs: a power fault, another alarm, or a running state (DG / PG on). */
export type AlarmWeight = 'critical' | 'alarm' | 'state';

/** The weight of a raised alarm (see {@link MAP_STATUSES}). */
export function alarmWeight(alarmId: string): AlarmWeight {
  if (CRITICAL_ALARMS.has(alarmId)) return 'critical';
  return NOT_FAULTS.has(alarmId) ? 'state' : 'alarm';
}

/** The map status of a site (see {@link MAP_STATUSES}). */
export function mapStatusOf(site: Pick<SiteLean, 'status' | 'alarms'>): MapStatus {
  if (site.status === 'offline') return 'offline';
  let status: MapStatus = 'normal';
  for (const alarm of site.alarms) {
    if (!isAlarmRaised(alarm)) continue;
    const weight = alarmWeight(alarm.id);
    if (weight === 'critical') return 'critical';
    if (weight === 'alarm') status = 'alarm';
  }
  return status;
}

/** A site as the map shows it. */
export interface MapSite {
  uid: string;
  name: string;
  genericSiteId: string;
  tenants: string[];
  /** Thana, district, division, as far as known. */
  place: string;
  position: LatLng;
  /** True when the site has no usable location and stands on the map helper's default point. */
  defaultPosition: boolean;
  status: MapStatus;
  /** Ids of the raised alarms (available, not normal, not paused), without device_online. */
  alarmIds: string[];
}

/**
 * The map's view of a site. Its position comes from the domain's map helper (docs/requirements.md#map-helper):
 * a site without a usable location stands on the helper's default point.
 */
export function toMapSite(site: SiteLean): MapSite {
  const raised = site.alarms.filter((a) => a.id !== 'device_online' && isAlarmRaised(a)).map((a) => a.id);
  // The site itself is the helper's "object whose location holds lat and lng".
  const position = readLatLng(site);
  return {
    uid: site.uid,
    name: site.name,
    genericSiteId: site.meta.generic_site_id ?? site.uid,
    tenants: site.tenants,
    place: [site.place.thana, site.place.district, site.place.division].filter(Boolean).join(', '),
    position: position ?? { ...DEFAULT_MAP_POINT },
    defaultPosition: position === null,
    status: mapStatusOf(site),
    alarmIds: [...new Set(raised)],
  };
}

/** Number of sites per status. */
export type StatusCounts = Record<MapStatus, number>;

/** Empty counts. */
export function emptyCounts(): StatusCounts {
  return { critical: 0, offline: 0, alarm: 0, normal: 0 };
}

/** Counts sites per status. */
export function countStatuses(sites: readonly Pick<MapSite, 'status'>[]): StatusCounts {
  const counts = emptyCounts();
  for (const site of sites) counts[site.status] += 1;
  return counts;
}
