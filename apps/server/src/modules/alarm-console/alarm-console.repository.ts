/**
 * SQL of the alarm console (docs/requirements.md#alarm-console). Two keyset-paged reads, both scoped
 * like every site read (company, allowed tenants: sql-scope.ts):
 *
 * - active: the `alarms` rows raised now (available, not normal, not paused), newest raise first, read
 *   in order from the partial index alarms_console_raised_idx (migration 0740); each row's raise
 *   event (acknowledgement, ticket) is the event of the alarm's raise name at the raise time
 *   (events_site_name_tenant_time_idx).
 * - recent: the raise events of the last days, newest first, read from events_company_id_idx (one
 *   company's range, as the network events page) above the id of the window's first event; each row's
 *   state is its alarm's: active while the alarm row was raised at this event's time, else cleared
 *   at its clear event (the alarm's clear name at the site and tenant after it) or the alarm row's
 *   clear time.
 *
 * The raise → alarm → clear names come from the domain (`alarmEventPairs`) as parameters.
 */
import { alarmEventPairs } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import {
  type SqlParams,
  scopedCompanyId,
  siteScope,
  sqlParams,
  tenantScope,
} from '../../kernel/scope/sql-scope.ts';
import { tenantNarrowing } from '../../kernel/scope/tenant-narrowing.ts';

const PAIRS = alarmEventPairs();

/** What the service resolved from a query: alarm ids to keep (null = any), bounds, keyset position. */
export interface ConsoleSelection {
  /** Alarm ids kept (group, alarm filter and read-only kinds folded together); null = every alarm. */
  alarmIds: readonly string[] | null;
  tenant?: string;
  division?: string;
  district?: string;
  q?: string;
  acknowledged?: 'yes' | 'no';
  raisedAfter: Date | null;
  raisedBefore: Date | null;
  sort: 'newest' | 'oldest';
  limit: number;
}

export type ActiveCursor = { raisedAt: string; siteUid: string; alarmId: string; tenant: string };

export interface ConsoleDbRow {
  event_id: string | null;
  site_uid: string;
  site_name: string;
  division: string | null;
  district: string | null;
  alarm_id: string;
  name: string;
  tenant: string;
  raised_at: Date;
  active: boolean;
  cleared_at: Date | null;
  value: unknown;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | null;
}

const ACK_NAME = (col: string) =>
  `(select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = ${col})`;

/** Conditions on the site (`s`) shared by both reads. */
function siteConditions(caller: Caller, p: SqlParams, q: ConsoleSelection): string[] {
  const parts = [siteScope(caller, p, 's')];
  // A tenant filter keeps the sites of that tenant (as a user allowed only it sees them).
  if (q.tenant) parts.push(`(s.tenants @> array[${p.add(q.tenant)}]::text[] or cardinality(s.tenants) = 0)`);
  if (q.division) parts.push(`s.division = ${p.add(q.division)}`);
  if (q.district) parts.push(`s.district = ${p.add(q.district)}`);
  if (q.q) {
    const like = p.add(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`(s.uid ilike ${like} or s.name ilike ${like})`);
  }
  return parts;
}

/** Tenant scope and the optional tenant filter on a row's tenant and alarm id columns. */
function tenantConditions(caller: Caller, p: SqlParams, q: ConsoleSelection, tenant: string, alarm: string) {
  const parts = [tenantScope(caller, p, tenant, { alarmId: alarm })];
  if (q.tenant) parts.push(tenantNarrowing(p, [q.tenant], tenant, { alarmId: alarm }));
  if (q.alarmIds) parts.push(`${alarm} = any(${p.add([...q.alarmIds])}::text[])`);
  return parts;
}

const ackCondition = (q: ConsoleSelection, col: string) =>
  q.acknowledged === 'yes' ? `${col} is not null` : q.acknowledged === 'no' ? `${col} is null` : 'true';

