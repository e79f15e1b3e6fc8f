/**
 * Test fixtures of the Telegram module: a test server talking to the Bot API stand-in, jobs with a
 * fast rate limiter, groups made through the API and the transitions the alarm engine writes.
 */
import { eventGroupOf } from '@towerwatch/domain';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type BotApiStandIn, startBotApiStandIn } from '../../../test/telegram-stand-in.ts';
import { buildTwoCompanyFleet } from '../../../test/two-company-fleet.ts';
import type { Queryable } from '../../db/pool.ts';
import { createTelegramJobs, type TelegramJobs } from './jobs.ts';
import { createRateLimiter } from './rate-limit.ts';

export interface TelegramTestbed {
  t: TestServer;
  api: BotApiStandIn;
  /** Jobs as one process of the jobs role would run them (each call: a new process). */
  newJobs(): TelegramJobs;
  group(user: string, body: object): Promise<{ chat_id: number }>;
  close(): Promise<void>;
}

export async function startTelegramTestbed(): Promise<TelegramTestbed> {
  const api = await startBotApiStandIn();
  const t = await startTestServer({ env: { TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot } });
  await buildTwoCompanyFleet(t.pool);
  const client = t.container.services.telegram.client;
  if (!client) throw new Error('the bot client is not configured');
  return {
    t,
    api,
    newJobs: () =>
      createTelegramJobs({
        pool: t.pool,
        clock: t.clock,
        log: t.container.log,
        client,
        limiter: createRateLimiter({ perChatIntervalMs: 0, globalPerSecond: 10_000 }),
        config: t.config.telegram,
      }),
    async group(user, body) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/telegram/group',
        headers: await t.auth(user),
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`group not created: ${res.body}`);
      return res.json().group;
    },
    async close() {
      await t.close();
      await api.close();
    },
  };
}

/** An alarm transition as the alarm engine writes it (event row with its alarm id); returns the event id. */
export async function buildTransition(
  db: Queryable,
  e: { siteUid: string; alarmId: string; name: string; active: boolean; time: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into events (site_uid, name, tenant, time, active, alarm_id, event_group)
     values ($1, $2, '', $3, $4, $5, $6) returning id`,
    [e.siteUid, e.name, e.time, e.active, e.alarmId, eventGroupOf(e.name)],
  );
  return Number(rows[0]?.id);
}
