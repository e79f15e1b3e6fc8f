/**
 * Acknowledge from the chat (docs/requirements.md#messaging-acknowledge) against the Bot API stand-in:
 * a Telegram user linked by a one-time code from /profile who may acknowledge the event records it as
 * from the web (visible on /user/network/events and sent live); an unlinked user, a user of another
 * company and a used code change nothing and get a short refusal.
 */
import { LIVE_EVENTS } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KT1 } from '../../../test/two-company-fleet.ts';
import type { LiveEnvelope } from '../../bus/bus.ts';
import { REFUSAL_NOT_ALLOWED, REFUSAL_UNLINKED } from './index.ts';
import { buildTransition, startTelegramTestbed, type TelegramTestbed } from './test-fixtures.ts';

let tb: TelegramTestbed;
const CHAT = -1001000000201;
const ENGINEER = { id: 5001, is_bot: false, first_name: 'Rahim', username: 'rahim_field' };
const STRANGER = { id: 6001, is_bot: false, first_name: 'Someone' };
const FTB_USER = { id: 7001, is_bot: false, first_name: 'Ftb' };
const live: LiveEnvelope[] = [];
let messageId = 0;

beforeAll(async () => {
  tb = await startTelegramTestbed();
  await tb.group('ktbl', { chat_id: CHAT, title: 'KT-1 team', site_uids: [KT1] });
  tb.t.container.bus.subscribe('live', (e) => {
    live.push(e);
  });
});
afterAll(async () => {
  await tb?.close();
});

async function linkCode(user: string): Promise<string> {
  const res = await tb.t.app.inject({
    method: 'POST',
    url: '/telegram/link-code',
    headers: await tb.t.auth(user),
    payload: {},
  });
  return res.json().code;
}

function privateMessage(from: typeof ENGINEER | typeof FTB_USER, text: string) {
  tb.api.pushUpdate({
    message: {
      message_id: 1,
      date: 0,
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from,
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
    },
  });
}

function tap(from: object, eventId: number, id: string) {
  tb.api.pushUpdate({
    callback_query: {
      id,
      from,
      chat_instance: '1',
      data: `ack:${eventId}`,
      message: { message_id: messageId, date: 0, chat: { id: CHAT, type: 'supergroup', title: 'KT-1 team' } },
    },
  });
}

const answerOf = (id: string) =>
  tb.api.callsOf('answerCallbackQuery').find((c) => c.body.callback_query_id === id)?.body;
const ackOf = async (eventId: number) =>
  (await tb.t.pool.query('select acknowledged_by, acknowledged_at from events where id = $1', [eventId]))
    .rows[0];

describe('linking', () => {
  it('links the Telegram user with a one-time code sent to the bot; a used code is refused', async () => {
    const code = await linkCode('ktbl.employee');
    privateMessage(ENGINEER, `/link ${code}`);
    expect(await tb.newJobs().pollOnce(0)).toBe(1);
    expect(String(tb.api.callsOf('sendMessage').at(-1)?.body.text)).toContain('Linked');
    const status = await tb.t.app.inject({
      method: 'GET',
      url: '/telegram/link',
      headers: await tb.t.auth('ktbl.employee'),
    });
    expect(status.json()).toMatchObject({
      linked: true,
      telegram_username: 'rahim_field',
      notifications_enabled: true,
    });
    privateMessage(FTB_USER, `/link ${code}`);
    await tb.newJobs().pollOnce(0);
    expect(String(tb.api.callsOf('sendMessage').at(-1)?.body.text)).toContain('not valid');
    privateMessage(FTB_USER, `/link ${await linkCode('ftb')}`);
    await tb.newJobs().pollOnce(0);
    expect(String(tb.api.callsOf('sendMessage').at(-1)?.body.text)).toContain('Linked');
  });
});

describe('the Acknowledge button', () => {
  let eventId: number;
  beforeAll(async () => {
    eventId = await buildTransition(tb.t.pool, {
      siteUid: KT1,
      alarmId: 'mains_fail',
      name: 'mains_fail',
      active: true,
      time: tb.t.clock.now(),
    });
    await tb.newJobs().tick();
    const { rows } = await tb.t.pool.query('select message_id from telegram_outbox where event_id = $1', [
      eventId,
    ]);
    messageId = rows[0].message_id;
  });

  it('an unlinked user and a user of another company change nothing and get a short refusal', async () => {
    tap(STRANGER, eventId, 'cb-stranger');
    tap(FTB_USER, eventId, 'cb-ftb');
    await tb.newJobs().pollOnce(0);
    expect(answerOf('cb-stranger')).toMatchObject({ text: REFUSAL_UNLINKED, show_alert: true });
    expect(answerOf('cb-ftb')).toMatchObject({ text: REFUSAL_NOT_ALLOWED, show_alert: true });
    expect(await ackOf(eventId)).toEqual({ acknowledged_by: null, acknowledged_at: null });
    expect(live.filter((e) => e.message.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED)).toEqual([]);
  });

  it('a linked user allowed to acknowledge records it as from the web, live and on the network events', async () => {
    const employee = await tb.t.container.repos.users.findByUsername('ktbl.employee');
    tap(ENGINEER, eventId, 'cb-engineer');
    await tb.newJobs().pollOnce(0);
    expect(String(answerOf('cb-engineer')?.text)).toMatch(/^Acknowledged as /);
    expect((await ackOf(eventId)).acknowledged_by).toBe(employee?.uid);
    const { rows } = await tb.t.pool.query(
      'select user_uid, telegram_user_id::text from telegram_acknowledgements where event_id = $1',
      [eventId],
    );
    expect(rows[0]).toEqual({ user_uid: employee?.uid, telegram_user_id: String(ENGINEER.id) });
    const sent = live.filter((e) => e.message.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.audience).toMatchObject({ companyId: 'ktbl', siteUid: KT1 });
    const events = await tb.t.app.inject({
      method: 'GET',
      url: '/user/network/events?limit=10',
      headers: await tb.t.auth('ktbl'),
    });
    const item = events.json().items.find((e: { id: number }) => e.id === eventId);
    expect(item).toMatchObject({ acknowledgedBy: employee?.uid });
    // the message shows who acknowledged and loses its button
    const edit = tb.api.callsOf('editMessageText').at(-1)?.body;
    expect(String(edit?.text)).toContain('acknowledged by');
    expect(edit?.reply_markup).toEqual({ inline_keyboard: [] });
  });
});
