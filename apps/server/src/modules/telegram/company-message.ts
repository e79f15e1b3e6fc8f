/**
 * A plain message to every active messaging group of a company (scheduled reports tell the groups a
 * report is ready). Sent at once, not through the alarm outbox (whose rows are keyed by event); a
 * group that fails is logged and skipped. Without a bot token nothing is sent.
 */
import type { Logger } from 'pino';
import type { Queryable } from '../../db/pool.ts';
import type { TelegramClient } from './bot-client.ts';

/** Sends `text` to the company's active groups; returns how many groups got it. */
export type CompanyMessenger = (companyId: string, text: string) => Promise<number>;

export function createCompanyMessenger(
  db: Queryable,
  client: TelegramClient | undefined,
  log: Pick<Logger, 'warn'>,
): CompanyMessenger {
  return async (companyId, text) => {
    if (!client) return 0;
    const { rows } = await db.query<{ chat_id: string }>(
      `select chat_id from telegram_groups where company_id = $1 and status = 'active' order by id`,
      [companyId],
    );
    let sent = 0;
    for (const row of rows) {
      try {
        await client.bot.api.sendMessage(Number(row.chat_id), text);
        sent += 1;
      } catch (err) {
        log.warn({ err, chat: row.chat_id }, 'telegram: company message not sent');
      }
    }
    return sent;
  };
}
