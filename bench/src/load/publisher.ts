/**
 * MQTT load generator, run as a child process (forked by lib/publishers.ts) so the load does not share
 * the benchmark's event loop. Publishes QoS 1 `pins` messages (20 readings each, normal values, per
 * docs/device-protocol.md §4) for its share of the devices at the rate it is told, round-robin over the
 * devices, and reports what it sent, what the broker acknowledged (PUBACK) and a sample of messages
 * (probes) so the parent can time them into the database.
 *
 * Connections: `device` = one connection per com_id with the device's demo credentials (the broker's
 * per-device authentication and ACL); `shared` = `connections` connections each publishing for many
 * com_ids (a gateway) with the given credentials (the server's internal one on the embedded broker,
 * anonymous on Mosquitto). `device` mode needs one connection per device, so national-scale device
 * counts use `shared`.
 */
import { demoDevicePassword } from '@towerwatch/fleet';
import mqtt, { type MqttClient } from 'mqtt';
import { pinsPayload } from './pins-payload.ts';

export interface PublisherConfig {
  url: string;
  mode: 'device' | 'shared';
  username?: string;
  password?: string;
  comIds: string[];
  /** Connections in `shared` mode (ignored in `device` mode). */
  connections: number;
  /** Every Nth message is reported as a probe. */
  probeEvery: number;
  /** Most unacknowledged messages per connection (QoS 1 window). */
  maxInflight: number;
  /** Unique per run, part of every msg_id. */
  tag: string;
}

export type ParentMessage =
  | { cmd: 'start'; config: PublisherConfig }
  | { cmd: 'run'; rate: number; durationMs: number; total?: number; probeEvery?: number }
  | { cmd: 'stop' };

export type ChildMessage =
  | { type: 'ready'; connections: number; connectMs: number }
  | { type: 'probes'; probes: [comId: string, msgId: string, ts: number][] }
  | {
      type: 'done';
      sent: number;
      acked: number;
      failed: number;
      /** Ticks on which the QoS 1 window of a connection was full. */
      blocked: number;
      elapsedMs: number;
      /** When the last message was sent (the acknowledgements may come later: PUBACK after commit). */
      sendMs: number;
      /**
       * Connections closed by the broker by the end of the run (they are not reconnected: aedes closes
       * one whose keep-alive ran out while its reads waited behind a backlog, docs/performance.md).
       */
      closed: number;
      /** Messages due on a closed connection: not sent, and not counted in `sent`. */
      notSent: number;
    }
  | { type: 'error'; error: string };

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function connectAll(config: PublisherConfig): Promise<MqttClient[]> {
  const count = config.mode === 'device' ? config.comIds.length : Math.max(1, config.connections);
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      const comId = config.comIds[j] ?? '';
      const device = config.mode === 'device';
      batch.push(
        mqtt.connectAsync(config.url, {
          clientId: device ? comId : `bench-${config.tag}-${j}`,
          username: device ? comId : config.username,
          password: device ? demoDevicePassword(comId) : config.password,
          clean: true,
          keepalive: 60,
          reconnectPeriod: 0,
          connectTimeout: 60_000,
        }),
      );
    }
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

async function main(): Promise<void> {
  let config: PublisherConfig | null = null;
  let clients: MqttClient[] = [];
  let inflight: number[] = [];
  let cursor = 0;
  const seq = new Map<string, number>();
  const lastTs = new Map<string, number>();

  const topics = new Map<string, string>();
  const topicOf = (comId: string) => {
    let topic = topics.get(comId);
    if (!topic) {
      topic = `tw/v1/dev/${comId}/pins`;
      topics.set(comId, topic);
    }
    return topic;
  };

  async function run(
    rate: number,
    durationMs: number,
    total: number | undefined,
    probeEvery: number | undefined,
  ): Promise<void> {
    const cfg = config as PublisherConfig;
    const every = Math.max(1, Math.round(probeEvery ?? cfg.probeEvery));
    const started = performance.now();
    let sent = 0;
    let acked = 0;
    let failed = 0;
    let blocked = 0;
    let notSent = 0;
    let probes: [string, string, number][] = [];
    const limit = total ?? Number.POSITIVE_INFINITY;
    const flushProbes = () => {
      if (probes.length > 0) send({ type: 'probes', probes });
      probes = [];
    };
    const probeTimer = setInterval(flushProbes, 100);
    let sendMs = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const elapsed = performance.now() - started;
        // A message skipped on a closed connection is due no more: it counts like one sent.
        const due =
          Math.min(limit, Math.floor((rate * Math.min(elapsed, durationMs)) / 1000)) - sent - notSent;
        for (let k = 0; k < due; k++) {
          const index = cursor % cfg.comIds.length;
          const comId = cfg.comIds[index] as string;
          const slot = cfg.mode === 'device' ? index : index % clients.length;
          const client = clients[slot] as MqttClient;
          if (!client.connected) {
            // mqtt.js would keep the publish for a reconnect that never comes, without a callback.
            cursor++;
            notSent++;
            continue;
          }
          if ((inflight[slot] ?? 0) >= cfg.maxInflight) {
            blocked++;
            break;
          }
          cursor++;
          const n = (seq.get(comId) ?? 0) + 1;
          seq.set(comId, n);
          const ts = Math.max(Date.now(), (lastTs.get(comId) ?? 0) + 1);
          lastTs.set(comId, ts);
          const msgId = `${comId}-${cfg.tag}-${n}`;
          inflight[slot] = (inflight[slot] ?? 0) + 1;
          sent++;
          if (sent % every === 0) probes.push([comId, msgId, ts]);
          client.publish(topicOf(comId), pinsPayload(msgId, ts, n), { qos: 1 }, (err) => {
            inflight[slot] = (inflight[slot] ?? 1) - 1;
            if (err) failed++;
            else acked++;
          });
        }
        if (sent + notSent >= limit || elapsed >= durationMs) {
          sendMs = performance.now() - started;
          resolve();
          return;
        }
        setTimeout(tick, 5);
      };
      tick();
    });
    // Wait for the broker to acknowledge what is in flight (at most 30 s).
    const deadline = performance.now() + 30_000;
    while (acked + failed < sent && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    clearInterval(probeTimer);
    flushProbes();
    send({
      type: 'done',
      sent,
      acked,
      failed,
      blocked,
      elapsedMs: Math.round(performance.now() - started),
      sendMs: Math.round(sendMs),
      closed: clients.filter((c) => !c.connected).length,
      notSent,
    });
  }

  process.on('message', (raw: ParentMessage) => {
    const handle = async () => {
      if (raw.cmd === 'start') {
        config = raw.config;
        const started = performance.now();
        clients = await connectAll(config);
        inflight = clients.map(() => 0);
        for (const c of clients) c.on('error', () => undefined);
        send({
          type: 'ready',
          connections: clients.length,
          connectMs: Math.round(performance.now() - started),
        });
      } else if (raw.cmd === 'run') {
        await run(raw.rate, raw.durationMs, raw.total, raw.probeEvery);
      } else {
        await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
        process.exit(0);
      }
    };
    handle().catch((err: unknown) => {
      send({ type: 'error', error: err instanceof Error ? err.message : String(err) });
    });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.send) void main();
