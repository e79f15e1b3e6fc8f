/**
 * Site filters: alarm filters with expected state and duration bounds (docs/requirements.md#site-filter, docs/requirements.md#site-filters).
 */
import type { SiteAlarm } from './alarms.ts';
import { minutesSince } from './alarms.ts';

/** Site filter kinds (docs/requirements.md#site-filter). */
export const SITE_FILTER_TYPES = ['alarm', 'property'] as const;

/**
 * A site filter (docs/requirements.md#site-filter): `expected` is compared with isNormal; `exists` asks whether
 * the alarm is available (alarm) or the property present (property); minDuration and maxDuration
 * bound minutes since lastEvent (min inclusive, max exclusive: decision, matching the offline buckets).
 */
export interface SiteFilter {
  type: (typeof SITE_FILTER_TYPES)[number];
  id: string;
  expected?: boolean;
  exists?: boolean;
  minDuration?: number;
  maxDuration?: number;
  /** Property value to match (decision, not in the spec's list: dc_load DOWN / NORMAL / OVER). */
  value?: string;
  /** Tenant of a tenant-specific variant (see alarm-groups.ts). */
  tenant?: string | null;
}

/**
 * True when one alarm satisfies an alarm filter at `now` (injected clock). Rules:
 * - exists true needs an available alarm, exists false an unavailable one;
 * - expected, when given, must equal isNormal (and the alarm must be available);
 * - with a duration bound, the alarm needs a valid lastEvent and minutes since it must lie in
 *   [minDuration, maxDuration).
 */
export function alarmMatchesFilter(alarm: SiteAlarm, filter: SiteFilter, now: Date): boolean {
  if (filter.exists !== undefined && alarm.isAvailable !== filter.exists) return false;
  if (filter.expected !== undefined && (!alarm.isAvailable || alarm.isNormal !== filter.expected))
    return false;
  if (filter.minDuration === undefined && filter.maxDuration === undefined) return true;
  const minutes = minutesSince(alarm.lastEvent, now);
  if (minutes === null) return false;
  if (filter.minDuration !== undefined && minutes < filter.minDuration) return false;
  if (filter.maxDuration !== undefined && minutes >= filter.maxDuration) return false;
  return true;
}

/**
 * True when a site's alarms satisfy an alarm filter: some alarm with the filter's id (and tenant,
 * for a tenant variant) matches. A site without that alarm matches only `exists: false`.
 * Property filters are not decided here (see {@link propertyMatchesFilter}).
 */
export function siteAlarmsMatchFilter(alarms: readonly SiteAlarm[], filter: SiteFilter, now: Date): boolean {
  const candidates = alarms.filter(
    (a) => a.id === filter.id && (!filter.tenant || a.tenant === filter.tenant),
  );
  if (candidates.length === 0) return filter.exists === false;
  return candidates.some((alarm) => alarmMatchesFilter(alarm, filter, now));
}

/**
 * A property filter. With `value`: some of the site's values of the property must equal it
 * (e.g. dc_load entries' values). Without: `exists` (default true) is compared with presence
 * (at least one value).
 */
export function propertyMatchesFilter(
  values: readonly string[],
  filter: Pick<SiteFilter, 'exists' | 'value'>,
): boolean {
  if (filter.value !== undefined) return values.includes(filter.value);
  return values.length > 0 === (filter.exists ?? true);
}
