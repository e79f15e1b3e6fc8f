/**
 * SQL of support tickets: scoped reads (the site's company and the caller's allowed tenants),
 * writes, the alarm links, history, notes and attachments, and the evidence of the details page.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import type { TicketRow } from './ticket-rows.ts';

/** Display name of a user column: their name, else their username. */
const nameOf = (col: string) =>
  `(select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = ${col})`;

const SELECT = `select t.*, s.name as site_name, ${nameOf('t.assignee_uid')} as assignee_name,
  ${nameOf('t.created_by')} as created_by_name,
  coalesce((select json_agg(json_build_object('siteUid', a.site_uid, 'alarmId', a.alarm_id,
      'tenant', a.tenant, 'eventId', a.event_id, 'linkedAt', a.linked_at,
      'cleared', coalesce(al.is_normal, true), 'raisedAt', al.raised_at, 'clearedAt', al.cleared_at)
      order by a.linked_at)
    from ticket_alarms a left join alarms al
      on al.site_uid = a.site_uid and al.alarm_id = a.alarm_id and al.tenant = a.tenant
    where a.ticket_id = t.id), '[]'::json) as alarms
  from tickets t join sites s on s.uid = t.site_uid`;

export interface TicketFilter {
  statuses?: readonly string[];
  siteUid?: string;
  /** A user uid, or null for unassigned. */
  assignee?: string | null;
  search?: string;
}

