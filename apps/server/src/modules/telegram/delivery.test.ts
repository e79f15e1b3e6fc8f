/**
 * Delivery against the Bot API stand-in (docs/requirements.md#messaging-delivery,
 * docs/requirements.md#messaging-grouping): one message per subscribed group, the clear edits it, a
 * burst within the grouping window is one edited message, 429 waits retry_after, a migrated group keeps
 * working, a restart between queueing and sending sends once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { queueNewEvents } from './producer.ts';
import { buildTransition, startTelegramTestbed, type TelegramTestbed } from './test-fixtures.ts';

let tb: TelegramTestbed;
const CHAT_A = -1001000000101; // ktbl, KT-1
const CHAT_B = -1001000000102; // ktbl, KT-2
const CHAT_F = -1001000000103; // ftb, FT-1
const T0 = new Date('2026-03-01T06:00:00Z'); // 12:00 in Dhaka

beforeAll(async () => {
  tb = await startTelegramTestbed();
  tb.t.clock.set(T0);
  await tb.group('ktbl', { chat_id: CHAT_A, title: 'KT-1 team', site_uids: [KT1] });
  await tb.group('ktbl', { chat_id: CHAT_B, title: 'KT-2 team', site_uids: [KT2] });
  await tb.group('ftb', { chat_id: CHAT_F, title: 'FTB', site_uids: [FT1] });
});
afterAll(async () => {
  await tb?.close();
});
beforeEach(() => {
  tb.api.calls.length = 0;
});

const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const transition = (siteUid: string, alarmId: string, name: string, active: boolean, seconds: number) =>
  buildTransition(tb.t.pool, { siteUid, alarmId, name, active, time: at(seconds) });
const chatOf = (c: { body: Record<string, unknown> }) => Number(c.body.chat_id);

describe('a mains failure', () => {
  it('creating the groups checked the chats (getChat, getChatMember) and made invite links', async () => {
    const details = await tb.t.app.inject({
      method: 'GET',
      url: `/telegram/group/details?chat_id=${CHAT_A}`,
      headers: await tb.t.auth('ktbl'),
    });
    expect(details.json().group).toMatchObject({
      bot_admin: true,
      invite_link: expect.stringMatching(/^https:\/\/t\.me\//),
    });
  });

  it('produces one message in each subscribed group and none elsewhere; the clear edits it', async () => {
    // KT-1 is subscribed by group A and, for this test, by group B too; FTB's group is not.
    const headers = await tb.t.auth('ktbl');
    const sites = (method: 'POST' | 'DELETE') =>
      method === 'POST'
        ? tb.t.app.inject({
            method,
            url: '/telegram//site',
            headers,
            payload: { chat_id: CHAT_B, site_uids: [KT1] },
          })
        : tb.t.app.inject({ method, url: `/telegram/site?chat_id=${CHAT_B}&site_uid=${KT1}`, headers });
    expect((await sites('POST')).statusCode).toBe(200);
    await transition(KT1, 'mains_fail', 'mains_fail', true, 0);
    expect(await tb.newJobs().tick()).toEqual({ queued: 2, sent: 2 });
    const sends = tb.api.callsOf('sendMessage');
    expect(sends.map(chatOf).sort()).toEqual([CHAT_A, CHAT_B].sort());
    const sent = sends.find((c) => chatOf(c) === CHAT_A)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ parse_mode: 'HTML', disable_notification: false });
    expect(String(sent.text)).toContain('Mains Fail');
    const keyboard = sent.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] };
    expect(keyboard.inline_keyboard[0]?.[0]?.text).toBe('Acknowledge');

    await transition(KT1, 'mains_fail', 'mains_fail', false, 65 * 60);
    tb.t.clock.set(at(65 * 60));
    await tb.newJobs().tick();
    const edits = tb.api.callsOf('editMessageText');
    expect(edits.map(chatOf).sort()).toEqual([CHAT_A, CHAT_B].sort());
    expect(tb.api.callsOf('sendMessage')).toHaveLength(2);
    const editA = edits.find((c) => chatOf(c) === CHAT_A)?.body;
    const { rows } = await tb.t.pool.query(
      `select o.message_id from telegram_outbox o join telegram_groups g on g.id = o.group_id
        where g.chat_id = $1 and o.active order by o.id desc limit 1`,
      [CHAT_A],
    );
    expect(editA?.message_id).toBe(rows[0].message_id);
    expect(String(editA?.text)).toContain('lasted 1hr 5m');
    expect((await sites('DELETE')).statusCode).toBe(200);

    const deliveries = await tb.t.app.inject({
      method: 'GET',
      url: `/telegram/deliveries?chat_id=${CHAT_A}`,
      headers: await tb.t.auth('ktbl'),
    });
    expect(
      deliveries
        .json()
        .items.map((d: { kind: string; action: string; status: string }) => [d.kind, d.action, d.status]),
    ).toEqual([
      ['clear', 'edit', 'sent'],
      ['raise', 'send', 'sent'],
    ]);
  });

  it('five transitions within the grouping window give one message, edited in place', async () => {
    const base = 2 * 3600;
    tb.t.clock.set(at(base));
    await transition(KT2, 'mains_fail', 'mains_fail', true, base);
    await transition(KT2, 'site_on_battery', 'battery_power', true, base + 20);
    await transition(KT2, 'dg_on', 'dg_power', true, base + 60);
    await transition(KT2, 'mains_fail', 'mains_fail', false, base + 120);
    await transition(KT2, 'dg_on', 'dg_power', false, base + 130);
    const jobs = tb.newJobs();
    await jobs.tick();
    const sends = tb.api.callsOf('sendMessage');
    const edits = tb.api.callsOf('editMessageText');
    expect(sends.map(chatOf)).toEqual([CHAT_B]);
    expect(edits).toHaveLength(4);
    const messageIds = new Set(edits.map((e) => e.body.message_id));
    expect(messageIds.size).toBe(1);
    const text = tb.api.messageText(CHAT_B, Number([...messageIds][0])) ?? '';
    expect(text).toContain('Mains Fail');
    expect(text).toContain('Battery Power');
    expect(text).toContain('DG Power');
    // the DG power line is minor: the whole burst rings once (the first message), edits never ring
    expect(sends[0]?.body.disable_notification).toBe(false);
  });
});

describe('reliability', () => {
  it('a 429 is retried after retry_after, not before', async () => {
    const base = 4 * 3600;
    tb.t.clock.set(at(base));
    tb.api.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 30',
      parameters: { retry_after: 30 },
    });
    await transition(KT1, 'site_down', 'site_down', true, base);
    const jobs = tb.newJobs();
    expect((await jobs.tick()).sent).toBe(0);
    const { rows } = await tb.t.pool.query(
      `select status, next_attempt_at, last_error from telegram_outbox order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ status: 'queued', last_error: expect.stringContaining('429') });
    expect(new Date(rows[0].next_attempt_at).getTime()).toBe(at(base + 30).getTime());
    tb.t.clock.set(at(base + 29));
    expect((await tb.newJobs().tick()).sent).toBe(0);
    tb.t.clock.set(at(base + 30));
    expect((await tb.newJobs().tick()).sent).toBe(1);
    expect(tb.api.callsOf('sendMessage')).toHaveLength(2);
  });

  it('a group upgraded to a supergroup keeps its sites and settings under the new chat id', async () => {
    const NEW_CHAT = -1009000000101;
    tb.api.migrate(CHAT_A, NEW_CHAT);
    const base = 5 * 3600;
    tb.t.clock.set(at(base));
    await transition(KT1, 'high_temperature', 'high_temperature', true, base);
    expect((await tb.newJobs().tick()).sent).toBe(1);
    expect(tb.api.callsOf('sendMessage').map(chatOf)).toEqual([CHAT_A, NEW_CHAT]);
    const headers = await tb.t.auth('ktbl');
    const moved = await tb.t.app.inject({
      method: 'GET',
      url: `/telegram/group/details?chat_id=${NEW_CHAT}`,
      headers,
    });
    expect(moved.json().group).toMatchObject({
      title: 'KT-1 team',
      sites: [{ site_uid: KT1, name: expect.any(String) }],
    });
    expect(
      (await tb.t.app.inject({ method: 'GET', url: `/telegram/group/details?chat_id=${CHAT_A}`, headers }))
        .statusCode,
    ).toBe(404);
  });

  it('a restart between queueing and sending sends once, even with two processes sending', async () => {
    const base = 6 * 3600;
    tb.t.clock.set(at(base));
    await transition(KT2, 'rectifier_fail', 'rectifier_fail', true, base);
    expect(await queueNewEvents(tb.t.pool, tb.t.clock)).toBe(1);
    // "restart": new processes scan again (nothing new is queued) and send concurrently
    expect(await queueNewEvents(tb.t.pool, tb.t.clock)).toBe(0);
    const [a, b] = await Promise.all([tb.newJobs().tick(), tb.newJobs().tick()]);
    expect(a.sent + b.sent).toBe(1);
    expect(tb.api.callsOf('sendMessage').map(chatOf)).toEqual([CHAT_B]);
    const { rows } = await tb.t.pool.query(
      `select count(*)::int as n from telegram_outbox where status = 'queued'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('a group with forum topics gets a topic per site, created once', async () => {
    await tb.t.pool.query('update telegram_groups set is_forum = true where chat_id = $1', [CHAT_F]);
    const base = 6.5 * 3600;
    tb.t.clock.set(at(base));
    await transition(FT1, 'site_down', 'site_down', true, base);
    await transition(FT1, 'smoke', 'smoke_detection', true, base + 4000);
    await tb.newJobs().tick();
    expect(tb.api.callsOf('createForumTopic')).toHaveLength(1);
    const threads = tb.api.callsOf('sendMessage').map((c) => c.body.message_thread_id);
    expect(threads).toHaveLength(2);
    expect(new Set(threads).size).toBe(1);
    expect(threads[0]).toEqual(expect.any(Number));
  });

  it('quiet hours send silently; an emergency rings and gets a message of its own', async () => {
    const headers = await tb.t.auth('ftb');
    const details = await tb.t.app.inject({
      method: 'GET',
      url: `/telegram/alarm-settings?chat_id=${CHAT_F}`,
      headers,
    });
    const policy = { ...details.json().policy, quiet_start: 19 * 60, quiet_end: 23 * 60 };
    const saved = await tb.t.app.inject({
      method: 'PUT',
      url: `/telegram/alarm-settings?chat_id=${CHAT_F}`,
      headers,
      payload: policy,
    });
    expect(saved.statusCode).toBe(200);
    const base = 8 * 3600; // 20:00 in Dhaka
    tb.t.clock.set(at(base));
    await transition(FT1, 'mains_fail', 'mains_fail', true, base);
    await transition(FT1, 'security_breach', 'security_breach', true, base + 10);
    await transition(FT1, 'high_temperature', 'high_temperature', true, base + 20);
    await tb.newJobs().tick();
    const sends = tb.api.callsOf('sendMessage');
    expect(
      sends.map((c) => [String(c.body.text).includes('Security Breach'), c.body.disable_notification]),
    ).toEqual([
      [false, true],
      [true, false],
    ]);
    // the high temperature joined the mains incident, not the emergency's message
    const edit = tb.api.callsOf('editMessageText')[0]?.body;
    expect(String(edit?.text)).toContain('High Temperature');
    expect(String(edit?.text)).not.toContain('Security Breach');
  });

  it('an inactive group and a policy without the alarm get nothing', async () => {
    const headers = await tb.t.auth('ktbl');
    await tb.t.app.inject({
      method: 'PATCH',
      url: `/telegram/group?chat_id=${CHAT_B}`,
      headers,
      payload: { status: 'inactive' },
    });
    const base = 7 * 3600;
    tb.t.clock.set(at(base));
    await transition(KT2, 'mains_fail', 'mains_fail', true, base);
    expect(await tb.newJobs().tick()).toEqual({ queued: 0, sent: 0 });
    expect(tb.api.callsOf('sendMessage')).toEqual([]);
  });
});