export function createAlarmConsoleRepository(db: Queryable) {
  return {
    /** One page of the alarms raised now. */
    async activePage(
      caller: Caller,
      q: ConsoleSelection,
      after: ActiveCursor | null,
    ): Promise<ConsoleDbRow[]> {
      const p = sqlParams();
      const raise = p.add(PAIRS.raise);
      const alarm = p.add(PAIRS.alarm);
      const where = [
        'not a.is_normal and a.is_available and not a.is_disable and a.raised_at is not null',
        ...siteConditions(caller, p, q),
        ...tenantConditions(caller, p, q, 'a.tenant', 'a.alarm_id'),
      ];
      if (q.raisedAfter) where.push(`a.raised_at >= ${p.add(q.raisedAfter)}`);
      if (q.raisedBefore) where.push(`a.raised_at < ${p.add(q.raisedBefore)}`);
      const desc = q.sort === 'newest';
      if (after) {
        const key = `(${p.add(after.raisedAt)}::timestamptz, ${p.add(after.siteUid)}, ${p.add(after.alarmId)}, ${p.add(after.tenant)})`;
        where.push(`(a.raised_at, a.site_uid, a.alarm_id, a.tenant) ${desc ? '<' : '>'} ${key}`);
      }
      const dir = desc ? 'desc' : 'asc';
      const { rows } = await db.query<ConsoleDbRow>(
        `select ev.id as event_id, a.site_uid, s.name as site_name, s.division, s.district, a.alarm_id,
                coalesce(ev.name, (select m.raise from unnest(${raise}::text[], ${alarm}::text[]) as m(raise, alarm)
                                    where m.alarm = a.alarm_id limit 1), a.alarm_id) as name,
                a.tenant, a.raised_at, true as active, null::timestamptz as cleared_at,
                coalesce(ev.value, to_jsonb(a.value)) as value,
                ev.acknowledged_by, ${ACK_NAME('ev.acknowledged_by')} as acknowledged_by_name, ev.acknowledged_at
           from alarms a
           join sites s on s.uid = a.site_uid
           left join lateral (
             select e.id, e.name, e.value, e.acknowledged_by, e.acknowledged_at from events e
              where e.site_uid = a.site_uid and e.tenant = a.tenant and e.time = a.raised_at and e.active
                and e.name in (select m.raise from unnest(${raise}::text[], ${alarm}::text[]) as m(raise, alarm)
                                where m.alarm = a.alarm_id)
              order by e.id desc limit 1) ev on true
          where ${where.join(' and ')} and ${ackCondition(q, 'ev.acknowledged_by')}
          order by a.raised_at ${dir}, a.site_uid ${dir}, a.alarm_id ${dir}, a.tenant ${dir}
          limit ${p.add(q.limit)}`,
        p.values,
      );
      return rows;
    },

    /** One page of the raise events of the recent days, with the state of their alarm. */
    async recentPage(caller: Caller, q: ConsoleSelection, afterId: number | null): Promise<ConsoleDbRow[]> {
      const p = sqlParams();
      const raise = p.add(PAIRS.raise);
      const alarm = p.add(PAIRS.alarm);
      const clear = p.add(PAIRS.clear);
      const company = scopedCompanyId(caller);
      const where = [
        `e.active and e.name = any(${raise}::text[])`,
        ...siteConditions(caller, p, q),
        ...tenantConditions(caller, p, q, 'e.tenant', 'm.alarm'),
        ackCondition(q, 'e.acknowledged_by'),
      ];
      // As the network events page: a range, so only events_company_id_idx (company_id, id desc) gives
      // the order; the company goes the index's way (one value: any order), else PostgreSQL reads the
      // index backwards and sorts every row of the window (EXPLAIN: 1.2 s instead of milliseconds).
      if (company) {
        const c = p.add(company);
        where.push(`e.company_id >= ${c} and e.company_id <= ${c}`);
      }
      if (q.raisedAfter) {
        const since = p.add(q.raisedAfter);
        // The window's first event (by time) bounds the id range read (ids grow with inserts).
        where.push(
          `e.time >= ${since}`,
          `e.id >= coalesce((select f.id from events f where f.time >= ${since} order by f.time limit 1), 0)`,
        );
      }
      if (q.raisedBefore) where.push(`e.time < ${p.add(q.raisedBefore)}`);
      const desc = q.sort === 'newest';
      if (afterId !== null) where.push(`e.id ${desc ? '<' : '>'} ${p.add(afterId)}`);
      const dir = desc ? 'desc' : 'asc';
      const { rows } = await db.query<ConsoleDbRow>(
        `select e.id as event_id, e.site_uid, s.name as site_name, s.division, s.district, m.alarm as alarm_id,
                e.name, e.tenant, e.time as raised_at,
                coalesce(not al.is_normal and al.raised_at = e.time, false) as active,
                case when not al.is_normal and al.raised_at = e.time then null
                     else coalesce(c.time, case when al.raised_at = e.time then al.cleared_at end) end as cleared_at,
                e.value, e.acknowledged_by, ${ACK_NAME('e.acknowledged_by')} as acknowledged_by_name, e.acknowledged_at
           from events e
           join unnest(${raise}::text[], ${alarm}::text[], ${clear}::text[]) as m(raise, alarm, clear) on m.raise = e.name
           join sites s on s.uid = e.site_uid
           left join alarms al on al.site_uid = e.site_uid and al.alarm_id = m.alarm and al.tenant = e.tenant
           left join lateral (
             select x.time from events x
              where x.site_uid = e.site_uid and x.name = m.clear and x.tenant = e.tenant
                and x.time >= e.time and not x.active and x.id > e.id
              order by x.time, x.id limit 1) c on true
          where ${where.join(' and ')}
          order by ${company ? `e.company_id ${desc ? 'asc' : 'desc'}, ` : ''}e.id ${dir}
          limit ${p.add(q.limit)}`,
        p.values,
      );
      return rows;
    },

    /**
     * Acknowledges the raise events among `ids` the caller may see and nobody acknowledged yet (in one
     * statement: a concurrent acknowledge keeps the first). Returns the rows it changed.
     */
    async acknowledge(caller: Caller, ids: readonly number[], by: string, at: Date) {
      const p = sqlParams();
      const where = [
        siteScope(caller, p, 's'),
        tenantScope(caller, p, 'e.tenant', { eventName: 'e.name' }),
        `e.id = any(${p.add([...ids])}::bigint[])`,
        'e.acknowledged_by is null',
      ];
      const { rows } = await db.query<{
        id: string;
        site_uid: string;
        company_id: string;
        tenant: string;
        name: string;
        acknowledged_by: string;
        acknowledged_by_name: string;
        acknowledged_at: Date;
      }>(
        `with v as (
           select e.id from events e join sites s on s.uid = e.site_uid
            where ${where.join(' and ')} for update of e),
         done as (
           update events e set acknowledged_by = ${p.add(by)}, acknowledged_at = ${p.add(at)}
             from v where e.id = v.id
           returning e.id, e.site_uid, e.company_id, e.tenant, e.name, e.acknowledged_by, e.acknowledged_at)
         select done.*, ${ACK_NAME('done.acknowledged_by')} as acknowledged_by_name from done order by done.id`,
        p.values,
      );
      return rows;
    },
  };
}

export type AlarmConsoleRepository = ReturnType<typeof createAlarmConsoleRepository>;
