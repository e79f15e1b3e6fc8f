/**
 * SQL of the tenant SLA report: the scoped sites, then the transitions of the SLA's events for a
 * batch of them at a time (set-based: one query per batch of sites, never one per site). The state at
 * the start is one index descent per site, tenant ('' included) and event (migration 0570's index). Each (site, event, tenant) also gets its last
 * transition before the range, so a period running into the range is seen (looked for up to
 * the domain's SLA_STATE_LOOKBACK_DAYS back).
 */
import { SLA_STATE_LOOKBACK_DAYS } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { sqlParams } from '../../kernel/scope/sql-scope.ts';
import { firstRecordSql } from '../../kernel/time-series/index.ts';

/**
 * The sites a report covers: one company (or every company: operators without `user_uid`) and the
 * sites holding at least one of `tenants` (the caller's allowed tenants, narrowed by the tenant filter).
 */
export interface SlaScope {
  companyId: string | undefined;
  tenants: readonly string[];
}

export interface SlaSiteRow {
  uid: string;
  name: string;
  generic_site_id: string | null;
  tenants: string[];
  /** When the site's record begins: before it, a report has a gap (kernel/time-series firstRecordSql). */
  first_record_at: Date;
}

export interface SlaTransitionRow {
  site_uid: string;
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
}

function scopeCondition(scope: SlaScope, p: ReturnType<typeof sqlParams>): string {
  const parts = [`s.tenants && ${p.add(scope.tenants)}::text[]`];
  if (scope.companyId !== undefined) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
  return parts.join(' and ');
}

export function createSlaRepository(db: Queryable) {
  return {
    async sites(scope: SlaScope): Promise<SlaSiteRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<SlaSiteRow>(
        `select s.uid, s.name, nullif(s.meta->>'generic_site_id', '') as generic_site_id, s.tenants,
                ${firstRecordSql('s')} as first_record_at
           from sites s where ${scopeCondition(scope, p)} order by s.name, s.uid`,
        p.values,
      );
      return rows;
    },

    /**
     * Transitions of `names` on the sites `siteUids` (already scoped by {@link sites}) in [from, until),
     * plus the last one before `from`. The service asks per batch of sites: memory stays bounded.
     */
    async transitions(
      siteUids: readonly string[],
      names: readonly string[],
      from: Date,
      until: Date,
    ): Promise<SlaTransitionRow[]> {
      const { rows } = await db.query<SlaTransitionRow>(
        `(select ev.site_uid, ev.name, ev.tenant, ev.time, ev.active, ev.id
            from sites s cross join unnest(s.tenants || array['']::text[]) as tn(t)
            cross join unnest($2::text[]) as nm(n)
            cross join lateral (
              select e.site_uid, e.name, e.tenant, e.time, e.active, e.id from events e
               where e.site_uid = s.uid and e.name = nm.n and e.tenant = tn.t and e.time < $3
                 and e.time >= $3::timestamptz - interval '${SLA_STATE_LOOKBACK_DAYS} days'
               order by e.time desc, e.id desc limit 1) ev
           where s.uid = any($1::text[]))
         union all
         (select e.site_uid, e.name, e.tenant, e.time, e.active, e.id
            from events e
           where e.site_uid = any($1::text[]) and e.name = any($2::text[]) and e.time >= $3 and e.time < $4)
         order by 1, 4, 6`,
        [siteUids, names, from, until],
      );
      return rows;
    },
  };
}

export type SlaRepository = ReturnType<typeof createSlaRepository>;