function whereTickets(caller: Caller, p: SqlParams, f: TicketFilter): string {
  const parts = [siteScope(caller, p, 's'), tenantScope(caller, p, 't.tenant')];
  if (f.statuses?.length) parts.push(`t.status = any(${p.add([...f.statuses])}::text[])`);
  if (f.siteUid) parts.push(`t.site_uid = ${p.add(f.siteUid)}`);
  if (f.assignee === null) parts.push('t.assignee_uid is null');
  else if (f.assignee !== undefined) parts.push(`t.assignee_uid = ${p.add(f.assignee)}`);
  if (f.search) {
    const like = p.add(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const id = /^#?(\d{1,15})$/.exec(f.search)?.[1];
    const byId = id ? ` or t.id = ${p.add(Number(id))}` : '';
    parts.push(
      `(t.title ilike ${like} or t.description ilike ${like} or s.name ilike ${like} or s.uid ilike ${like}${byId})`,
    );
  }
  return parts.join(' and ');
}

export interface NewTicket {
  companyId: string;
  siteUid: string;
  tenant: string;
  title: string;
  description: string;
  type: string;
  severity: string;
  priority: string;
  status: string;
  assigneeUid: string | null;
  createdBy: string;
  at: Date;
  slaAcknowledgeMinutes: number;
  slaResolveMinutes: number;
}

export interface TicketChanges {
  status?: string;
  acknowledgedAt?: Date | null;
  resolvedAt?: Date | null;
  pausedMs?: number;
  pausedSince?: Date | null;
  acknowledgePausedMs?: number;
  assigneeUid?: string | null;
  title?: string;
  description?: string;
  severity?: string;
  priority?: string;
}

const COLUMN: Record<keyof TicketChanges, string> = {
  status: 'status',
  acknowledgedAt: 'acknowledged_at',
  resolvedAt: 'resolved_at',
  pausedMs: 'paused_ms',
  pausedSince: 'paused_since',
  acknowledgePausedMs: 'acknowledge_paused_ms',
  assigneeUid: 'assignee_uid',
  title: 'title',
  description: 'description',
  severity: 'severity',
  priority: 'priority',
};

export function createTicketsRepository(db: Queryable) {
  return {
    async page(caller: Caller, f: TicketFilter, limit: number, offset: number): Promise<TicketRow[]> {
      const p = sqlParams();
      const where = whereTickets(caller, p, f);
      const { rows } = await db.query<TicketRow>(
        `${SELECT} where ${where} order by t.id desc limit ${p.add(limit)} offset ${p.add(offset)}`,
        p.values,
      );
      return rows;
    },

    /** Count and the SLA clock fields of every matching ticket (for the breach count). */
    async clocks(caller: Caller, f: TicketFilter) {
      const p = sqlParams();
      const { rows } = await db.query<
        Pick<
          TicketRow,
          | 'status'
          | 'requested_at'
          | 'acknowledged_at'
          | 'resolved_at'
          | 'paused_ms'
          | 'paused_since'
          | 'acknowledge_paused_ms'
          | 'sla_acknowledge_minutes'
          | 'sla_resolve_minutes'
        >
      >(
        `select t.status, t.requested_at, t.acknowledged_at, t.resolved_at, t.paused_ms, t.paused_since, t.acknowledge_paused_ms,
                t.sla_acknowledge_minutes, t.sla_resolve_minutes
           from tickets t join sites s on s.uid = t.site_uid where ${whereTickets(caller, p, f)}`,
        p.values,
      );
      return rows;
    },

    /** One ticket the caller may see (null otherwise); `lock` takes a row lock (inside a transaction). */
    async findVisible(caller: Caller, id: number, lock = false): Promise<TicketRow | null> {
      const p = sqlParams();
      const where = whereTickets(caller, p, {});
      if (lock) await db.query('select 1 from tickets where id = $1 for update', [id]);
      const { rows } = await db.query<TicketRow>(
        `${SELECT} where t.id = ${p.add(id)} and ${where}`,
        p.values,
      );
      return rows[0] ?? null;
    },

    /** Serialises creates for one alarm (transaction-scoped advisory lock). */
    async lockAlarm(siteUid: string, alarmId: string, tenant: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [
        `ticket-alarm/${siteUid}/${alarmId}/${tenant}`,
      ]);
    },

    /** The open ticket an alarm is linked to, if any. */
    async openTicketOfAlarm(siteUid: string, alarmId: string, tenant: string, open: readonly string[]) {
      const { rows } = await db.query<{ id: string }>(
        `select t.id from ticket_alarms a join tickets t on t.id = a.ticket_id
          where a.site_uid = $1 and a.alarm_id = $2 and a.tenant = $3 and t.status = any($4::text[])
          order by t.id limit 1`,
        [siteUid, alarmId, tenant, [...open]],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    async insert(t: NewTicket): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `insert into tickets (company_id, site_uid, tenant, title, description, type, severity, priority, status,
           assignee_uid, created_by, requested_at, updated_at, sla_acknowledge_minutes, sla_resolve_minutes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14) returning id`,
        [
          t.companyId,
          t.siteUid,
          t.tenant,
          t.title,
          t.description,
          t.type,
          t.severity,
          t.priority,
          t.status,
          t.assigneeUid,
          t.createdBy,
          t.at,
          t.slaAcknowledgeMinutes,
          t.slaResolveMinutes,
        ],
      );
      return Number(rows[0]?.id);
    },

    async update(id: number, changes: TicketChanges, at: Date): Promise<void> {
      const p = sqlParams([id, at]);
      const sets = Object.entries(changes)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${COLUMN[k as keyof TicketChanges]} = ${p.add(v)}`);
      await db.query(`update tickets set ${[...sets, 'updated_at = $2'].join(', ')} where id = $1`, p.values);
    },

    async linkAlarm(
      id: number,
      a: { siteUid: string; alarmId: string; tenant: string; eventId: number | null },
      at: Date,
    ) {
      await db.query(
        `insert into ticket_alarms (ticket_id, site_uid, alarm_id, tenant, event_id, linked_at)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [id, a.siteUid, a.alarmId, a.tenant, a.eventId, at],
      );
    },

    async addStatusChange(
      id: number,
      from: string | null,
      to: string,
      reason: string | null,
      by: string,
      at: Date,
    ) {
      await db.query(
        `insert into ticket_status_changes (ticket_id, from_status, to_status, reason, by_uid, at)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, from, to, reason, by, at],
      );
    },

    async addNote(id: number, by: string, body: string, at: Date) {
      await db.query('insert into ticket_notes (ticket_id, author_uid, body, at) values ($1, $2, $3, $4)', [
        id,
        by,
        body,
        at,
      ]);
    },

    /** The company's SLA settings (null = defaults). */
    async slaSettings(companyId: string): Promise<Record<string, unknown> | null> {
      const { rows } = await db.query<{ ticket_sla: Record<string, unknown> | null }>(
        'select ticket_sla from company_settings where company_id = $1',
        [companyId],
      );
      return rows[0]?.ticket_sla ?? null;
    },

    async saveSlaSettings(companyId: string, targets: Record<string, unknown>, at: Date): Promise<void> {
      await db.query(
        `insert into company_settings (company_id, ticket_sla, updated_at) values ($1, $2, $3)
         on conflict (company_id) do update set ticket_sla = excluded.ticket_sla, updated_at = excluded.updated_at`,
        [companyId, JSON.stringify(targets), at],
      );
    },

    /** A company's id by id or code, or null. */
    async companyId(idOrCode: string): Promise<string | null> {
      const { rows } = await db.query<{ id: string }>(
        'select id from companies where id = $1 or lower(code) = lower($1) limit 1',
        [idOrCode],
      );
      return rows[0]?.id ?? null;
    },

    /** A user the ticket may be assigned to: of the company, enabled, not read-only or finance. */
    async assignable(companyId: string, uid?: string) {
      const p = sqlParams([companyId]);
      const one = uid === undefined ? '' : ` and u.uid = ${p.add(uid)}`;
      const { rows } = await db.query<{ uid: string; name: string }>(
        `select u.uid, coalesce(nullif(u.name, ''), u.username) as name from users u
          where u.company_id = $1 and not u.disabled and u.type not in ('read_only', 'finance')${one}
          order by name limit 500`,
        p.values,
      );
      return rows;
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
