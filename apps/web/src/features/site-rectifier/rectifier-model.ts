import type { LiveSiteEvent, SiteLean } from '@towerwatch/contract';
import {
  DASHBOARD_RECTIFIER_ALARMS,
  isAlarmRaised,
  isRectifierType,
  RECTIFIER_TYPES,
  type RectifierType,
  toEpochMs,
} from '@towerwatch/domain';

/** What the rectifier page reads of a site (the site list's item). */
export type RectifierSite = Pick<
  SiteLean,
  'uid' | 'name' | 'tenants' | 'status' | 'rectifier' | 'alarms' | 'meta'
>;

/** The rectifier alarms of docs/requirements.md#dashboard-rectifier-alarms ("Dashboard rectifier alarms"). */
export const RECTIFIER_ALARM_IDS = DASHBOARD_RECTIFIER_ALARMS.map((alarm) => alarm.id);
export type RectifierAlarmId = (typeof DASHBOARD_RECTIFIER_ALARMS)[number]['id'];

/** Vendor filter: one rectifier type, sites without a rectifier, or all. */
export type VendorFilter = RectifierType | 'none' | 'all';

export function isVendorFilter(value: string | null): value is VendorFilter {
  return value === 'all' || value === 'none' || isRectifierType(value);
}

/** Display label of a rectifier type. */
export const VENDOR_LABELS: Readonly<Record<RectifierType, string>> = {
  vertiv: 'Vertiv',
  sarbs: 'SARBS',
  eltek: 'Eltek',
  jvolt: 'JVolt',
};

/** The site's rectifier types (both slots, known types only, no repeats), in slot order. */
export function vendorsOf(site: Pick<SiteLean, 'rectifier'>): RectifierType[] {
  const types = [site.rectifier.rectifier_type, site.rectifier.rectifier_type_2].filter(isRectifierType);
  return [...new Set(types)];
}

/** A rectifier alarm raised at the site: the alarm, since when, and for which tenants. */
export interface RaisedRectifierAlarm {
  id: RectifierAlarmId;
  /** Epoch ms of the latest change among the raised entries, or null. */
  sinceMs: number | null;
  tenants: string[];
}

/** The site's raised rectifier alarms (tenant entries of one alarm merged), in catalogue order. */
export function raisedRectifierAlarms(site: Pick<SiteLean, 'alarms'>): RaisedRectifierAlarm[] {
  const out: RaisedRectifierAlarm[] = [];
  for (const id of RECTIFIER_ALARM_IDS) {
    const raised = site.alarms.filter((alarm) => alarm.id === id && isAlarmRaised(alarm));
    if (raised.length === 0) continue;
    const times = raised.map((alarm) => toEpochMs(alarm.lastEvent)).filter((ms): ms is number => ms !== null);
    out.push({
      id,
      sinceMs: times.length > 0 ? Math.max(...times) : null,
      tenants: raised.map((alarm) => alarm.tenant).filter((tenant): tenant is string => !!tenant),
    });
  }
  return out;
}

/** Per rectifier type (and sites without one): sites, and sites with a rectifier alarm raised. */
export interface VendorCount {
  vendor: RectifierType | 'none';
  sites: number;
  alarmed: number;
}

/** Counts of the page: per vendor, and per rectifier alarm the sites that have it raised. */
export interface RectifierCounts {
  total: number;
  vendors: VendorCount[];
  alarms: Record<RectifierAlarmId, number>;
}

/**
 * A site with two rectifier types counts under both; a site with the same type twice counts once
 * (as the domain's `countRectifierVendors`).
 */
export function rectifierCounts(sites: readonly RectifierSite[]): RectifierCounts {
  const vendors = new Map<RectifierType | 'none', VendorCount>(
    [...RECTIFIER_TYPES, 'none' as const].map((vendor) => [vendor, { vendor, sites: 0, alarmed: 0 }]),
  );
  const alarms = Object.fromEntries(RECTIFIER_ALARM_IDS.map((id) => [id, 0])) as Record<
    RectifierAlarmId,
    number
  >;
  for (const site of sites) {
    const raised = raisedRectifierAlarms(site);
    for (const alarm of raised) alarms[alarm.id] += 1;
    const types = vendorsOf(site);
    for (const vendor of types.length > 0 ? types : (['none'] as const)) {
      const entry = vendors.get(vendor);
      if (!entry) continue;
      entry.sites += 1;
      if (raised.length > 0) entry.alarmed += 1;
    }
  }
  return { total: sites.length, vendors: [...vendors.values()], alarms };
}

/** Sites of a vendor filter, an alarm filter (null = any state) and a search. */
export function filterRectifierSites(
  sites: readonly RectifierSite[],
  filter: { vendor: VendorFilter; alarm: RectifierAlarmId | 'any' | null; search: string },
): RectifierSite[] {
  const q = filter.search.trim().toLowerCase();
  return sites.filter((site) => {
    const types = vendorsOf(site);
    if (filter.vendor === 'none' && types.length > 0) return false;
    if (filter.vendor !== 'all' && filter.vendor !== 'none' && !types.includes(filter.vendor)) return false;
    if (filter.alarm) {
      const raised = raisedRectifierAlarms(site);
      if (filter.alarm === 'any' ? raised.length === 0 : !raised.some((a) => a.id === filter.alarm))
        return false;
    }
    if (!q) return true;
    return (
      site.name.toLowerCase().includes(q) ||
      site.uid.toLowerCase().includes(q) ||
      (site.meta.generic_site_id ?? '').toLowerCase().includes(q)
    );
  });
}

/** Sites with raised rectifier alarms first (most alarms first), then by name. */
export function sortRectifierSites(sites: readonly RectifierSite[]): RectifierSite[] {
  const weight = new Map(sites.map((site) => [site.uid, raisedRectifierAlarms(site).length]));
  return [...sites].sort(
    (a, b) => (weight.get(b.uid) ?? 0) - (weight.get(a.uid) ?? 0) || a.name.localeCompare(b.name),
  );
}

/** True for a live site event of a rectifier alarm (raise or clear). */
export function isRectifierAlarmEvent(event: Pick<LiveSiteEvent, 'name'>): boolean {
  return (RECTIFIER_ALARM_IDS as readonly string[]).includes(event.name);
}
