/**
 * The outbox sender (jobs role, docs/requirements.md#messaging-delivery): claims one due row at a time
 * (`for update skip locked`, so processes never share a row), sends a new message or edits the site's
 * incident message (docs/requirements.md#messaging-grouping), and records the result in the same
 * transaction. 429 waits `retry_after`; a migrated chat continues under its new id; other failures are
 * retried with backoff until the attempts run out.
 */
import {
  alarmSeverity,
  deliveryBackoffMs,
  deliveryPlan,
  MAX_DELIVERY_ATTEMPTS,
  withinGroupingWindow,
} from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { classifyBotError, type TelegramClient } from './bot-client.ts';
import { incidentKeyboard, incidentText } from './message-text.ts';
import {
  type ClaimedRow,
  createOutboxRepository,
  type IncidentLine,
  type IncidentRow,
  type OutboxRepository,
  toPolicy,
} from './outbox.repository.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface SenderDeps {
  pool: Pool;
  client: TelegramClient;
  clock: Clock;
  log: Pick<Logger, 'warn' | 'info'>;
  limiter: RateLimiter;
}

type Outcome = { kind: 'sent' } | { kind: 'none' } | { kind: 'chat_busy'; groupId: string };

/** Sends or edits for one claimed row; returns what happened in Telegram. */
async function deliver(
  deps: SenderDeps,
  outbox: OutboxRepository,
  row: ClaimedRow,
): Promise<{ action: 'send' | 'edit'; messageId: number; incidentId: string }> {
  const policy = toPolicy(row.policy);
  const t = { alarmId: row.alarm_id, eventName: row.event_name, active: row.active };
  const at = new Date(row.event_time);
  const plan = deliveryPlan(policy, t, at);
  const chatId = Number(row.chat_id);
  const line: IncidentLine = {
    eventId: Number(row.event_id),
    alarmId: row.alarm_id,
    eventName: row.event_name,
    active: row.active,
    at: at.toISOString(),
    severity: alarmSeverity(row.alarm_id, row.event_name),
  };
  const site = { uid: row.site_uid, name: row.site_name };

  let target: IncidentRow | null = null;
  let lines: IncidentLine[] = [];
  if (!row.active) {
    // A clear edits the message of its raise to show how long the alarm lasted.
    target = await outbox.incidentOfRaise(row.group_id, row.site_uid, row.alarm_id ?? row.event_name);
    if (target) {
      const key = (l: IncidentLine) => l.alarmId ?? l.eventName;
      const raise = [...target.lines].reverse().find((l) => l.active && !l.clearedAt && key(l) === key(line));
      lines = target.lines.map((l) => (l === raise ? { ...l, clearedAt: line.at } : l));
    }
  }
  if (!target && plan.groupable) {
    const latest = await outbox.latestIncident(row.group_id, row.site_uid);
    if (latest && withinGroupingWindow(policy, new Date(latest.opened_at), at)) {
      target = latest;
      lines = [...latest.lines, line];
    }
  }
  if (target?.message_id) {
    const message = {
      chatId,
      messageId: target.message_id,
      html: incidentText(site, lines, row.company_code),
      silent: row.silent,
      keyboard: incidentKeyboard(lines, row.company_code),
    };
    try {
      await deps.client.edit(message);
      await outbox.saveIncident(target.id, lines, target.message_id);
      return { action: 'edit', messageId: target.message_id, incidentId: target.id };
    } catch (err) {
      const failure = classifyBotError(err);
      if (failure.kind === 'not_modified') {
        await outbox.saveIncident(target.id, lines, target.message_id);
        return { action: 'edit', messageId: target.message_id, incidentId: target.id };
      }
      if (failure.kind !== 'message_gone') throw err;
      // The message was deleted in the chat: the transition gets a new message below.
    }
  }
  let topicId = row.topic_id;
  if (row.is_forum && topicId === null) {
    try {
      topicId = await deps.client.createTopic(chatId, `${row.site_name} (${row.site_uid})`);
      await outbox.saveTopic(row.group_id, row.site_uid, topicId);
    } catch (err) {
      deps.log.warn({ err, chatId }, 'telegram: forum topic not created; sending to the general topic');
    }
  }
  const first = [line];
  const messageId = await deps.client.send({
    chatId,
    html: incidentText(site, first, row.company_code),
    silent: row.silent,
    topicId,
    keyboard: incidentKeyboard(first, row.company_code),
  });
  const incidentId = await outbox.insertIncident({
    groupId: row.group_id,
    siteUid: row.site_uid,
    joinable: plan.groupable,
    openedAt: at,
    lines: first,
    messageId,
  });
  return { action: 'send', messageId, incidentId };
}

async function processNext(deps: SenderDeps, skipGroups: string[]): Promise<Outcome> {
  return withTransaction(deps.pool, async (tx) => {
    const outbox = createOutboxRepository(tx);
    const now = deps.clock.now();
    const row = await outbox.claimNext(now, skipGroups);
    if (!row) return { kind: 'none' } as const;
    if (deps.limiter.chatWait(row.group_id) > 0) return { kind: 'chat_busy', groupId: row.group_id } as const;
    for (let hop = 0; ; hop++) {
      deps.limiter.record(row.group_id);
      try {
        const done = await deliver(deps, outbox, row);
        await outbox.markSent(row.id, { ...done, at: deps.clock.now() });
        return { kind: 'sent' } as const;
      } catch (err) {
        const failure = classifyBotError(err);
        if (failure.kind === 'migrated' && hop < 2) {
          // The group became a supergroup: keep its row (sites, settings) under the new chat id.
          await outbox.migrateChat(row.group_id, failure.chatId);
          deps.log.info({ from: row.chat_id, to: failure.chatId }, 'telegram: chat migrated to a supergroup');
          row.chat_id = String(failure.chatId);
          continue;
        }
        if (failure.kind === 'retry_after') {
          deps.limiter.pause(row.group_id, failure.seconds * 1000);
          await outbox.markRetry(
            row.id,
            failure.message,
            new Date(now.getTime() + failure.seconds * 1000),
            false,
          );
        } else if (row.attempts + 1 >= MAX_DELIVERY_ATTEMPTS) {
          await outbox.markFailed(row.id, failure.message);
        } else {
          await outbox.markRetry(
            row.id,
            failure.message,
            new Date(now.getTime() + deliveryBackoffMs(row.attempts + 1)),
            true,
          );
        }
        deps.log.warn({ chatId: row.chat_id, error: failure.message }, 'telegram: delivery failed');
        return { kind: 'chat_busy', groupId: row.group_id } as const;
      }
    }
  });
}

/** Sends what is due; returns the number of messages sent or edited. Waits for the global rate limit. */
export async function sendDue(deps: SenderDeps, max = 200): Promise<number> {
  const skip: string[] = [];
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const wait = deps.limiter.globalWait();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const outcome = await processNext(deps, skip);
    if (outcome.kind === 'none') break;
    if (outcome.kind === 'chat_busy') skip.push(outcome.groupId);
    else sent++;
  }
  return sent;
}
