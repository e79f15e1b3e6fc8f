/**
 * The one rule for down and offline time (docs/requirements.md#down-offline-rule), used by every
 * report, the SLA, the availability calls and the daily rollups:
 * - a *gap* is time the site did not report: its device-offline periods and the time before its first
 *   record. A gap is unknown: it counts as neither an event's time (outage, run, on battery, down) nor
 *   possible time. A gap is the site's, the same for every tenant;
 * - a tenant-less `site_down` (or `device_offline`) row is the site's physical state: it counts for
 *   every tenant of the site. Other rows follow the tenant rule (a tenant-less power row is the first
 *   operator tenant's, docs/requirements.md#tenant-rule).
 */
import { availabilityPercent } from './availability.ts';
import { isEventVisibleForTenants } from './tenant-filter.ts';

/** The event whose periods are the site's data gaps. */
export const GAP_EVENT = 'device_offline';

/** Events whose tenant-less rows are the site's physical state, for every tenant. */
export const SITE_FACT_EVENTS: readonly string[] = ['site_down', GAP_EVENT];

/** True when an event row counts for `tenant`'s figures (SLA, per-tenant rollups). */
export function countsForTenant(row: { name: string; tenant: string | null }, tenant: string): boolean {
  if (!row.tenant && SITE_FACT_EVENTS.includes(row.name)) return true;
  return isEventVisibleForTenants(row, [tenant]);
}

/** An event's counted time: its active time less the part inside gaps (any unit). */
export function reportedTime(activeTime: number, activeInGaps: number): number {
  return Math.max(0, activeTime - activeInGaps);
}

/** The possible time of a span: the span less its gaps (any unit). */
export function possibleTime(spanTime: number, gapTime: number): number {
  return Math.max(0, spanTime - gapTime);
}

/**
 * Availability (%) of a span with `offTime` counted off (outside gaps) and `gapTime` of gaps: the one
 * formula over the possible time; null when the whole span is a gap (nothing known).
 */
export function availabilityOverPossible(offTime: number, spanTime: number, gapTime: number): number | null {
  const possible = possibleTime(spanTime, gapTime);
  return possible > 0 ? availabilityPercent(offTime, possible) : null;
}
