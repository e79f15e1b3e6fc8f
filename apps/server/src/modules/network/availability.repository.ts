/**
 * SQL of availability from `site_down_history` over the caller's sites: down seconds per day (the
 * network figure) and the sites with their down periods (the per-site figure).
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';
import type { CountScope } from './counts.repository.ts';

export interface DayRow {
  day: Date;
  down_seconds: number;
  sites_down: number;
}

export interface AvailabilitySiteRow {
  uid: string;
  name: string;
  generic_site_id: string | null;
  tenants: string[];
}

export interface DownPeriodRow {
  site_uid: string;
  started_at: Date;
  ended_at: Date | null;
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

    /** The scoped sites, by name. */
    async sites(caller: Caller, scope: CountScope): Promise<AvailabilitySiteRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
      if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
      const { rows } = await db.query<AvailabilitySiteRow>(
        `select s.uid, s.name, nullif(s.meta->>'generic_site_id', '') as generic_site_id, s.tenants
           from sites s where ${parts.join(' and ')} order by s.name, s.uid`,
        p.values,
      );
      return rows;
    },

    /** Down periods of the scoped sites overlapping [from, until). */
    async downPeriods(caller: Caller, scope: CountScope, from: Date, until: Date): Promise<DownPeriodRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
      if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
      parts.push(`h.started_at < ${p.add(until)}`, `coalesce(h.ended_at, 'infinity') > ${p.add(from)}`);
      const { rows } = await db.query<DownPeriodRow>(
        `select h.site_uid, h.started_at, h.ended_at
           from site_down_history h join sites s on s.uid = h.site_uid where ${parts.join(' and ')}`,
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
