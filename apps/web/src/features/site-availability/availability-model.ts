import type { SiteAvailabilityItem } from '@towerwatch/contract';
import { availabilityPercent } from '@towerwatch/domain';

/**
 * Colour bands of a site's availability (the spec shows none; decision, docs/api.md "Site
 * availability"): at least 99.5 % is good (a common tower SLA), at least 95 % is degraded, below
 * is poor.
 */
export const AVAILABILITY_BANDS = { good: 99.5, degraded: 95 } as const;
export type AvailabilityBand = 'good' | 'degraded' | 'poor';

export function availabilityBand(availability: number): AvailabilityBand {
  if (availability >= AVAILABILITY_BANDS.good) return 'good';
  if (availability >= AVAILABILITY_BANDS.degraded) return 'degraded';
  return 'poor';
}

/** Mantine colour of a band. */
export const BAND_COLOURS: Readonly<Record<AvailabilityBand, string>> = {
  good: 'teal',
  degraded: 'yellow',
  poor: 'red',
};

/** Sortable columns of the table. */
export type AvailabilitySortKey = 'site' | 'availability' | 'downSeconds' | 'outages';
export interface AvailabilitySort {
  key: AvailabilitySortKey;
  direction: 'asc' | 'desc';
}
/** Default: the worst sites first. */
export const DEFAULT_SORT: AvailabilitySort = { key: 'availability', direction: 'asc' };

/** Next sort after a header click: the same column flips, another starts with its natural order. */
export function nextSort(current: AvailabilitySort, key: AvailabilitySortKey): AvailabilitySort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  // Site names read A→Z; availability worst (lowest) first; downtime and outages most first.
  return { key, direction: key === 'site' || key === 'availability' ? 'asc' : 'desc' };
}

const compareBy: Record<AvailabilitySortKey, (a: SiteAvailabilityItem, b: SiteAvailabilityItem) => number> = {
  site: (a, b) => a.siteName.localeCompare(b.siteName) || a.siteUid.localeCompare(b.siteUid),
  availability: (a, b) => a.availability - b.availability,
  downSeconds: (a, b) => a.downSeconds - b.downSeconds,
  outages: (a, b) => a.outages - b.outages,
};

/** Sorted copy; ties fall back to the site name so the order is stable. */
export function sortItems(
  items: readonly SiteAvailabilityItem[],
  sort: AvailabilitySort,
): SiteAvailabilityItem[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * compareBy[sort.key](a, b) || compareBy.site(a, b));
}

/** Search by name, uid or generic site ID; `onlyDown` keeps sites with some down time. */
export function filterItems(
  items: readonly SiteAvailabilityItem[],
  search: string,
  onlyDown: boolean,
): SiteAvailabilityItem[] {
  const q = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!onlyDown || item.outages > 0) &&
      (!q ||
        item.siteName.toLowerCase().includes(q) ||
        item.siteUid.toLowerCase().includes(q) ||
        (item.genericSiteId ?? '').toLowerCase().includes(q)),
  );
}

/** Figures over the listed sites. */
export interface AvailabilitySummary {
  sites: number;
  /** 100 × (1 − all down seconds ÷ (sites × span)), 2 decimals; 100 without sites. */
  availability: number;
  sitesWithOutages: number;
  downNow: number;
  downSeconds: number;
  byBand: Record<AvailabilityBand, number>;
}

export function summarise(items: readonly SiteAvailabilityItem[], spanSeconds: number): AvailabilitySummary {
  const byBand: Record<AvailabilityBand, number> = { good: 0, degraded: 0, poor: 0 };
  let downSeconds = 0;
  let sitesWithOutages = 0;
  let downNow = 0;
  for (const item of items) {
    byBand[availabilityBand(item.availability)] += 1;
    downSeconds += item.downSeconds;
    if (item.outages > 0) sitesWithOutages += 1;
    if (item.downNow) downNow += 1;
  }
  const possible = items.length * spanSeconds;
  const availability = availabilityPercent(downSeconds, possible);
  return { sites: items.length, availability, sitesWithOutages, downNow, downSeconds, byBand };
}

/** A down period placed on the range's time line, in % of the range width. */
export interface TimelineSegment {
  left: number;
  width: number;
}

/** Down periods clipped to [from, until] as % offsets for a bar; an open period runs to `until`. */
export function timelineSegments(
  periods: readonly { downAt: string; upAt: string | null }[],
  from: string,
  until: string,
): TimelineSegment[] {
  const start = Date.parse(from);
  const end = Date.parse(until);
  const span = end - start;
  if (!(span > 0)) return [];
  const out: TimelineSegment[] = [];
  for (const period of periods) {
    const a = Math.max(start, Date.parse(period.downAt));
    const b = Math.min(end, period.upAt ? Date.parse(period.upAt) : end);
    if (b <= a) continue;
    out.push({ left: ((a - start) / span) * 100, width: ((b - a) / span) * 100 });
  }
  return out.sort((x, y) => x.left - y.left);
}

/** Availability as shown: '99.87 %'. */
export function formatAvailability(value: number): string {
  return `${value.toFixed(2)} %`;
}
