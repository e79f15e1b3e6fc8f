/**
 * Updates by webhook (TELEGRAM_WEBHOOK_URL set): POST /telegram/webhook takes Telegram's updates only
 * with the secret-token header; the jobs role registers the webhook with that secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type BotApiStandIn, startBotApiStandIn } from '../../../test/telegram-stand-in.ts';

let api: BotApiStandIn;
let t: TestServer;
const SECRET = 'webhook-secret-123';
beforeAll(async () => {
  api = await startBotApiStandIn();
  t = await startTestServer({
    env: {
      TELEGRAM_BOT_TOKEN: api.token,
      TELEGRAM_API_ROOT: api.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://towerwatch.example/telegram/webhook',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

const chatidUpdate = {
  update_id: 10,
  message: {
    message_id: 3,
    date: 0,
    chat: { id: -1005550001, type: 'supergroup', title: 'NOC' },
    from: { id: 42, is_bot: false, first_name: 'A' },
    text: '/chatid',
    entities: [{ type: 'bot_command', offset: 0, length: 7 }],
  },
};

describe('POST /telegram/webhook', () => {
  it('refuses an update without the secret-token header and handles one with it', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/telegram/webhook', payload: chatidUpdate });
    expect(refused.statusCode).toBe(401);
    expect(api.callsOf('sendMessage')).toHaveLength(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: chatidUpdate,
    });
    expect(ok.statusCode).toBe(200);
    expect(api.callsOf('sendMessage').map((c) => c.body)).toEqual([
      expect.objectContaining({ chat_id: -1005550001, text: 'Chat id: -1005550001' }),
    ]);
  });

  it('the jobs role registers the webhook with the secret token', async () => {
    const jobs = t.container.services.telegram.jobs;
    if (!jobs) throw new Error('no jobs');
    const stop = await jobs.start({ tickMs: 60_000 });
    await stop();
    expect(api.callsOf('setWebhook').map((c) => c.body)).toEqual([
      expect.objectContaining({ url: 'https://towerwatch.example/telegram/webhook', secret_token: SECRET }),
    ]);
    expect(api.callsOf('getUpdates')).toHaveLength(0);
  });
});
