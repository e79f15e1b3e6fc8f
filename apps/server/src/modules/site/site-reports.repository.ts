/** SQL of running alarms and the site-down history, scoped to the caller. */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { tenantNarrowing } from '../../kernel/scope/tenant-narrowing.ts';

export interface RunningRow {
  site_uid: string;
  site_name: string;
  alarm_id: string;
  tenant: string;
  since: Date;
}

export interface DownRow {
  id: number;
  site_uid: string;
  site_name: string;
  started_at: Date;
  ended_at: Date | null;
  total: number;
}

export function createSiteReportsRepository(db: Queryable) {
  return {
    /** Raised alarms (available, not normal, not paused), longest running first. */
    async running(
      caller: Caller,
      q: { siteUid?: string; tenant?: string; limit: number },
    ): Promise<RunningRow[]> {
      const p = sqlParams();
      const parts = [
        siteScope(caller, p, 's'),
        tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' }),
      ];
      if (q.siteUid) parts.push(`a.site_uid = ${p.add(q.siteUid)}`);
      if (q.tenant) parts.push(tenantNarrowing(p, [q.tenant], 'a.tenant', { alarmId: 'a.alarm_id' }));
      const { rows } = await db.query<RunningRow>(
        `select a.site_uid, s.name as site_name, a.alarm_id, a.tenant,
                coalesce(a.raised_at, a.last_event_at, now()) as since
           from alarms a join sites s on s.uid = a.site_uid
          where not a.is_normal and a.is_available and not a.is_disable and ${parts.join(' and ')}
          order by since, a.site_uid, a.alarm_id limit ${p.add(q.limit)}`,
        p.values,
      );
      return rows;
    },

    /** Down periods overlapping [from, until), newest first. */
    async downHistory(
      caller: Caller,
      q: { siteUid?: string; tenant?: string; from: Date; until: Date; limit: number; offset: number },
    ): Promise<DownRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (q.siteUid) parts.push(`h.site_uid = ${p.add(q.siteUid)}`);
      if (q.tenant) parts.push(`${p.add(q.tenant)} = any(s.tenants)`);
      parts.push(`h.started_at < ${p.add(q.until)}`, `coalesce(h.ended_at, 'infinity') > ${p.add(q.from)}`);
      const { rows } = await db.query<DownRow>(
        `select h.id, h.site_uid, s.name as site_name, h.started_at, h.ended_at, count(*) over ()::int as total
           from site_down_history h join sites s on s.uid = h.site_uid
          where ${parts.join(' and ')}
          order by h.started_at desc, h.id desc limit ${p.add(q.limit)} offset ${p.add(q.offset)}`,
        p.values,
      );
      return rows;
    },
  };
}

export type SiteReportsRepository = ReturnType<typeof createSiteReportsRepository>;
