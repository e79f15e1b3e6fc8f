/**
 * SQL of messaging groups: groups of a company, their sites and alarm settings, delivery counts, link
 * codes and Telegram account links. Group rows are scoped by company in the service (`companyIds`).
 */
import type { AlarmSeverity, NotificationPolicy } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

export interface GroupRow {
  id: string;
  chat_id: string;
  company_id: string;
  title: string;
  status: 'active' | 'inactive';
  invite_link: string | null;
  is_forum: boolean;
  bot_admin: boolean | null;
  created_at: Date;
  sites: { site_uid: string; name: string }[];
  last_delivery_at: Date | null;
  queued: number;
  sent: number;
  failed: number;
}

export interface PolicyRow {
  alarm_ids: string[];
  severities: AlarmSeverity[];
  notify_raise: boolean;
  notify_clear: boolean;
  quiet_start: number | null;
  quiet_end: number | null;
  grouping_seconds: number;
}

export const toPolicy = (r: PolicyRow): NotificationPolicy => ({
  alarmIds: r.alarm_ids,
  severities: r.severities,
  notifyRaise: r.notify_raise,
  notifyClear: r.notify_clear,
  quietStart: r.quiet_start,
  quietEnd: r.quiet_end,
  groupingSeconds: r.grouping_seconds,
});

const GROUP_SELECT = `
  select g.*,
    coalesce((select json_agg(json_build_object('site_uid', s.uid, 'name', s.name) order by s.uid)
                from telegram_group_sites gs join sites s on s.uid = gs.site_uid
               where gs.group_id = g.id), '[]') as sites,
    (select max(o.sent_at) from telegram_outbox o where o.group_id = g.id) as last_delivery_at,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'queued') as queued,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'sent') as sent,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'failed') as failed
  from telegram_groups g`;

export interface NewGroup {
  chatId: number;
  companyId: string;
  title: string;
  status: 'active' | 'inactive';
  isForum: boolean;
  botAdmin: boolean | null;
  policy: NotificationPolicy;
}

export function createTelegramRepository(db: Queryable) {
  return {
    /** Groups of these companies (null = every company), newest first. */
    async list(companyIds: string[] | null): Promise<GroupRow[]> {
      const { rows } = await db.query<GroupRow>(
        `${GROUP_SELECT} where ($1::text[] is null or g.company_id = any($1::text[])) order by g.id desc`,
        [companyIds],
      );
      return rows;
    },

    /** One group by chat id within these companies (null = any). */
    async find(chatId: number, companyIds: string[] | null): Promise<GroupRow | null> {
      const { rows } = await db.query<GroupRow>(
        `${GROUP_SELECT} where g.chat_id = $1 and ($2::text[] is null or g.company_id = any($2::text[]))`,
        [chatId, companyIds],
      );
      return rows[0] ?? null;
    },

    async policy(groupId: string): Promise<NotificationPolicy | null> {
      const { rows } = await db.query<PolicyRow>('select * from telegram_policies where group_id = $1', [
        groupId,
      ]);
      return rows[0] ? toPolicy(rows[0]) : null;
    },

    async companyExists(companyId: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from companies where id = $1', [companyId]);
      return (rowCount ?? 0) > 0;
    },

    async chatTaken(chatId: number): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from telegram_groups where chat_id = $1', [chatId]);
      return (rowCount ?? 0) > 0;
    },

    /** Inserts the group and its settings; returns the group id. */
    async insert(g: NewGroup): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `with g as (
           insert into telegram_groups (chat_id, company_id, title, status, is_forum, bot_admin)
           values ($1, $2, $3, $4, $5, $6) returning id)
         insert into telegram_policies (group_id, alarm_ids, severities, notify_raise, notify_clear,
                                        quiet_start, quiet_end, grouping_seconds)
         select g.id, $7, $8, $9, $10, $11, $12, $13 from g returning group_id as id`,
        [
          g.chatId,
          g.companyId,
          g.title,
          g.status,
          g.isForum,
          g.botAdmin,
          [...g.policy.alarmIds],
          [...g.policy.severities],
          g.policy.notifyRaise,
          g.policy.notifyClear,
          g.policy.quietStart,
          g.policy.quietEnd,
          g.policy.groupingSeconds,
        ],
      );
      return (rows[0] as { id: string }).id;
    },

    async update(groupId: string, changes: { title?: string; status?: string; inviteLink?: string | null }) {
      await db.query(
        `update telegram_groups set title = coalesce($2, title), status = coalesce($3, status),
                invite_link = case when $4 then $5 else invite_link end, updated_at = now()
          where id = $1`,
        [
          groupId,
          changes.title ?? null,
          changes.status ?? null,
          changes.inviteLink !== undefined,
          changes.inviteLink ?? null,
        ],
      );
    },

    async savePolicy(groupId: string, p: NotificationPolicy): Promise<void> {
      await db.query(
        `update telegram_policies set alarm_ids = $2, severities = $3, notify_raise = $4, notify_clear = $5,
                quiet_start = $6, quiet_end = $7, grouping_seconds = $8 where group_id = $1`,
        [
          groupId,
          [...p.alarmIds],
          [...p.severities],
          p.notifyRaise,
          p.notifyClear,
          p.quietStart,
          p.quietEnd,
          p.groupingSeconds,
        ],
      );
    },

    async delete(groupId: string): Promise<void> {
      await db.query('delete from telegram_groups where id = $1', [groupId]);
    },

    /** The uids among `siteUids` that belong to the company. */
    async companySites(companyId: string, siteUids: string[]): Promise<string[]> {
      const { rows } = await db.query<{ uid: string }>(
        'select uid from sites where company_id = $1 and uid = any($2::text[])',
        [companyId, siteUids],
      );
      return rows.map((r) => r.uid);
    },

    async addSites(groupId: string, siteUids: string[]): Promise<void> {
      await db.query(
        `insert into telegram_group_sites (group_id, site_uid) select $1, unnest($2::text[])
         on conflict do nothing`,
        [groupId, siteUids],
      );
    },

    async removeSite(groupId: string, siteUid: string): Promise<boolean> {
      const { rowCount } = await db.query(
        'delete from telegram_group_sites where group_id = $1 and site_uid = $2',
        [groupId, siteUid],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}

export type TelegramRepository = ReturnType<typeof createTelegramRepository>;
