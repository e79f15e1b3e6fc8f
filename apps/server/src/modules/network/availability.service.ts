/**
 * Availability from the site-down history:
 * - GET /user/network/availability: per Asia/Dhaka day, availability = 100 × (1 − down seconds ÷
 *   (sites × seconds of the day so far));
 * - GET /user/site/availability: per site over a range of days, availability = 100 × (1 − down
 *   seconds ÷ seconds of the range so far), overlapping periods of a site merged.
 */
import type {
  NetworkAvailabilityQuery,
  NetworkAvailabilityReply,
  SiteAvailabilityQuery,
  SiteAvailabilityReply,
} from '@towerwatch/contract';
import {
  availabilityPercent,
  clip,
  dhakaDate,
  dhakaDayStart,
  type Interval,
  totalMs,
  visibleSiteTenants,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import { assertTenantsAllowed, ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { AvailabilityRepository } from './availability.repository.ts';

const DAY_MS = 86_400_000;
/** Longest range one call may ask for. */
export const MAX_AVAILABILITY_DAYS = 366;

export interface AvailabilityDeps {
  availability: AvailabilityRepository;
  sites: SiteLookup;
  clock: Clock;
}

/** Percentage rounded to 2 decimals. */

export function createAvailabilityService(deps: AvailabilityDeps) {
  return {
    async sites(caller: Caller, q: SiteAvailabilityQuery): Promise<SiteAvailabilityReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const scope = { ...(await ownerFilter(deps.sites, caller, q.user_uid)), tenant: q.tenant };
      const now = deps.clock.now();
      const untilDate = q.until_date ?? q.from_date ?? dhakaDate(now);
      const from = dhakaDayStart(q.from_date ?? untilDate);
      const dayAfter = dhakaDayStart(untilDate).getTime() + DAY_MS;
      if (from.getTime() >= dayAfter)
        throw new ValidationError('query.from_date', 'query.from_date: must not be after until_date');
      if (dayAfter - from.getTime() > MAX_AVAILABILITY_DAYS * DAY_MS) {
        throw new ValidationError(
          'query.from_date',
          `query.from_date: at most ${MAX_AVAILABILITY_DAYS} days`,
        );
      }
      // A range reaching into today counts up to now; a future range has no time yet.
      const end = Math.max(from.getTime(), Math.min(dayAfter, now.getTime()));
      const [sites, periods] = await Promise.all([
        deps.availability.sites(caller, scope),
        deps.availability.downPeriods(caller, scope, from, new Date(end)),
      ]);
      const bySite = new Map<string, { intervals: Interval[]; outages: number; downNow: boolean }>();
      for (const period of periods) {
        const entry = bySite.get(period.site_uid) ?? { intervals: [], outages: 0, downNow: false };
        entry.intervals.push([period.started_at.getTime(), period.ended_at?.getTime() ?? now.getTime()]);
        entry.outages += 1;
        if (period.ended_at === null) entry.downNow = true;
        bySite.set(period.site_uid, entry);
      }
      const spanMs = end - from.getTime();
      return {
        items: sites.map((site) => {
          const entry = bySite.get(site.uid);
          const downMs = entry ? totalMs(clip(entry.intervals, from.getTime(), end)) : 0;
          return {
            siteUid: site.uid,
            siteName: site.name,
            genericSiteId: site.generic_site_id,
            tenants: visibleSiteTenants(site.tenants, caller.allowedTenants),
            downSeconds: Math.round(downMs / 1000),
            outages: entry?.outages ?? 0,
            downNow: entry?.downNow ?? false,
            availability: availabilityPercent(downMs, spanMs),
          };
        }),
        from: from.toISOString(),
        until: new Date(end).toISOString(),
        spanSeconds: Math.round(spanMs / 1000),
      };
    },

    async network(caller: Caller, q: NetworkAvailabilityQuery): Promise<NetworkAvailabilityReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const scope = { ...(await ownerFilter(deps.sites, caller, q.user_uid)), tenant: q.tenant };
      const now = deps.clock.now();
      const until = dhakaDayStart(q.until_date ?? dhakaDate(now));
      const from = q.from_date ? dhakaDayStart(q.from_date) : new Date(until.getTime() - 6 * DAY_MS);
      if (from > until)
        throw new ValidationError('query.from_date', 'query.from_date: must not be after until_date');
      const days: Date[] = [];
      for (let t = from.getTime(); t <= until.getTime(); t += DAY_MS) days.push(new Date(t));
      if (days.length > MAX_AVAILABILITY_DAYS) {
        throw new ValidationError(
          'query.from_date',
          `query.from_date: at most ${MAX_AVAILABILITY_DAYS} days`,
        );
      }
      const [rows, siteCount] = await Promise.all([
        deps.availability.downPerDay(caller, scope, days, now),
        deps.availability.siteCount(caller, scope),
      ]);
      return {
        items: rows.map((r) => {
          const span = Math.max(0, Math.min(DAY_MS, now.getTime() - r.day.getTime())) / 1000;
          const downSeconds = Math.round(r.down_seconds);
          const possible = siteCount * span;
          return {
            date: dhakaDate(r.day),
            siteCount,
            downSeconds,
            sitesDown: r.sites_down,
            availability: availabilityPercent(downSeconds, possible),
          };
        }),
        from: from.toISOString(),
        until: new Date(until.getTime() + DAY_MS).toISOString(),
      };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
