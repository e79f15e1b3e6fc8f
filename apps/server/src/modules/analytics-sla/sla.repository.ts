/**
 * SQL of the tenant SLA report: the scoped sites and the transitions of the SLA's events for all of
 * them in two set-based queries (no query per site). Each (site, event, tenant) also gets its last
 * transition before the range, so a period running into the range is seen (looked for up to
 * {@link STATE_LOOKBACK_DAYS} back).
 */
import type { Queryable } from '../../db/pool.ts';
import { sqlParams } from '../../kernel/scope/sql-scope.ts';

/** How far before the range the state of each event is looked for. */
export const STATE_LOOKBACK_DAYS = 366;

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
        `select s.uid, s.name, nullif(s.meta->>'generic_site_id', '') as generic_site_id, s.tenants
           from sites s where ${scopeCondition(scope, p)} order by s.name, s.uid`,
        p.values,
      );
      return rows;
    },

    /** Transitions of `names` on the scoped sites in [from, until), plus the last one before `from`. */
    async transitions(
      scope: SlaScope,
      names: readonly string[],
      from: Date,
      until: Date,
    ): Promise<SlaTransitionRow[]> {
      const p = sqlParams();
      const where = scopeCondition(scope, p);
      const namesP = p.add(names);
      const fromP = p.add(from);
      const untilP = p.add(until);
      const { rows } = await db.query<SlaTransitionRow>(
        `with s as (select s.uid from sites s where ${where})
         (select distinct on (e.site_uid, e.name, e.tenant) e.site_uid, e.name, e.tenant, e.time, e.active, e.id
            from events e join s on s.uid = e.site_uid
           where e.name = any(${namesP}::text[]) and e.time < ${fromP}
             and e.time >= ${fromP}::timestamptz - interval '${STATE_LOOKBACK_DAYS} days'
           order by e.site_uid, e.name, e.tenant, e.time desc, e.id desc)
         union all
         (select e.site_uid, e.name, e.tenant, e.time, e.active, e.id
            from events e join s on s.uid = e.site_uid
           where e.name = any(${namesP}::text[]) and e.time >= ${fromP} and e.time < ${untilP})
         order by 1, 4, 6`,
        p.values,
      );
      return rows;
    },
  };
}

export type SlaRepository = ReturnType<typeof createSlaRepository>;
