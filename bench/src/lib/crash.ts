/**
 * Crash check: kill -9 of the real server while devices publish, restart it on the same data, and
 * count which acknowledged messages were stored. A device's message counts as acknowledged when the
 * broker's PUBACK reached the publisher: with the embedded broker that is the server's own PUBACK
 * (after the commit); with Mosquitto it is Mosquitto's, and the server's subscription (a persistent
 * session, PUBACK to Mosquitto after the commit) must still get every one of them stored.
 *
 * Used by bench/test/crash.test.ts (asserts nothing acknowledged is lost) and bench/src/crash.ts.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { pinsPayload } from '../load/pins-payload.ts';
import type { BrokerKind, DbKind } from './cli.ts';
import { internalMqttCredentials, randomId, startServer } from './server.ts';
import { sleep } from './util.ts';

/**
 * How long the check waits for the kill point's acknowledgements, and after the restart for every
 * acknowledged message to be stored: deadlines for a machine at load average 8+, not expected times
 * (quiet: a few seconds each).
 */
const ACK_WAIT_MS = 120_000;
const STORED_WAIT_MS = 90_000;

export interface CrashOptions {
  broker: BrokerKind;
  /** `system` by default: a killed server leaves no embedded PostgreSQL behind. */
  db?: DbKind;
  /** Messages published in all (default 600). */
  messages?: number;
  /** Publish rate, messages/s (default 300). */
  rate?: number;
  /** Devices the messages are spread over (default 10). */
  devices?: number;
  /** The server is killed once this many messages were acknowledged (default a third). */
  killAfterAcked?: number;
  /** Extra environment of the server (e.g. INGEST_THREAD=on). */
  env?: Record<string, string>;
}

export interface CrashResult {
  broker: BrokerKind;
  db: DbKind;
  published: number;
  acknowledged: number;
  /** Messages acknowledged when the server was killed. */
  acknowledgedAtKill: number;
  /** Acknowledged messages with their `ingest_messages` row and their telemetry row (20 values). */
  stored: number;
  /** Acknowledged messages missing after the restart (first 10 msg_ids). */
  lost: string[];
  lostCount: number;
  /** kill → every acknowledged message stored (or the wait of STORED_WAIT_MS gave up), ms. */
  recoveryMs: number;
}

interface Sent {
  comId: string;
  msgId: string;
  ts: number;
}

/** Runs one crash check on a fresh server; always stops the server. */
export async function runCrash(o: CrashOptions): Promise<CrashResult> {
  const db = o.db ?? 'system';
  const total = o.messages ?? 600;
  const rate = o.rate ?? 300;
  const server = await startServer({ db, broker: o.broker, env: o.env });
  let publisher: MqttClient | null = null;
  try {
    const { rows } = await server.pool.query<{ com_id: string }>(
      'select com_id from devices where site_uid is not null order by com_id limit $1',
      [o.devices ?? 10],
    );
    const comIds = rows.map((r) => r.com_id);
    if (comIds.length === 0) throw new Error('the seeded server has no device bound to a site');
    publisher = await mqtt.connectAsync(server.mqttUrl, {
      clientId: `crash-${randomId()}`,
      ...(o.broker === 'embedded' ? internalMqttCredentials() : {}),
      clean: true,
      reconnectPeriod: 0,
    });
    publisher.on('error', () => undefined);
    const tag = randomId();
    const acked: Sent[] = [];
    const lastTs = new Map<string, number>();
    const killAt = o.killAfterAcked ?? Math.floor(total / 3);
    let published = 0;
    let killed: Promise<void> | null = null;
    let killedAt = 0;
    let ackedAtKill = 0;
    const started = performance.now();
    // Publish at the rate until all are out; kill once `killAt` are acknowledged; after the kill keep
    // publishing while the broker takes messages (Mosquitto: queued for the server's session).
    while (killed ? published < total && publisher.connected : performance.now() - started < ACK_WAIT_MS) {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
      for (; published < due && publisher.connected; published++) {
        const comId = comIds[published % comIds.length] as string;
        const ts = Math.max(Date.now(), (lastTs.get(comId) ?? 0) + 1);
        lastTs.set(comId, ts);
        const sent: Sent = { comId, msgId: `${comId}-crash-${tag}-${published}`, ts };
        publisher.publish(
          `tw/v1/dev/${comId}/pins`,
          pinsPayload(sent.msgId, sent.ts, published),
          { qos: 1 },
          (err) => {
            if (!err) acked.push(sent);
          },
        );
      }
      if (!killed && acked.length >= killAt) {
        ackedAtKill = acked.length;
        killedAt = performance.now();
        killed = server.crash();
      }
      await sleep(5);
    }
    if (!killed)
      throw new Error(
        `only ${acked.length} of ${published} messages acknowledged in ${ACK_WAIT_MS / 1000} s`,
      );
    await killed;
    // Mosquitto: what it acknowledged until now must reach the restarted server; let the last PUBACKs in.
    await sleep(300);
    await publisher.endAsync(true).catch(() => undefined);
    const acknowledged = [...acked];
    await server.start();
    const missing = async (): Promise<Sent[]> => {
      const res = await server.pool.query<{ com_id: string; msg_id: string }>(
        `select u.c as com_id, u.i as msg_id
           from unnest($1::text[], $2::text[], $3::bigint[]) as u(c, i, t)
          where not exists (select 1 from ingest_messages m where m.com_id = u.c and m.msg_id = u.i)
             or not exists (select 1 from telemetry x where x.com_id = u.c
                              and x.ts = timestamptz 'epoch' + u.t * interval '1 millisecond' and cardinality(x.pin_names) = 20)`,
        [acknowledged.map((s) => s.comId), acknowledged.map((s) => s.msgId), acknowledged.map((s) => s.ts)],
      );
      const ids = new Set(res.rows.map((r) => r.msg_id));
      return acknowledged.filter((s) => ids.has(s.msgId));
    };
    let lost = await missing();
    const deadline = Date.now() + STORED_WAIT_MS;
    while (lost.length > 0 && Date.now() < deadline) {
      await sleep(250);
      lost = await missing();
    }
    return {
      broker: o.broker,
      db,
      published,
      acknowledged: acknowledged.length,
      acknowledgedAtKill: ackedAtKill,
      stored: acknowledged.length - lost.length,
      lost: lost.slice(0, 10).map((s) => s.msgId),
      lostCount: lost.length,
      recoveryMs: Math.round(performance.now() - killedAt),
    };
  } finally {
    await publisher?.endAsync(true).catch(() => undefined);
    await server.stop();
  }
}
