/**
 * SQL of device health: the devices of the caller's sites with their liveness, each in a category
 * computed in SQL from `online` and `last_seen_at` with the bounds the service passes (the domain's
 * offline buckets): counts per category in one aggregate, and one page of a category's devices.
 */
import type { DeviceHealthCategory } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface DeviceRow {
  com_id: string;
  site_uid: string;
  site_name: string;
  online: boolean;
  last_seen_at: Date | null;
  category: DeviceHealthCategory;
}

/**
 * How a device gets its category: online devices `online`; a device never heard from `neverSeen`;
 * otherwise the first of `cuts` whose `after` is before the device's last-seen time (compared in
 * whole milliseconds, as JavaScript dates are), else `rest`.
 */
export interface CategoryRule {
  online: DeviceHealthCategory;
  neverSeen: DeviceHealthCategory;
  cuts: { category: DeviceHealthCategory; after: Date }[];
  rest: DeviceHealthCategory;
}

/** The category of `d` as a SQL expression. */
function categorySql(rule: CategoryRule, p: SqlParams): string {
  const cuts = rule.cuts.map(
    (c) =>
      `when date_trunc('milliseconds', d.last_seen_at) > ${p.add(c.after)}::timestamptz then ${p.add(c.category)}::text`,
  );
  return `case when d.online then ${p.add(rule.online)}::text
    when d.last_seen_at is null then ${p.add(rule.neverSeen)}::text
    ${cuts.join('\n    ')}
    else ${p.add(rule.rest)}::text end`;
}

/** The caller's devices (of `companyId` when given) with their category, as a subquery `h`. */
function devicesSql(caller: Caller, companyId: string | undefined, rule: CategoryRule, p: SqlParams): string {
  const parts = [siteScope(caller, p, 's')];
  if (companyId) parts.push(`s.company_id = ${p.add(companyId)}`);
  return `(select d.com_id, d.site_uid, s.name as site_name, d.online, d.last_seen_at,
          ${categorySql(rule, p)} as category
     from devices d join sites s on s.uid = d.site_uid
    where ${parts.join(' and ')}) h`;
}

export function createHealthRepository(db: Queryable) {
  return {
    /** Number of the caller's devices per category (categories without a device are left out). */
    async countByCategory(
      caller: Caller,
      companyId: string | undefined,
      rule: CategoryRule,
    ): Promise<{ category: DeviceHealthCategory; n: number }[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ category: DeviceHealthCategory; n: number }>(
        `select h.category, count(*)::int as n from ${devicesSql(caller, companyId, rule, p)} group by h.category`,
        p.values,
      );
      return rows;
    },

    /** One page of the caller's devices by com_id, of one category when given. */
    async page(
      caller: Caller,
      companyId: string | undefined,
      rule: CategoryRule,
      q: { category?: DeviceHealthCategory; limit: number; offset: number },
    ): Promise<DeviceRow[]> {
      const p = sqlParams();
      const from = devicesSql(caller, companyId, rule, p);
      const where = q.category ? `where h.category = ${p.add(q.category)}::text` : '';
      const { rows } = await db.query<DeviceRow>(
        `select h.* from ${from} ${where} order by h.com_id limit ${p.add(q.limit)} offset ${p.add(q.offset)}`,
        p.values,
      );
      return rows;
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
