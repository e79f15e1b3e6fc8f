/**
 * SQL of site events (append-only history): cursor pages (ids strictly below the cursor, newest
 * first), latest events per site, acknowledgement. Scoped by site (company) and tenant.
 */
import { createHash } from 'node:crypto';
import { alarmEventPairs } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import type { EventRow } from '../../kernel/rows/site-rows.ts';
import {
  type SqlParams,
  scopedCompanyId,
  siteScope,
  sqlParams,
  tenantScope,
} from '../../kernel/scope/sql-scope.ts';
import { tenantNarrowing } from '../../kernel/scope/tenant-narrowing.ts';

const PAIRS = alarmEventPairs();

/** An event of a page; the alarm state columns with `alarmStates` ({@link raiseStateJoin}). */
export interface EventPageRow extends EventRow {
  alarm_active?: boolean | null;
  alarm_cleared_at?: Date | null;
}

/**
 * `left join lateral … rs` of events `e`: the state of the alarm each raise event raised
 * (docs/requirements.md#alarm-console), null columns for other events: active while the alarm row
 * was raised at the event's time; else cleared at the alarm's clear event after it (same site and
 * tenant) or the alarm row's clear time.
 */
function raiseStateJoin(p: SqlParams, e: string): string {
  return `left join lateral (
    select coalesce(not al.is_normal and al.raised_at = ${e}.time, false) as active,
           case when not al.is_normal and al.raised_at = ${e}.time then null
                else coalesce(c.time, case when al.raised_at = ${e}.time then al.cleared_at end) end as cleared_at
      from unnest(${p.add(PAIRS.raise)}::text[], ${p.add(PAIRS.alarm)}::text[], ${p.add(PAIRS.clear)}::text[])
             as m(raise, alarm, clear)
      left join alarms al on al.site_uid = ${e}.site_uid and al.alarm_id = m.alarm and al.tenant = ${e}.tenant
      left join lateral (
        select x.time from events x
         where x.site_uid = ${e}.site_uid and x.name = m.clear and x.tenant = ${e}.tenant
           and x.time >= ${e}.time and not x.active and x.id > ${e}.id
         order by x.time, x.id limit 1) c on true
     where m.raise = ${e}.name and ${e}.active
     limit 1) rs on true`;
}

export interface EventQuery {
  /** ids strictly below this. */
  before: number;
  limit: number;
  siteUid?: string;
  siteUids?: string[];
  /** Only this company's events (an operator's `user_uid`). */
  companyId?: string;
  group?: 'RMS' | 'ACS';
  /** Narrow to these (allowed) tenants; tenant-less power events count as the first operator tenant. */
  tenants?: string[];
  /** Only these names (read-only reduced kinds). */
  names?: readonly string[] | null;
}

/** The acknowledging user's display name (their name, else their username) of events `e`. */
const ACK_NAME = `(select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = e.acknowledged_by)`;

function whereEvents(caller: Caller, p: SqlParams, q: Omit<EventQuery, 'limit' | 'before'>): string {
  const parts = [siteScope(caller, p, 's'), tenantScope(caller, p, 'e.tenant', { eventName: 'e.name' })];
  if (q.siteUid) parts.push(`e.site_uid = ${p.add(q.siteUid)}`);
  if (q.siteUids) parts.push(`e.site_uid = any(${p.add(q.siteUids)}::text[])`);
  if (q.companyId) {
    // A range, not `=`: with `=` the planner drops company_id from the page order and, taking a
    // company's events as spread evenly, walks the primary key and filters (3–20× the rows, the whole
    // table for a company without recent events). As a range, only events_company_id_idx gives the
    // order `company_id, id desc` (see `page`). The same rows: >= and <= one value is equality.
    const company = p.add(q.companyId);
    parts.push(`e.company_id >= ${company} and e.company_id <= ${company}`);
  }
  if (q.group) parts.push(`e.event_group = ${p.add(q.group)}`);
  if (q.tenants?.length) parts.push(tenantNarrowing(p, q.tenants, 'e.tenant', { eventName: 'e.name' }));
  if (q.names) parts.push(`e.name = any(${p.add([...q.names])}::text[])`);
  return parts.join(' and ');
}

