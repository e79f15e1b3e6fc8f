/**
 * GET /user/network/availability: per Asia/Dhaka day, availability = 100 × (1 − down seconds ÷
 * (sites × seconds of the day so far)), from the site-down history.
 */
import type { NetworkAvailabilityQuery, NetworkAvailabilityReply } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import { assertTenantsAllowed, ownerFilter } from '../site/site-scope.ts';
import { dhakaDate, dhakaDayStart } from '../site/tenant-narrowing.ts';
import type { AvailabilityRepository } from './availability.repository.ts';

const DAY_MS = 86_400_000;
/** Longest range one call may ask for. */
export const MAX_AVAILABILITY_DAYS = 366;

export interface AvailabilityDeps {
  availability: AvailabilityRepository;
  sites: SiteRepository;
  clock: Clock;
}

/** Percentage rounded to 2 decimals. */
const pct = (x: number) => Math.round(x * 10000) / 100;

export function createAvailabilityService(deps: AvailabilityDeps) {
  return {
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
            availability: possible > 0 ? pct(1 - Math.min(downSeconds, possible) / possible) : 100,
          };
        }),
        from: from.toISOString(),
        until: new Date(until.getTime() + DAY_MS).toISOString(),
      };
    },
  };
}
