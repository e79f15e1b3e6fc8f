/**
 * Messaging groups (docs/requirements.md#messaging, docs/requirements.md#messaging-calls): the groups of
 * the caller's company (an operator's of any company), their sites, alarm settings and deliveries. A
 * group of another company answers 404; a site outside the group's company too. Tenants
 * (kernel/scope/action-reach.ts): a site the caller may not see is 404 like a missing one; a group's
 * sites, counts and deliveries are narrowed to visible sites (no invite link of a group reaching a
 * hidden site); changing the status, title, settings, link or existence of a group that reaches a
 * hidden site is 403.
 */
import type {
  CreateTelegramGroupBody,
  DeliveriesReply,
  NotificationPolicyBody,
  TelegramGroup,
  TelegramGroupListReply,
  TelegramGroupReply,
  UpdateTelegramGroupBody,
} from '@towerwatch/contract';
import { DEFAULT_NOTIFICATION_POLICY, type NotificationPolicy } from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertReachVisible, hiddenSitesOf } from '../../kernel/scope/action-reach.ts';
import { classifyBotError, type TelegramClient } from './bot-client.ts';
import type { OutboxRepository } from './outbox.repository.ts';
import type { GroupRow, TelegramRepository } from './telegram.repository.ts';

export interface TelegramServiceDeps {
  /** For the tenant decisions (which sites the caller may see). */
  db: Queryable;
  repo: TelegramRepository;
  outbox: OutboxRepository;
  client: TelegramClient | undefined;
  log: Pick<Logger, 'warn'>;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toGroup(r: GroupRow): TelegramGroup {
  return {
    chat_id: Number(r.chat_id),
    company_id: r.company_id,
    title: r.title,
    status: r.status,
    invite_link: r.reaches_hidden ? null : r.invite_link,
    is_forum: r.is_forum,
    bot_admin: r.bot_admin,
    sites: r.sites,
    last_delivery_at: iso(r.last_delivery_at),
    deliveries: { queued: r.queued, sent: r.sent, failed: r.failed },
    created_at: new Date(r.created_at).toISOString(),
  };
}

export const toPolicyBody = (p: NotificationPolicy): NotificationPolicyBody => ({
  alarm_ids: [...p.alarmIds] as NotificationPolicyBody['alarm_ids'],
  severities: [...p.severities],
  notify_raise: p.notifyRaise,
  notify_clear: p.notifyClear,
  quiet_start: p.quietStart,
  quiet_end: p.quietEnd,
  grouping_seconds: p.groupingSeconds,
});

/** The companies whose groups the caller manages: null = every company (operators). */
const scopeOf = (caller: Caller): string[] | null =>
  caller.isOperator ? null : caller.companyId ? [caller.companyId] : [];

/** A Telegram failure during a group action: the web shows a generic error (docs/requirements.md#messaging). */
function telegramFailed(err: unknown): HttpError {
  return new HttpError(502, `Telegram request failed (${classifyBotError(err).message})`);
}

export function createTelegramService(deps: TelegramServiceDeps) {
  const { repo } = deps;

  async function group(caller: Caller, chatId: number): Promise<GroupRow> {
    const row = await repo.find(chatId, scopeOf(caller));
    if (!row) throw new NotFoundError('Group not found');
    return row;
  }

  /** A write that reaches every site of the group: the caller must see them all (403). */
  async function groupToChange(caller: Caller, chatId: number): Promise<GroupRow> {
    const row = await group(caller, chatId);
    await assertReachVisible(deps.db, caller, await repo.siteUids(row.id));
    return row;
  }

  async function reply(caller: Caller, chatId: number): Promise<TelegramGroupReply> {
    const row = await repo.find(chatId, null, caller);
    if (!row) throw new NotFoundError('Group not found');
    return {
      group: toGroup(row),
      policy: toPolicyBody((await repo.policy(row.id)) ?? DEFAULT_NOTIFICATION_POLICY),
    };
  }

  /** The sites, each of the company and visible to the caller; else 404 naming the first other one. */
  async function companySites(
    caller: Caller,
    companyId: string,
    siteUids: string[],
    field: string,
  ): Promise<string[]> {
    const unique = [...new Set(siteUids)];
    const found = new Set(await repo.companySites(companyId, unique));
    for (const hidden of await hiddenSitesOf(deps.db, caller, unique)) found.delete(hidden);
    const missing = unique.find((uid) => !found.has(uid));
    if (missing !== undefined) throw new NotFoundError(`Site not found: ${missing} (${field})`);
    return unique;
  }

  return {
    notificationsEnabled: deps.client !== undefined,

    async list(caller: Caller, companyId: string | undefined): Promise<TelegramGroupListReply> {
      const scope = scopeOf(caller);
      if (companyId !== undefined && scope !== null && !scope.includes(companyId)) {
        throw new NotFoundError('Company not found');
      }
      const rows = await repo.list(companyId !== undefined ? [companyId] : scope, caller);
      return { items: rows.map(toGroup), notifications_enabled: deps.client !== undefined };
    },

    async details(caller: Caller, chatId: number): Promise<TelegramGroupReply> {
      await group(caller, chatId);
      return reply(caller, chatId);
    },

    async create(caller: Caller, body: CreateTelegramGroupBody): Promise<TelegramGroupReply> {
      const companyId = body.company_id ?? caller.companyId;
      if (!companyId) throw new ValidationError('body.company_id', 'body.company_id: required for operators');
      const scope = scopeOf(caller);
      if ((scope !== null && !scope.includes(companyId)) || !(await repo.companyExists(companyId))) {
        throw new NotFoundError('Company not found');
      }
      const sites = await companySites(caller, companyId, body.site_uids ?? [], 'body.site_uids');
      if (await repo.chatTaken(body.chat_id)) {
        throw new ConflictError('This chat already has a messaging group', 'body.chat_id');
      }
      let checked = { isForum: false, botAdmin: null as boolean | null };
      if (deps.client) {
        try {
          const chat = await deps.client.inspectChat(body.chat_id);
          checked = { isForum: chat.isForum, botAdmin: chat.botAdmin };
        } catch (err) {
          throw new ValidationError(
            'body.chat_id',
            `body.chat_id: the bot cannot reach this chat; add the bot to the group first (${classifyBotError(err).message})`,
          );
        }
      }
      const id = await repo.insert({
        chatId: body.chat_id,
        companyId,
        title: body.title,
        status: body.status ?? 'active',
        ...checked,
        policy: DEFAULT_NOTIFICATION_POLICY,
      });
      if (sites.length) await repo.addSites(id, sites);
      if (deps.client && checked.botAdmin) {
        try {
          await repo.update(id, { inviteLink: await deps.client.createInviteLink(body.chat_id) });
        } catch (err) {
          deps.log.warn({ err, chatId: body.chat_id }, 'telegram: invite link not created');
        }
      }
      return reply(caller, body.chat_id);
    },

    async update(caller: Caller, chatId: number, body: UpdateTelegramGroupBody): Promise<TelegramGroupReply> {
      const row = await groupToChange(caller, chatId);
      await repo.update(row.id, body);
      return reply(caller, chatId);
    },

    async addSites(caller: Caller, chatId: number, siteUids: string[]): Promise<TelegramGroupReply> {
      const row = await group(caller, chatId);
      await repo.addSites(row.id, await companySites(caller, row.company_id, siteUids, 'body.site_uids'));
      return reply(caller, chatId);
    },

    async removeSite(caller: Caller, chatId: number, siteUid: string): Promise<TelegramGroupReply> {
      const row = await group(caller, chatId);
      // A site the caller may not see is not found (the group keeps it); else idempotent: a site not
      // in the group is already removed.
      if ((await hiddenSitesOf(deps.db, caller, [siteUid])).length) throw new NotFoundError('Site not found');
      await repo.removeSite(row.id, siteUid);
      return reply(caller, chatId);
    },

    /** Revokes the old invite link and creates a new one (createChatInviteLink). */
    async updateLink(caller: Caller, chatId: number): Promise<TelegramGroupReply> {
      const row = await groupToChange(caller, chatId);
      const client = deps.client;
      if (!client) throw new ConflictError('Telegram notifications are off: no bot token is configured');
      try {
        if (row.invite_link) await client.revokeInviteLink(chatId, row.invite_link).catch(() => undefined);
        await repo.update(row.id, { inviteLink: await client.createInviteLink(chatId) });
      } catch (err) {
        throw telegramFailed(err);
      }
      return reply(caller, chatId);
    },

    async delete(caller: Caller, chatId: number): Promise<{ deleted: true }> {
      const row = await groupToChange(caller, chatId);
      await repo.delete(row.id);
      return { deleted: true };
    },

    async savePolicy(
      caller: Caller,
      chatId: number,
      body: NotificationPolicyBody,
    ): Promise<TelegramGroupReply> {
      const row = await groupToChange(caller, chatId);
      if ((body.quiet_start === null) !== (body.quiet_end === null)) {
        throw new ValidationError('body.quiet_end', 'body.quiet_end: set both quiet-hour bounds or neither');
      }
      await repo.savePolicy(row.id, {
        alarmIds: [...new Set(body.alarm_ids)],
        severities: [...new Set(body.severities)],
        notifyRaise: body.notify_raise,
        notifyClear: body.notify_clear,
        quietStart: body.quiet_start,
        quietEnd: body.quiet_end,
        groupingSeconds: body.grouping_seconds,
      });
      return reply(caller, chatId);
    },

    async deliveries(
      caller: Caller,
      q: { chat_id: number; status?: 'queued' | 'sent' | 'failed'; limit: number },
    ): Promise<DeliveriesReply> {
      const row = await group(caller, q.chat_id);
      return { items: await deps.outbox.deliveries(row.id, q.status, q.limit, caller) };
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