/**
 * The company whose events a page without a site filter reads: the one asked for, else a company
 * caller's own. `e.company_id` (copied from the site when the event is written, migration 0590)
 * lets such a page read one range of events_company_id_idx instead of every company's events; the
 * site scope (company, site tenants) still applies through the join. Pages of one site keep the
 * (site_uid, id desc) index: the company condition is not added there.
 */
function pageCompany(caller: Caller, q: EventQuery): string | undefined {
  if (q.companyId || q.siteUid || q.siteUids) return q.companyId;
  return scopedCompanyId(caller) ?? undefined;
}

/**
 * A named (prepared) statement per distinct SQL text: the page queries of one scope shape are
 * planned once per connection instead of on every request (planning costs about as much as running
 * a page at 10 M events).
 */
const statementNames = new Map<string, string>();
function named(text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (!name) {
    name = `events_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return { name, text, values };
}

export function createEventsRepository(db: Queryable) {
  return {
    /**
     * One page, newest first; with `alarmStates`, each raise event's alarm state in the same statement
     * (`alarm_active`, `alarm_cleared_at`: {@link raiseStateJoin}; one round trip for the page).
     */
    async page(caller: Caller, q: EventQuery, o: { alarmStates?: boolean } = {}): Promise<EventPageRow[]> {
      const p = sqlParams();
      const companyId = pageCompany(caller, q);
      const where = whereEvents(caller, p, { ...q, companyId });
      const page = `select e.*, s.name as site_name, ${ACK_NAME} as acknowledged_by_name
             from events e join sites s on s.uid = e.site_uid
            where e.id < ${p.add(q.before)} and ${where}
            order by ${companyId ? 'e.company_id, ' : ''}e.id desc limit ${p.add(q.limit)}`;
      const { rows } = await db.query<EventPageRow>(
        named(
          o.alarmStates
            ? `select e.*, rs.active as alarm_active, rs.cleared_at as alarm_cleared_at
                 from (${page}) e ${raiseStateJoin(p, 'e')}
                order by e.id desc`
            : page,
          p.values,
        ),
      );
      return rows;
    },

    /** The latest `perSite` visible events of each site. */
    async latestPerSite(
      caller: Caller,
      siteUids: string[],
      perSite: number,
      q: Pick<EventQuery, 'tenants' | 'names'>,
    ): Promise<EventRow[]> {
      if (siteUids.length === 0) return [];
      const p = sqlParams();
      const where = whereEvents(caller, p, q);
      const { rows } = await db.query<EventRow>(
        `select x.* from sites s cross join lateral (
            select e.*, s.name as site_name, ${ACK_NAME} as acknowledged_by_name from events e
             where e.site_uid = s.uid and ${where}
             order by e.id desc limit ${p.add(perSite)}) x
          where s.uid = any(${p.add(siteUids)}::text[])
          order by x.site_uid, x.id desc`,
        p.values,
      );
      return rows;
    },

    /** One event visible to the caller, with its site's company. */
    async findVisible(caller: Caller, id: number): Promise<(EventRow & { company_id: string }) | null> {
      const p = sqlParams();
      const where = whereEvents(caller, p, {});
      const { rows } = await db.query<EventRow & { company_id: string }>(
        `select e.*, s.name as site_name from events e join sites s on s.uid = e.site_uid
          where e.id = ${p.add(id)} and ${where}`,
        p.values,
      );
      return rows[0] ?? null;
    },

    /** Records who acknowledged and when; a repeated acknowledge keeps the first. Returns the row with the name. */
    async acknowledge(id: number, by: string, at: Date): Promise<EventRow | null> {
      const { rows } = await db.query<EventRow>(
        `with e as (
           update events set acknowledged_by = coalesce(acknowledged_by, $2),
                  acknowledged_at = coalesce(acknowledged_at, $3)
            where id = $1 returning *)
         select e.*, ${ACK_NAME} as acknowledged_by_name from e`,
        [id, by, at],
      );
      return rows[0] ?? null;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
