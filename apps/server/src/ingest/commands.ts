/**
 * Device commands: pending `commands` rows (created by the site endpoints: unlock, digital control,
 * clear security breach, clear lock-open-fail) are published to `tw/v1/dev/{com_id}/cmd`; the
 * device's ack on `.../cmd/ack` moves the row to acked/failed and emits COMMAND_STATUS live.
 * Sent commands without an ack after `ackTimeoutMs` become failed ('timeout').
 */
import {
  type CommandAckMessage,
  commandMessage,
  DEVICE_QOS,
  deviceTopics,
  LIVE_EVENTS,
  type LiveMessageOf,
  liveMessage,
} from '@towerwatch/contract';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import type { IngestMetrics } from './metrics.ts';

type CommandStatusMessage = LiveMessageOf<typeof LIVE_EVENTS.COMMAND_STATUS>;

interface CommandRow {
  id: number;
  site_uid: string;
  com_id: string | null;
  command: string;
  params: Record<string, unknown>;
  status: 'pending' | 'sent' | 'acked' | 'failed';
  error: string | null;
  company_id: string;
}

function statusMessage(row: CommandRow, at: Date): CommandStatusMessage {
  return liveMessage(LIVE_EVENTS.COMMAND_STATUS, {
    id: row.id,
    siteUid: row.site_uid,
    comId: row.com_id ?? '',
    kind: row.command,
    status: row.status,
    message: row.error,
    time: at.toISOString(),
  });
}

/** Applies a device ack inside the ingest transaction; returns the live message, or null if no match. */
export async function handleCommandAck(
  db: Queryable,
  comId: string,
  ack: CommandAckMessage,
  now: Date,
): Promise<CommandStatusMessage | null> {
  if (!/^\d{1,15}$/.test(ack.cmd_id)) return null;
  const { rows } = await db.query<CommandRow>(
    `update commands c set status = $3, acked_at = $4, error = $5
     from sites s where c.id = $1 and c.com_id = $2 and c.status in ('pending', 'sent') and s.uid = c.site_uid
     returning c.id, c.site_uid, c.com_id, c.command, c.params, c.status, c.error, s.company_id`,
    [Number(ack.cmd_id), comId, ack.ok ? 'acked' : 'failed', now, ack.ok ? null : (ack.error ?? 'failed')],
  );
  const row = rows[0];
  return row ? statusMessage(row, now) : null;
}

export interface CommandDispatcherDeps {
  pool: Pool;
  client: MqttClient;
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'warn' | 'error'>;
  metrics: IngestMetrics;
  ackTimeoutMs?: number;
  /** Seconds a device may still execute a command after it was sent (expires_at). */
  expirySeconds?: number;
}

export interface CommandDispatcher {
  /** Publishes every pending command; returns how many were sent. */
  flush(): Promise<number>;
  /** Fails sent commands older than the ack timeout; returns how many. */
  expire(): Promise<number>;
  stop(): void;
}

export function createCommandDispatcher(deps: CommandDispatcherDeps): CommandDispatcher {
  const ackTimeout = deps.ackTimeoutMs ?? 60_000;
  let running: Promise<number> | null = null;
  const publishStatus = (row: CommandRow, at: Date) =>
    deps.bus.publish('live', {
      audience: { companyId: row.company_id, siteUid: row.site_uid, tenant: null },
      message: statusMessage(row, at),
    });

  async function flushOnce(): Promise<number> {
    const now = deps.clock.now();
    const { rows } = await deps.pool.query<CommandRow>(
      `update commands c set status = 'sent', sent_at = $1
       from sites s
       where c.id in (select id from commands where status = 'pending' order by id limit 100 for update skip locked)
         and s.uid = c.site_uid
       returning c.id, c.site_uid, c.com_id, c.command, c.params, c.status, c.error, s.company_id`,
      [now],
    );
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const built = commandMessage.safeParse({
        cmd_id: String(row.id),
        ts: now.getTime(),
        expires_at: now.getTime() + (deps.expirySeconds ?? 120) * 1000,
        command: row.command,
        params: row.params ?? {},
      });
      if (!row.com_id || !built.success) {
        const error = !row.com_id ? 'no device' : `invalid command: ${built.error?.issues[0]?.message ?? ''}`;
        await deps.pool.query(`update commands set status = 'failed', error = $2 where id = $1`, [
          row.id,
          error,
        ]);
        publishStatus({ ...row, status: 'failed', error }, now);
        continue;
      }
      await deps.client.publishAsync(deviceTopics.cmd(row.com_id), JSON.stringify(built.data), {
        qos: DEVICE_QOS,
      });
      deps.metrics.commandsSent += 1;
      publishStatus(row, now);
    }
    return rows.length;
  }

  const flush = () => {
    // One flush at a time; a request during a flush runs after it.
    const next = (running ?? Promise.resolve(0)).then(flushOnce, flushOnce);
    running = next;
    return next;
  };
  const off = deps.bus.subscribe('command.created', () => {
    flush().catch((err: unknown) => deps.log.error({ err }, 'commands: flush failed'));
  });
  const timer = setInterval(() => {
    flush().catch((err: unknown) => deps.log.error({ err }, 'commands: flush failed'));
  }, 5000);
  timer.unref();

  return {
    flush,
    async expire() {
      const now = deps.clock.now();
      const { rows } = await deps.pool.query<CommandRow>(
        `update commands c set status = 'failed', error = 'timeout'
         from sites s where c.status = 'sent' and c.sent_at < $1 and s.uid = c.site_uid
         returning c.id, c.site_uid, c.com_id, c.command, c.params, c.status, c.error, s.company_id`,
        [new Date(now.getTime() - ackTimeout)],
      );
      for (const row of rows) publishStatus(row, now);
      return rows.length;
    },
    stop() {
      off();
      clearInterval(timer);
    },
  };
}
