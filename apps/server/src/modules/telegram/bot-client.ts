/**
 * The Telegram Bot API client (grammY) with the token and API root of the configuration. Errors are
 * classified for the sender: flood control (429 `retry_after`), a group upgraded to a supergroup
 * (`migrate_to_chat_id`), "message is not modified" (an edit that changes nothing) and the rest.
 */
import { createHash } from 'node:crypto';
import { Bot, GrammyError, HttpError } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Config } from '../../config.ts';

/** Why a Bot API call failed, as the sender needs it. */
export type BotFailure =
  | { kind: 'retry_after'; seconds: number; message: string }
  | { kind: 'migrated'; chatId: number; message: string }
  | { kind: 'not_modified'; message: string }
  | { kind: 'message_gone'; message: string }
  | { kind: 'other'; message: string };

export function classifyBotError(err: unknown): BotFailure {
  if (err instanceof GrammyError) {
    const message = `${err.error_code}: ${err.description}`;
    if (err.parameters?.retry_after !== undefined) {
      return { kind: 'retry_after', seconds: err.parameters.retry_after, message };
    }
    if (err.parameters?.migrate_to_chat_id !== undefined) {
      return { kind: 'migrated', chatId: err.parameters.migrate_to_chat_id, message };
    }
    if (/message is not modified/i.test(err.description)) return { kind: 'not_modified', message };
    if (/message to edit not found|message can't be edited/i.test(err.description)) {
      return { kind: 'message_gone', message };
    }
    return { kind: 'other', message };
  }
  if (err instanceof HttpError) return { kind: 'other', message: `network: ${err.message}` };
  return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
}

export interface OutgoingMessage {
  chatId: number;
  html: string;
  silent: boolean;
  topicId?: number | null;
  keyboard?: InlineKeyboardMarkup;
}

/** The Bot API methods the product uses. */
export interface TelegramClient {
  readonly bot: Bot;
  send(m: OutgoingMessage): Promise<number>;
  edit(m: OutgoingMessage & { messageId: number }): Promise<void>;
  createInviteLink(chatId: number): Promise<string>;
  revokeInviteLink(chatId: number, link: string): Promise<void>;
  /** The chat's title and whether it has topics, and whether the bot is an administrator there. */
  inspectChat(chatId: number): Promise<{ title: string; isForum: boolean; botAdmin: boolean }>;
  createTopic(chatId: number, name: string): Promise<number>;
}

/** The secret of X-Telegram-Bot-Api-Secret-Token: configured, else derived from the bot token. */
export function webhookSecret(config: Config['telegram'], token: string): string {
  return config.webhookSecret ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);
}

/** The client of the configured bot; undefined when no token is set (notifications off). */
export function createTelegramClient(config: Config['telegram']): TelegramClient | undefined {
  if (!config.botToken) return undefined;
  const bot = new Bot(config.botToken, { client: { apiRoot: config.apiRoot } });
  const api = bot.api;
  const other = (m: OutgoingMessage) => ({
    parse_mode: 'HTML' as const,
    disable_notification: m.silent,
    link_preview_options: { is_disabled: true },
    ...(m.topicId ? { message_thread_id: m.topicId } : {}),
    ...(m.keyboard ? { reply_markup: m.keyboard } : {}),
  });
  return {
    bot,
    async send(m) {
      const sent = await api.sendMessage(m.chatId, m.html, other(m));
      return sent.message_id;
    },
    async edit(m) {
      await api.editMessageText(m.chatId, m.messageId, m.html, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(m.keyboard ? { reply_markup: m.keyboard } : {}),
      });
    },
    async createInviteLink(chatId) {
      return (await api.createChatInviteLink(chatId, { name: 'Towerwatch' })).invite_link;
    },
    async revokeInviteLink(chatId, link) {
      await api.revokeChatInviteLink(chatId, link);
    },
    async inspectChat(chatId) {
      const chat = await api.getChat(chatId);
      const me = bot.isInited() ? bot.botInfo : await api.getMe();
      const member = await api.getChatMember(chatId, me.id);
      return {
        title: 'title' in chat && chat.title ? chat.title : String(chatId),
        isForum: 'is_forum' in chat && chat.is_forum === true,
        botAdmin: member.status === 'administrator' || member.status === 'creator',
      };
    },
    async createTopic(chatId, name) {
      return (await api.createForumTopic(chatId, name.slice(0, 128))).message_thread_id;
    },
  };
}
