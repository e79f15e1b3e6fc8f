/**
 * SQL of messaging groups: groups of a company, their sites and alarm settings, delivery counts, link
 * codes and Telegram account links. Group rows are scoped by company in the service (`companyIds`).
 */
import type { AlarmSeverity, NotificationPolicy } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { visibleSiteUidsSql } from '../../kernel/scope/action-reach.ts';
import { type SqlParams, sqlParams } from '../../kernel/scope/sql-scope.ts';

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
  /** The group is subscribed to a site the viewer may not see (false without a viewer). */
  reaches_hidden: boolean;
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

/**
 * The group select; with `viewer`, its sites, delivery counts and last delivery only of the sites
 * the viewer sees, and `reaches_hidden` when the group is subscribed to a site they may not see.
 */
function groupSelect(p: SqlParams, viewer: Caller | undefined): string {
  const seen = viewer ? visibleSiteUidsSql(viewer, p) : null;
  const siteSeen = seen ? `and gs.site_uid in ${seen}` : '';
  const outSeen = seen ? `and o.site_uid in ${seen}` : '';
  const hidden = seen
    ? `exists (select 1 from telegram_group_sites gs where gs.group_id = g.id and gs.site_uid not in ${seen})`
    : 'false';
  return `
  select g.*, ${hidden} as reaches_hidden,
    coalesce((select json_agg(json_build_object('site_uid', s.uid, 'name', s.name) order by s.uid)
                from telegram_group_sites gs join sites s on s.uid = gs.site_uid
               where gs.group_id = g.id ${siteSeen}), '[]') as sites,
    (select max(o.sent_at) from telegram_outbox o where o.group_id = g.id ${outSeen}) as last_delivery_at,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'queued' ${outSeen}) as queued,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'sent' ${outSeen}) as sent,
    (select count(*)::int from telegram_outbox o where o.group_id = g.id and o.status = 'failed' ${outSeen}) as failed
  from telegram_groups g`;
}

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
    /** Groups of these companies (null = every company), newest first; narrowed to what `viewer` sees. */
    async list(companyIds: string[] | null, viewer?: Caller): Promise<GroupRow[]> {
      const p = sqlParams();
      const select = groupSelect(p, viewer);
      const c = p.add(companyIds);
      const { rows } = await db.query<GroupRow>(
        `${select} where (${c}::text[] is null or g.company_id = any(${c}::text[])) order by g.id desc`,
        p.values,
      );
      return rows;
    },

    /** One group by chat id within these companies (null = any); narrowed to what `viewer` sees. */
    async find(chatId: number, companyIds: string[] | null, viewer?: Caller): Promise<GroupRow | null> {
      const p = sqlParams();
      const select = groupSelect(p, viewer);
      const c = p.add(companyIds);
      const { rows } = await db.query<GroupRow>(
        `${select} where g.chat_id = ${p.add(chatId)} and (${c}::text[] is null or g.company_id = any(${c}::text[]))`,
        p.values,
      );
      return rows[0] ?? null;
    },

    /** Every site the group is subscribed to (what its settings and status reach). */
    async siteUids(groupId: string): Promise<string[]> {
      const { rows } = await db.query<{ site_uid: string }>(
        'select site_uid from telegram_group_sites where group_id = $1 order by 1',
        [groupId],
      );
      return rows.map((r) => r.site_uid);
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
