/**
 * SQL of a ticket's details: status history, notes, attachments, and the evidence of its time — the
 * events of its linked alarms and the door records (card swipes, door events) of its site. The
 * caller's scope was checked on the ticket before these run.
 */
import { alarmEventPairs } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

const nameOf = (col: string) =>
  `(select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = ${col})`;

/** Every (alarm id, event name) an alarm writes: its raise names and its clear name (the timeline's events). */
const ALARM_NAMES = (() => {
  const pairs = alarmEventPairs();
  return { alarm: [...pairs.alarm, ...pairs.alarm], name: [...pairs.raise, ...pairs.clear] };
})();

/** Evidence rows per list, oldest first. */
const EVIDENCE_LIMIT = 200;
/** The alarm timeline starts this long before the ticket (the alarm was raised before it was opened). */
const TIMELINE_LEAD_MS = 24 * 3600_000;

export interface AttachmentRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  uploaded_by_name: string;
  at: Date;
}

export function createTicketDetailsRepository(db: Queryable) {
  return {
    async history(id: number) {
      const { rows } = await db.query<{
        from_status: string | null;
        to_status: string;
        reason: string | null;
        by_uid: string;
        by_name: string;
        at: Date;
      }>(
        `select c.from_status, c.to_status, c.reason, c.by_uid, ${nameOf('c.by_uid')} as by_name, c.at
           from ticket_status_changes c where c.ticket_id = $1 order by c.id`,
        [id],
      );
      return rows;
    },

    async notes(id: number) {
      const { rows } = await db.query<{
        id: string;
        body: string;
        author_uid: string;
        author_name: string;
        at: Date;
      }>(
        `select n.id, n.body, n.author_uid, ${nameOf('n.author_uid')} as author_name, n.at
           from ticket_notes n where n.ticket_id = $1 order by n.id`,
        [id],
      );
      return rows;
    },

    async attachments(id: number): Promise<AttachmentRow[]> {
      const { rows } = await db.query<AttachmentRow>(
        `select a.id, a.name, a.content_type, a.size, ${nameOf('a.uploaded_by')} as uploaded_by_name, a.at
           from ticket_attachments a where a.ticket_id = $1 order by a.id`,
        [id],
      );
      return rows;
    },

    async attachmentCount(id: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from ticket_attachments where ticket_id = $1',
        [id],
      );
      return rows[0]?.n ?? 0;
    },

    async addAttachment(
      id: number,
      a: { name: string; contentType: string; data: Buffer; by: string; at: Date },
    ): Promise<AttachmentRow> {
      const { rows } = await db.query<AttachmentRow>(
        `with a as (insert into ticket_attachments (ticket_id, name, content_type, size, data, uploaded_by, at)
           values ($1, $2, $3, $4, $5, $6, $7) returning *)
         select a.id, a.name, a.content_type, a.size, ${nameOf('a.uploaded_by')} as uploaded_by_name, a.at from a`,
        [id, a.name, a.contentType, a.data.length, a.data, a.by, a.at],
      );
      const row = rows[0];
      if (!row) throw new Error('attachment insert returned no row');
      return row;
    },

    /** One attachment with its ticket id (the caller's scope is checked on the ticket). */
    async attachment(attachmentId: number) {
      const { rows } = await db.query<AttachmentRow & { ticket_id: string; data: Buffer }>(
        `select a.id, a.ticket_id, a.name, a.content_type, a.size, a.data, ${nameOf('a.uploaded_by')} as uploaded_by_name, a.at
           from ticket_attachments a where a.id = $1`,
        [attachmentId],
      );
      return rows[0] ?? null;
    },

    /** Events of the linked alarms at the site from a day before the ticket until it ended (or now). */
    async timeline(id: number, siteUid: string, from: Date, to: Date) {
      const { rows } = await db.query<{
        id: string;
        name: string;
        tenant: string;
        time: Date;
        active: boolean;
      }>(
        `select e.id, e.name, e.tenant, e.time, e.active from events e
          where e.site_uid = $2 and e.time between $3 and $4
            and exists (select 1 from ticket_alarms a where a.ticket_id = $1
                          and (a.tenant = e.tenant or a.tenant = '')
                          and (e.alarm_id = a.alarm_id or e.name = a.alarm_id
                               or exists (select 1 from unnest($5::text[], $6::text[]) as m(alarm, name)
                                           where m.alarm = a.alarm_id and m.name = e.name)))
          order by e.time, e.id limit ${EVIDENCE_LIMIT}`,
        [id, siteUid, new Date(from.getTime() - TIMELINE_LEAD_MS), to, ALARM_NAMES.alarm, ALARM_NAMES.name],
      );
      return rows;
    },

    /** Card swipes and access (ACS) events at the site during the ticket. */
    async doorRecords(siteUid: string, from: Date, to: Date) {
      const { rows } = await db.query<{
        kind: 'card' | 'door';
        time: Date;
        label: string;
        granted: boolean | null;
      }>(
        `select * from (
           select 'card' as kind, r.time, r.card_number as label, r.granted from access_records r
            where r.site_uid = $1 and r.time between $2 and $3
           union all
           select 'door' as kind, e.time, e.name as label, null::boolean as granted from events e
            where e.site_uid = $1 and e.event_group = 'ACS' and e.time between $2 and $3
         ) x order by x.time limit ${EVIDENCE_LIMIT}`,
        [siteUid, from, to],
      );
      return rows;
    },

    /** True when the site has this alarm (any state). */
    async alarmExists(siteUid: string, alarmId: string, tenant: string): Promise<boolean> {
      const { rows } = await db.query(
        'select 1 from alarms where site_uid = $1 and alarm_id = $2 and tenant = $3',
        [siteUid, alarmId, tenant],
      );
      return rows.length > 0;
    },

    /** The event a ticket is made from (the caller's scope is checked by the events lookup). */
    async event(eventId: number) {
      const { rows } = await db.query<{
        id: string;
        site_uid: string;
        name: string;
        tenant: string;
        active: boolean;
        alarm_id: string | null;
      }>('select id, site_uid, name, tenant, active, alarm_id from events where id = $1', [eventId]);
      return rows[0] ?? null;
    },
  };
}

export type TicketDetailsRepository = ReturnType<typeof createTicketDetailsRepository>;
