/**
 * Messaging groups (Telegram): groups, their sites, alarm settings, deliveries and the Telegram link code
 * (docs/requirements.md#messaging-calls, docs/requirements.md#messaging-policy). Field names follow the
 * spec's (`chat_id`, `company_id`).
 */
import {
  ALARM_SEVERITIES,
  MAX_GROUPING_WINDOW_SECONDS,
  MINUTES_PER_DAY,
  SITE_ALARM_IDS,
  TELEGRAM_GROUP_STATUSES,
} from '@towerwatch/domain';
import { z } from 'zod';
import { queryInt, safeText } from './input.ts';
import { siteUid } from './site-common.ts';

/** Largest chat id magnitude Telegram uses (52 bits) stays below this. */
const CHAT_ID_MAX = 999_999_999_999_999;

/** A Telegram chat id (negative for groups): a number or a numeric string; 0 is refused. */
export const chatId = z.coerce
  .number()
  .int()
  .min(-CHAT_ID_MAX)
  .max(CHAT_ID_MAX)
  .refine((v) => v !== 0, 'must not be 0');

export const telegramGroupStatus = z.enum(TELEGRAM_GROUP_STATUSES);
const companyId = safeText().trim().min(1).max(64);

/** `chat_id` of the query (details, update, delete, update-link, alarm settings, deliveries). */
export const chatIdQuery = z.object({ chat_id: chatId });
export type ChatIdQuery = z.infer<typeof chatIdQuery>;

/** GET /telegram/group: the company's groups; an operator may name any company (or none: all). */
export const telegramGroupListQuery = z.object({ company_id: companyId.optional() });

/** Counts of a group's queued messages by status. */
export const deliveryCounts = z.object({ queued: z.number(), sent: z.number(), failed: z.number() });

/** One messaging group (docs/requirements.md#messaging). */
export const telegramGroup = z.object({
  chat_id: z.number(),
  company_id: z.string(),
  title: z.string(),
  status: telegramGroupStatus,
  invite_link: z.string().nullable(),
  /** The chat has forum topics: each site gets its own topic. */
  is_forum: z.boolean(),
  /** The bot was found an administrator of the chat (getChatMember); null when not checked. */
  bot_admin: z.boolean().nullable(),
  sites: z.array(z.object({ site_uid: z.string(), name: z.string() })),
  last_delivery_at: z.string().nullable(),
  deliveries: deliveryCounts,
  created_at: z.string(),
});
export type TelegramGroup = z.infer<typeof telegramGroup>;

/** GET /telegram/group reply; `notifications_enabled` is false while no bot token is configured. */
export const telegramGroupListReply = z.object({
  items: z.array(telegramGroup),
  notifications_enabled: z.boolean(),
});
export type TelegramGroupListReply = z.infer<typeof telegramGroupListReply>;

/** The alarm settings of a group (docs/requirements.md#messaging-policy). */
export const notificationPolicy = z.object({
  alarm_ids: z.array(z.enum(SITE_ALARM_IDS)).max(SITE_ALARM_IDS.length),
  severities: z.array(z.enum(ALARM_SEVERITIES)).max(ALARM_SEVERITIES.length),
  notify_raise: z.boolean(),
  notify_clear: z.boolean(),
  quiet_start: z
    .number()
    .int()
    .min(0)
    .max(MINUTES_PER_DAY - 1)
    .nullable(),
  quiet_end: z
    .number()
    .int()
    .min(0)
    .max(MINUTES_PER_DAY - 1)
    .nullable(),
  grouping_seconds: z.number().int().min(0).max(MAX_GROUPING_WINDOW_SECONDS),
});
export type NotificationPolicyBody = z.infer<typeof notificationPolicy>;

/** A group with its alarm settings. */
export const telegramGroupReply = z.object({ group: telegramGroup, policy: notificationPolicy });
export type TelegramGroupReply = z.infer<typeof telegramGroupReply>;

/** POST /telegram/group: a group by chat id for the caller's company (an operator names the company). */
export const createTelegramGroupBody = z.object({
  chat_id: chatId,
  title: safeText().trim().min(1).max(128),
  company_id: companyId.optional(),
  status: telegramGroupStatus.optional(),
  site_uids: z.array(siteUid).max(500).optional(),
});
export type CreateTelegramGroupBody = z.infer<typeof createTelegramGroupBody>;

/** PATCH /telegram/group body: fields or status (at least one). */
export const updateTelegramGroupBody = z
  .object({ title: safeText().trim().min(1).max(128).optional(), status: telegramGroupStatus.optional() })
  .refine((b) => b.title !== undefined || b.status !== undefined, 'title or status is required');
export type UpdateTelegramGroupBody = z.infer<typeof updateTelegramGroupBody>;

/** POST /telegram//site: sites added to a group. */
export const telegramSiteBody = z.object({ chat_id: chatId, site_uids: z.array(siteUid).min(1).max(500) });
/** DELETE /telegram/site: one site removed from a group. */
export const telegramSiteQuery = z.object({ chat_id: chatId, site_uid: siteUid });

/** DELETE /telegram/group reply. */
export const deletedReply = z.object({ deleted: z.literal(true) });

/** Status of a queued message (docs/requirements.md#messaging-delivery). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;

/** GET /telegram/deliveries: the latest queued, sent and failed messages of a group. */
export const deliveriesQuery = z.object({
  chat_id: chatId,
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: queryInt(1, 200).default(50),
});
export const delivery = z.object({
  id: z.number(),
  event_id: z.number(),
  site_uid: z.string(),
  site_name: z.string(),
  label: z.string(),
  /** raise or clear */
  kind: z.enum(['raise', 'clear']),
  status: z.enum(DELIVERY_STATUSES),
  /** What happened in Telegram: a new message or an edit of the incident's message. */
  action: z.enum(['send', 'edit']).nullable(),
  silent: z.boolean(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  message_id: z.number().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof delivery>;
export const deliveriesReply = z.object({ items: z.array(delivery) });
export type DeliveriesReply = z.infer<typeof deliveriesReply>;

/** GET /telegram/link: whether the caller's Telegram account is linked. */
export const telegramLinkReply = z.object({
  linked: z.boolean(),
  telegram_username: z.string().nullable(),
  linked_at: z.string().nullable(),
  notifications_enabled: z.boolean(),
  bot_username: z.string().nullable(),
});
export type TelegramLinkReply = z.infer<typeof telegramLinkReply>;

/** POST /telegram/link-code: a one-time code to send to the bot as `/link CODE`. */
export const telegramLinkCodeReply = z.object({ code: z.string(), expires_at: z.string() });
export type TelegramLinkCodeReply = z.infer<typeof telegramLinkCodeReply>;
