/**
 * Telegram account links (docs/requirements.md#messaging-link-code): a one-time code from /profile, sent
 * to the bot as `/link CODE`, ties the Telegram user to the Towerwatch user; the acknowledgements made
 * from a chat are recorded with the channel (docs/requirements.md#messaging-acknowledge).
 */
import { randomInt } from 'node:crypto';
import type { TelegramLinkCodeReply, TelegramLinkReply } from '@towerwatch/contract';
import {
  TELEGRAM_LINK_CODE_ALPHABET,
  TELEGRAM_LINK_CODE_LENGTH,
  TELEGRAM_LINK_CODE_MINUTES,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';

export function createLinksRepository(db: Queryable) {
  return {
    async link(userUid: string) {
      const { rows } = await db.query<{ telegram_username: string | null; linked_at: Date }>(
        'select telegram_username, linked_at from telegram_links where user_uid = $1',
        [userUid],
      );
      return rows[0] ?? null;
    },
    async userOfTelegram(telegramUserId: number): Promise<string | null> {
      const { rows } = await db.query<{ user_uid: string }>(
        'select user_uid from telegram_links where telegram_user_id = $1',
        [telegramUserId],
      );
      return rows[0]?.user_uid ?? null;
    },
    async saveCode(userUid: string, code: string, expiresAt: Date): Promise<void> {
      await db.query('delete from telegram_link_codes where user_uid = $1', [userUid]);
      await db.query('insert into telegram_link_codes (code, user_uid, expires_at) values ($1, $2, $3)', [
        code,
        userUid,
        expiresAt,
      ]);
    },
    /** Uses a valid code once; returns its user. */
    async useCode(code: string, now: Date): Promise<string | null> {
      const { rows } = await db.query<{ user_uid: string }>(
        `update telegram_link_codes set used_at = $2
          where code = $1 and used_at is null and expires_at > $2 returning user_uid`,
        [code, now],
      );
      return rows[0]?.user_uid ?? null;
    },
    /** Links the Telegram user to the user (replacing either side's earlier link). */
    async saveLink(userUid: string, telegramUserId: number, username: string | null, now: Date) {
      await db.query('delete from telegram_links where user_uid = $1 or telegram_user_id = $2', [
        userUid,
        telegramUserId,
      ]);
      await db.query(
        'insert into telegram_links (user_uid, telegram_user_id, telegram_username, linked_at) values ($1, $2, $3, $4)',
        [userUid, telegramUserId, username, now],
      );
    },
    async recordAcknowledgement(eventId: number, userUid: string, telegramUserId: number, at: Date) {
      await db.query(
        `insert into telegram_acknowledgements (event_id, user_uid, telegram_user_id, acknowledged_at)
         values ($1, $2, $3, $4) on conflict (event_id) do nothing`,
        [eventId, userUid, telegramUserId, at],
      );
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;

export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < TELEGRAM_LINK_CODE_LENGTH; i++) {
    code += TELEGRAM_LINK_CODE_ALPHABET[randomInt(TELEGRAM_LINK_CODE_ALPHABET.length)];
  }
  return code;
}

export function createLinksService(deps: {
  links: LinksRepository;
  clock: Clock;
  notificationsEnabled: boolean;
  botUsername: () => string | null;
}) {
  return {
    async status(caller: Caller): Promise<TelegramLinkReply> {
      const link = await deps.links.link(caller.uid);
      return {
        linked: link !== null,
        telegram_username: link?.telegram_username ?? null,
        linked_at: link ? new Date(link.linked_at).toISOString() : null,
        notifications_enabled: deps.notificationsEnabled,
        bot_username: deps.botUsername(),
      };
    },
    async newCode(caller: Caller): Promise<TelegramLinkCodeReply> {
      assertNotReadOnly(caller, 'link Telegram');
      const code = newLinkCode();
      const expires = new Date(deps.clock.now().getTime() + TELEGRAM_LINK_CODE_MINUTES * 60_000);
      await deps.links.saveCode(caller.uid, code, expires);
      return { code, expires_at: expires.toISOString() };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
