/**
 * SQL of the notification outbox (docs/requirements.md#messaging-delivery): the scan of new events into
 * queued rows (one per subscribed group and transition: unique (group_id, event_id)), claiming due rows
 * with `for update skip locked` (several processes never take the same row), incident messages and the
 * delivery list of a group.
 */

import type { Delivery } from '@towerwatch/contract';
import { type AlarmSeverity, transitionLabel } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { visibleSiteUidsSql } from '../../kernel/scope/action-reach.ts';
import { sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { type PolicyRow, toPolicy } from './telegram.repository.ts';

export interface EventScanRow {
  id: string;
  site_uid: string;
  name: string;
  alarm_id: string | null;
  active: boolean;
  time: Date;
}

export interface SubscriptionRow extends PolicyRow {
  group_id: string;
  site_uid: string;
}

export interface NewOutboxRow {
  groupId: string;
  event: EventScanRow;
  silent: boolean;
}

/** A claimed outbox row with what sending needs. */
export interface ClaimedRow {
  id: string;
  group_id: string;
  chat_id: string;
  is_forum: boolean;
  company_code: string | null;
  site_uid: string;
  site_name: string;
  topic_id: number | null;
  event_id: string;
  alarm_id: string | null;
  event_name: string;
  active: boolean;
  event_time: Date;
  silent: boolean;
  attempts: number;
  policy: PolicyRow;
}

/** One line of an incident message. */
export interface IncidentLine {
  eventId: number;
  alarmId: string | null;
  eventName: string;
  active: boolean;
  at: string;
  severity: AlarmSeverity;
  /** Set on a raise line when its clear arrived. */
  clearedAt?: string;
  acknowledgedBy?: string;
}

export interface IncidentRow {
  id: string;
  message_id: number | null;
  joinable: boolean;
  opened_at: Date;
  lines: IncidentLine[];
}

/** Events looked at again behind the cursor: ids committed out of order are not missed. */
const LOOKBACK_IDS = 100;

export function createOutboxRepository(db: Queryable) {
  return {
    /** Locks the scan cursor; null when another process holds it. */
    async lockCursor(): Promise<{ last_event_id: string } | null> {
      const { rows } = await db.query<{ last_event_id: string }>(
        'select last_event_id from telegram_cursor where id = 1 for update skip locked',
      );
      return rows[0] ?? null;
    },

    async newEvents(after: string, limit: number): Promise<EventScanRow[]> {
      const { rows } = await db.query<EventScanRow>(
        `select id, site_uid, name, alarm_id, active, time from events
          where id > greatest($1::bigint - ${LOOKBACK_IDS}, 0) order by id limit $2`,
        [after, limit],
      );
      return rows;
    },

    /** Active groups subscribed to these sites, with their settings. */
    async subscriptions(siteUids: string[]): Promise<SubscriptionRow[]> {
      const { rows } = await db.query<SubscriptionRow>(
        `select gs.group_id, gs.site_uid, p.* from telegram_group_sites gs
           join telegram_groups g on g.id = gs.group_id and g.status = 'active'
           join telegram_policies p on p.group_id = g.id
          where gs.site_uid = any($1::text[])`,
        [siteUids],
      );
      return rows;
    },

    /** Queues rows; a transition already queued for a group is skipped (the idempotency key). */
    async enqueue(rows: NewOutboxRow[], now: Date): Promise<number> {
      if (rows.length === 0) return 0;
      const { rowCount } = await db.query(
        `insert into telegram_outbox (group_id, event_id, site_uid, alarm_id, event_name, active, event_time,
                                      silent, next_attempt_at, created_at)
         select * , $9::timestamptz, $9::timestamptz from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[],
                                $5::text[], $6::boolean[], $7::timestamptz[], $8::boolean[])
         on conflict (group_id, event_id) do nothing`,
        [
          rows.map((r) => r.groupId),
          rows.map((r) => r.event.id),
          rows.map((r) => r.event.site_uid),
          rows.map((r) => r.event.alarm_id),
          rows.map((r) => r.event.name),
          rows.map((r) => r.event.active),
          rows.map((r) => r.event.time),
          rows.map((r) => r.silent),
          now,
        ],
      );
      return rowCount ?? 0;
    },

    async saveCursor(lastEventId: string): Promise<void> {
      await db.query('update telegram_cursor set last_event_id = greatest(last_event_id, $1) where id = 1', [
        lastEventId,
      ]);
    },

    /** Locks the getUpdates offset; null when another process polls. */
    async lockUpdatesOffset(): Promise<number | null> {
      const { rows } = await db.query<{ update_offset: string }>(
        'select update_offset from telegram_updates where id = 1 for update skip locked',
      );
      return rows[0] ? Number(rows[0].update_offset) : null;
    },

    async saveUpdatesOffset(offset: number): Promise<void> {
      await db.query('update telegram_updates set update_offset = $1 where id = 1', [offset]);
    },

    /** A group's chat became a supergroup (service message in the old chat). */
    async migrateChatId(fromChatId: number, toChatId: number): Promise<void> {
      await db.query('update telegram_groups set chat_id = $2, updated_at = now() where chat_id = $1', [
        fromChatId,
        toChatId,
      ]);
    },

    /** The incident of a message in a chat, with its site and company. */
    async incidentOfMessage(chatId: number, messageId: number) {
      const { rows } = await db.query<
        IncidentRow & { site_uid: string; site_name: string; company_code: string | null }
      >(
        `select i.id, i.message_id, i.joinable, i.opened_at, i.lines, i.site_uid,
                coalesce(s.name, i.site_uid) as site_name, c.code as company_code
           from telegram_incidents i join telegram_groups g on g.id = i.group_id
           left join companies c on c.id = g.company_id left join sites s on s.uid = i.site_uid
          where g.chat_id = $1 and i.message_id = $2 for update of i`,
        [chatId, messageId],
      );
      return rows[0] ?? null;
    },

    /**
     * Claims the oldest due row of one group whose earlier rows are all done (a chat's messages keep
     * their order: an edit never overtakes the send that created its message).
     */
    async claimNext(now: Date, skipGroups: string[]): Promise<ClaimedRow | null> {
      const { rows } = await db.query<ClaimedRow>(
        `select o.id, o.group_id, g.chat_id, g.is_forum, c.code as company_code, o.site_uid,
                coalesce(s.name, o.site_uid) as site_name, gs.topic_id, o.event_id, o.alarm_id, o.event_name,
                o.active, o.event_time, o.silent, o.attempts, row_to_json(p.*) as policy
           from telegram_outbox o
           join telegram_groups g on g.id = o.group_id
           join telegram_policies p on p.group_id = o.group_id
           left join companies c on c.id = g.company_id
           left join sites s on s.uid = o.site_uid
           left join telegram_group_sites gs on gs.group_id = o.group_id and gs.site_uid = o.site_uid
          where o.status = 'queued' and o.next_attempt_at <= $1 and not (o.group_id = any($2::bigint[]))
            and not exists (select 1 from telegram_outbox e
                             where e.group_id = o.group_id and e.status = 'queued' and e.id < o.id)
          order by o.next_attempt_at, o.id limit 1
          for update of o skip locked`,
        [now, skipGroups],
      );
      return rows[0] ?? null;
    },

    async markSent(
      id: string,
      r: { action: 'send' | 'edit'; messageId: number; incidentId: string; at: Date },
    ) {
      await db.query(
        `update telegram_outbox set status = 'sent', action = $2, message_id = $3, incident_id = $4, sent_at = $5,
                attempts = attempts + 1, last_error = null where id = $1`,
        [id, r.action, r.messageId, r.incidentId, r.at],
      );
    },

    async markRetry(id: string, error: string, nextAt: Date, countAttempt: boolean) {
      await db.query(
        `update telegram_outbox set attempts = attempts + $4::int, last_error = $2, next_attempt_at = $3 where id = $1`,
        [id, error, nextAt, countAttempt ? 1 : 0],
      );
    },

    async markFailed(id: string, error: string) {
      await db.query(
        `update telegram_outbox set status = 'failed', attempts = attempts + 1, last_error = $2 where id = $1`,
        [id, error],
      );
    },

    /** The group's chat moved (supergroup upgrade): same group row, new chat id. */
    async migrateChat(groupId: string, chatId: number): Promise<void> {
      await db.query('update telegram_groups set chat_id = $2, updated_at = now() where id = $1', [
        groupId,
        chatId,
      ]);
    },

    async saveTopic(groupId: string, siteUid: string, topicId: number): Promise<void> {
      await db.query('update telegram_group_sites set topic_id = $3 where group_id = $1 and site_uid = $2', [
        groupId,
        siteUid,
        topicId,
      ]);
    },

    /** The site's latest joinable incident of the group. */
    async latestIncident(groupId: string, siteUid: string): Promise<IncidentRow | null> {
      const { rows } = await db.query<IncidentRow>(
        `select id, message_id, joinable, opened_at, lines from telegram_incidents
          where group_id = $1 and site_uid = $2 and joinable and message_id is not null
          order by opened_at desc, id desc limit 1`,
        [groupId, siteUid],
      );
      return rows[0] ?? null;
    },

    /** The incident whose uncleared raise line is of this alarm (the message a clear edits). */
    async incidentOfRaise(groupId: string, siteUid: string, alarmKey: string): Promise<IncidentRow | null> {
      const { rows } = await db.query<IncidentRow>(
        `select id, message_id, joinable, opened_at, lines from telegram_incidents
          where group_id = $1 and site_uid = $2 and message_id is not null
            and exists (select 1 from jsonb_array_elements(lines) l
                         where coalesce(l->>'alarmId', l->>'eventName') = $3 and (l->>'active')::boolean
                           and l->>'clearedAt' is null)
          order by opened_at desc, id desc limit 1`,
        [groupId, siteUid, alarmKey],
      );
      return rows[0] ?? null;
    },

    async insertIncident(i: {
      groupId: string;
      siteUid: string;
      joinable: boolean;
      openedAt: Date;
      lines: IncidentLine[];
      messageId: number;
    }) {
      const { rows } = await db.query<{ id: string }>(
        `insert into telegram_incidents (group_id, site_uid, joinable, opened_at, lines, message_id)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [i.groupId, i.siteUid, i.joinable, i.openedAt, JSON.stringify(i.lines), i.messageId],
      );
      return (rows[0] as { id: string }).id;
    },

    async saveIncident(id: string, lines: IncidentLine[], messageId: number): Promise<void> {
      await db.query(
        'update telegram_incidents set lines = $2, message_id = $3, updated_at = now() where id = $1',
        [id, JSON.stringify(lines), messageId],
      );
    },

    /** The latest messages of a group, newest first. */
    /** A group's deliveries, newest first; with `viewer`, only those of sites and events they may see. */
    async deliveries(
      groupId: string,
      status: string | undefined,
      limit: number,
      viewer?: Caller,
    ): Promise<Delivery[]> {
      const p = sqlParams([groupId, status ?? null, limit]);
      const seen = viewer
        ? `and o.site_uid in ${visibleSiteUidsSql(viewer, p)} and not exists (select 1 from events e
             where e.id = o.event_id and not ${tenantScope(viewer, p, 'e.tenant', { eventName: 'e.name' })})`
        : '';
      const { rows } = await db.query<{
        id: string;
        event_id: string;
        site_uid: string;
        site_name: string | null;
        alarm_id: string | null;
        event_name: string;
        active: boolean;
        status: Delivery['status'];
        action: Delivery['action'];
        silent: boolean;
        attempts: number;
        last_error: string | null;
        message_id: number | null;
        created_at: Date;
        sent_at: Date | null;
        company_code: string | null;
      }>(
        `select o.*, s.name as site_name, c.code as company_code from telegram_outbox o
           join telegram_groups g on g.id = o.group_id left join companies c on c.id = g.company_id
           left join sites s on s.uid = o.site_uid
          where o.group_id = $1 and ($2::text is null or o.status = $2) ${seen} order by o.id desc limit $3`,
        p.values,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        event_id: Number(r.event_id),
        site_uid: r.site_uid,
        site_name: r.site_name ?? r.site_uid,
        label: transitionLabel(
          { alarmId: r.alarm_id, eventName: r.event_name, active: r.active },
          r.company_code,
        ),
        kind: r.active ? 'raise' : 'clear',
        status: r.status,
        action: r.action,
        silent: r.silent,
        attempts: r.attempts,
        last_error: r.last_error,
        message_id: r.message_id,
        created_at: new Date(r.created_at).toISOString(),
        sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
export { toPolicy };
