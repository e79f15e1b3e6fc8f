/**
 * GET /site/healths: the caller's devices by category — online, or offline by the domain's offline
 * buckets of minutes since the device was last heard from (docs/requirements.md#offline-buckets).
 * Counts and the page are computed in SQL (the live hub asks for the counts of every signed-in scope):
 * the service turns the domain's bucket bounds into last-seen times for the repository.
 */
import type { SiteHealthsQuery, SiteHealthsReply } from '@towerwatch/contract';
import { OFFLINE_BUCKET_BOUNDS, OFFLINE_BUCKETS, offlineBucket } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { CategoryRule, HealthRepository } from './health.repository.ts';

export interface HealthDeps {
  health: HealthRepository;
  sites: SiteLookup;
  clock: Clock;
}

type HealthCounts = SiteHealthsReply['counts'];

/**
 * The domain's offline buckets at `now` as last-seen cuts. A device is in the first bucket whose `max`
 * its whole minutes offline (`floor(ms / 60,000)`) are below: `floor(Δ / 60,000) < max` holds exactly
 * when `Δ < 60,000 × ⌈max⌉`, i.e. when it was last seen after `now − ⌈max⌉ minutes`. A device seen
 * after `now` (clock skew) is in the first bucket, one never seen in the bucket of an unknown time.
 */
export function categoryRule(now: Date): CategoryRule {
  const cuts: CategoryRule['cuts'] = [];
  // The buckets are in order and adjacent (each `min` is the previous `max`): only the `max` bounds cut.
  for (const bucket of OFFLINE_BUCKETS) {
    const { max } = OFFLINE_BUCKET_BOUNDS[bucket];
    if (max !== undefined)
      cuts.push({ category: bucket, after: new Date(now.getTime() - Math.ceil(max) * 60_000) });
  }
  return {
    online: 'online',
    neverSeen: offlineBucket(Number.NaN),
    cuts,
    rest: offlineBucket(Number.POSITIVE_INFINITY),
  };
}

export function createHealthService(deps: HealthDeps) {
  async function countsOf(caller: Caller, companyId: string | undefined, rule: CategoryRule) {
    const counts: HealthCounts = { total: 0, online: 0, offline: 0, lt24h: 0, lt48h: 0, lt72h: 0, gte72h: 0 };
    for (const { category, n } of await deps.health.countByCategory(caller, companyId, rule)) {
      counts[category] += n;
      counts.total += n;
      if (category !== 'online') counts.offline += n;
    }
    return counts;
  }

  return {
    async healths(caller: Caller, q: SiteHealthsQuery): Promise<SiteHealthsReply> {
      const owner = await ownerFilter(deps.sites, caller, q.userUid);
      const now = deps.clock.now();
      const rule = categoryRule(now);
      const [counts, rows] = await Promise.all([
        countsOf(caller, owner.companyId, rule),
        deps.health.page(caller, owner.companyId, rule, {
          category: q.category,
          limit: q.limit,
          offset: (q.page - 1) * q.limit,
        }),
      ]);
      const devices = rows.map((d) => ({
        comId: d.com_id,
        siteUid: d.site_uid,
        siteName: d.site_name,
        lastSeen: d.last_seen_at ? d.last_seen_at.toISOString() : null,
        minutesOffline:
          d.online || !d.last_seen_at
            ? 0
            : Math.max(0, Math.floor((now.getTime() - d.last_seen_at.getTime()) / 60_000)),
        category: d.category,
      }));
      return { counts, devices, page: q.page, limit: q.limit };
    },

    /** The counts of GET /site/healths without a page (the live hub's device health pushes). */
    async counts(caller: Caller): Promise<HealthCounts> {
      return countsOf(caller, undefined, categoryRule(deps.clock.now()));
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
