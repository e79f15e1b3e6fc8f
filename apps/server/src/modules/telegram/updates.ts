/**
 * What the bot does with Telegram updates: `/link CODE` in a private chat links the account
 * (docs/requirements.md#messaging-link-code); an Acknowledge tap by a linked user allowed to acknowledge
 * the event records it exactly as from the web (docs/requirements.md#messaging-acknowledge); anyone else
 * gets a short refusal; `/chatid` answers the chat id; a group upgraded to a supergroup keeps its row.
 */
import type { AcknowledgeEventReply } from '@towerwatch/contract';
import type { Bot } from 'grammy';
import type { Logger } from 'pino';
import { buildCaller, type Caller } from '../../auth/caller.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { HttpError } from '../../errors.ts';
import type { TelegramClient } from './bot-client.ts';
import { createLinksRepository } from './links.ts';
import { ACK_PREFIX, incidentKeyboard, incidentText } from './message-text.ts';
import { createOutboxRepository } from './outbox.repository.ts';

export interface UpdateDeps {
  pool: Pool;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  client: TelegramClient;
  findUser(uid: string): Promise<UserRecord | undefined>;
  acknowledge(caller: Caller, eventId: number): Promise<AcknowledgeEventReply>;
}

export const REFUSAL_UNLINKED = 'Link your Telegram account on your Towerwatch Account page first.';
export const REFUSAL_NOT_ALLOWED = 'You are not allowed to acknowledge this alarm.';

export function installBotHandlers(bot: Bot, deps: UpdateDeps): void {
  const links = createLinksRepository(deps.pool);

  bot.command('link', async (ctx) => {
    if (ctx.chat.type !== 'private' || !ctx.from) {
      await ctx.reply('Send /link CODE to me in a private chat.');
      return;
    }
    const code = ctx.match.trim().toUpperCase();
    const now = deps.clock.now();
    const uid = code ? await links.useCode(code, now) : null;
    if (!uid) {
      await ctx.reply(
        'This code is not valid or has expired. Get a new one on your Towerwatch Account page.',
      );
      return;
    }
    await links.saveLink(uid, ctx.from.id, ctx.from.username ?? null, now);
    await ctx.reply('Linked. You can now acknowledge alarms from your groups.');
  });

  bot.command('chatid', (ctx) => ctx.reply(`Chat id: ${ctx.chat.id}`));

  bot.on('message:migrate_to_chat_id', async (ctx) => {
    await createOutboxRepository(deps.pool).migrateChatId(ctx.chat.id, ctx.message.migrate_to_chat_id);
  });

  bot.callbackQuery(new RegExp(`^${ACK_PREFIX}(\\d+)$`), async (ctx) => {
    const eventId = Number(ctx.match[1]);
    const uid = await links.userOfTelegram(ctx.from.id);
    if (!uid) {
      await ctx.answerCallbackQuery({ text: REFUSAL_UNLINKED, show_alert: true });
      return;
    }
    const user = await deps.findUser(uid);
    const now = deps.clock.now();
    if (!user || user.disabled) {
      await ctx.answerCallbackQuery({ text: REFUSAL_NOT_ALLOWED, show_alert: true });
      return;
    }
    let acknowledgedBy: string;
    try {
      const caller = buildCaller(user, 'telegram', new Date(now.getTime() + 60_000));
      const { event } = await deps.acknowledge(caller, eventId);
      acknowledgedBy = event.acknowledgedByName ?? user.name ?? user.username;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      await ctx.answerCallbackQuery({ text: REFUSAL_NOT_ALLOWED, show_alert: true });
      return;
    }
    await links.recordAcknowledgement(eventId, uid, ctx.from.id, now);
    await ctx.answerCallbackQuery({ text: `Acknowledged as ${acknowledgedBy}` });
    const message = ctx.callbackQuery.message;
    if (message) await markAcknowledged(deps, message.chat.id, message.message_id, eventId, acknowledgedBy);
  });
}

/** Shows "acknowledged by" on the alarm's line and drops its button. */
async function markAcknowledged(
  deps: UpdateDeps,
  chatId: number,
  messageId: number,
  eventId: number,
  by: string,
) {
  try {
    await withTransaction(deps.pool, async (tx) => {
      const outbox = createOutboxRepository(tx);
      const incident = await outbox.incidentOfMessage(chatId, messageId);
      if (!incident) return;
      const lines = incident.lines.map((l) => (l.eventId === eventId ? { ...l, acknowledgedBy: by } : l));
      await outbox.saveIncident(incident.id, lines, messageId);
      await deps.client.edit({
        chatId,
        messageId,
        html: incidentText(
          { uid: incident.site_uid, name: incident.site_name },
          lines,
          incident.company_code,
        ),
        silent: true,
        keyboard: incidentKeyboard(lines, incident.company_code),
      });
    });
  } catch (err) {
    deps.log.warn({ err, chatId }, 'telegram: acknowledged message not updated');
  }
}
