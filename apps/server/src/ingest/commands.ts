/**
 * Device commands: pending `commands` rows (created by the site endpoints: unlock, digital control,
 * clear security breach, clear lock-open-fail) are published to `tw/v1/dev/{com_id}/cmd`; the
 * device's ack on `.../cmd/ack` moves the row to acked/failed and emits COMMAND_STATUS live.
 * Sent commands without an ack after `ackTimeoutMs` become failed ('timeout').
 */
import {
  type CommandAckMessage,
  commandMessage,
  deviceTopics,
  LIVE_EVENTS,
  type LiveMessageOf,
  liveMessage,
} from '@towerwatch/contract';
import type { Logger } from 'pino';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { accessSyncStates, RECORD_SELECT, toAccessRecord } from '../modules/access/index.ts';
import type { IngestMetrics } from './metrics.ts';

type CommandStatusMessage = LiveMessageOf<typeof LIVE_EVENTS.COMMAND_STATUS>;
/** What an ack produces for the live socket: the command's status, and for access commands more. */
export type AckLiveMessage =
  | CommandStatusMessage
  | LiveMessageOf<typeof LIVE_EVENTS.ACCESS_SYNC_STATUS>
  | LiveMessageOf<typeof LIVE_EVENTS.RMS_ACCESS_RECORD>;

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

/**
 * Applies a device ack inside the ingest transaction; returns its live messages (none if no match):
 * the command's status; for `access_list` the site's sync state (docs/requirements.md#access-sync); for
 * an acked `unlock` the access record of the remote unlock with its operator (docs/requirements.md#access-records).
 */
export async function handleCommandAck(
  db: Queryable,
  comId: string,
  ack: CommandAckMessage,
  now: Date,
): Promise<AckLiveMessage[]> {
  const status = await applyAck(db, comId, ack, now);
  if (!status) return [];
  const out: AckLiveMessage[] = [status.message];
  if (status.row.command === 'access_list') {
    const [sync] = await accessSyncStates(db, [status.row.site_uid]);
    if (sync) out.push(liveMessage(LIVE_EVENTS.ACCESS_SYNC_STATUS, { ...sync, time: now.toISOString() }));
  }
  if (status.row.command === 'unlock' && status.row.status === 'acked') {
    const { rows } = await db.query<Parameters<typeof toAccessRecord>[0]>(
      `with r as (
         insert into access_records (site_uid, com_id, card_number, granted, door, time, kind, unlocked_by, command_id)
         select c.site_uid, c.com_id, '', true, null, $2, 'remote_unlock', c.requested_by, c.id
           from commands c where c.id = $1 returning *)
       select ${RECORD_SELECT.replace('from access_records r', 'from r')}`,
      [status.row.id, now],
    );
    const record = rows[0];
    if (record) out.push(liveMessage(LIVE_EVENTS.RMS_ACCESS_RECORD, toAccessRecord(record)));
  }
  return out;
}

async function applyAck(
  db: Queryable,
  comId: string,
  ack: CommandAckMessage,
  now: Date,
): Promise<{ message: CommandStatusMessage; row: CommandRow } | null> {
  if (!/^\d{1,15}$/.test(ack.cmd_id)) return null;
  const { rows } = await db.query<CommandRow>(
    `update commands c set status = $3, acked_at = $4, error = $5
     from sites s where c.id = $1 and c.com_id = $2 and c.status in ('pending', 'sent') and s.uid = c.site_uid
     returning c.id, c.site_uid, c.com_id, c.command, c.params, c.status, c.error, s.company_id`,
    [Number(ack.cmd_id), comId, ack.ok ? 'acked' : 'failed', now, ack.ok ? null : (ack.error ?? 'failed')],
  );
  const row = rows[0];
  return row ? { message: statusMessage(row, now), row } : null;
}

export interface CommandDispatcherDeps {
  pool: Pool;
  /**
   * Sends a command to the device's `cmd` topic: the MQTT client (QoS 1) on the embedded broker or
   * MQTT_URL, a core NATS publish on the topic's subject with NATS_URL (ingest/nats/).
   */
  publish(topic: string, payload: string): Promise<unknown>;
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
      await deps.publish(deviceTopics.cmd(row.com_id), JSON.stringify(built.data));
      deps.metrics.commandsSent += 1;
      publishStatus(row, now);
    }
    return rows.length;
  }

  // Pages of 100 until none is pending (an access-list change can queue thousands of chunks).
  const flushAll = async () => {
    let total = 0;
    for (let n = await flushOnce(); ; n = await flushOnce()) {
      total += n;
      if (n < 100) return total;
    }
  };
  const flush = () => {
    // One flush at a time; a request during a flush runs after it.
    const next = (running ?? Promise.resolve(0)).then(flushAll, flushAll);
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
      // A timed-out access_list chunk fails its site's version (docs/requirements.md#access-sync).
      const accessSites = [
        ...new Set(rows.filter((r) => r.command === 'access_list').map((r) => r.site_uid)),
      ];
      const companyOf = new Map(rows.map((r) => [r.site_uid, r.company_id]));
      for (const sync of await accessSyncStates(deps.pool, accessSites)) {
        deps.bus.publish('live', {
          audience: { companyId: companyOf.get(sync.siteUid) ?? null, siteUid: sync.siteUid, tenant: null },
          message: liveMessage(LIVE_EVENTS.ACCESS_SYNC_STATUS, { ...sync, time: now.toISOString() }),
        });
      }
      return rows.length;
    },
    stop() {
      off();
      clearInterval(timer);
    },
  };
}
