/** SQL of availability: down seconds per day from `site_down_history`, over the caller's sites. */
import type { Caller } from '../../auth/caller.ts';
import { siteScope, sqlParams } from '../../auth/scope.ts';
import type { Queryable } from '../../db/pool.ts';
import type { CountScope } from './counts.repository.ts';

export interface DayRow {
  day: Date;
  down_seconds: number;
  sites_down: number;
}

export function createAvailabilityRepository(db: Queryable) {
  return {
    /**
     * For each day start in `days` (each lasting 24 h, cut at `now`): seconds of down time summed
     * over the scoped sites, and how many sites were down at some time. (The filter matters: least()
     * and greatest() skip NULLs, so a day without periods would otherwise count a whole day.)
     */
    async downPerDay(
      caller: Caller,
      scope: CountScope & { siteUid?: string },
      days: Date[],
      now: Date,
    ): Promise<DayRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
      if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
      if (scope.siteUid) parts.push(`s.uid = ${p.add(scope.siteUid)}`);
      const nowP = p.add(now);
      const { rows } = await db.query<DayRow>(
        `with d as (select unnest(${p.add(days)}::timestamptz[]) as day),
              h as (select h.site_uid, h.started_at, coalesce(h.ended_at, ${nowP}::timestamptz) as ended_at
                      from site_down_history h join sites s on s.uid = h.site_uid where ${parts.join(' and ')})
         select d.day,
                coalesce(sum(extract(epoch from least(h.ended_at, d.day + interval '1 day', ${nowP}::timestamptz)
                                              - greatest(h.started_at, d.day)))
                           filter (where h.site_uid is not null), 0)::float8 as down_seconds,
                count(distinct h.site_uid)::int as sites_down
           from d left join h on h.started_at < least(d.day + interval '1 day', ${nowP}::timestamptz)
                               and h.ended_at > d.day
          group by d.day order by d.day`,
        p.values,
      );
      return rows;
    },

    /** Number of scoped sites. */
    async siteCount(caller: Caller, scope: CountScope): Promise<number> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
      if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from sites s where ${parts.join(' and ')}`,
        p.values,
      );
      return rows[0]?.n ?? 0;
    },
  };
}

export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
