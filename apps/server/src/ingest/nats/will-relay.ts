/**
 * A device's last will into the device stream, on NATS with device identity
 * (docs/decisions/nats-device-identity.md). nats-server 2.9.10 applies the account's subject mapping
 * to a will only when the client's account is known while the CONNECT is parsed (mqtt.go
 * mqttParseConnect): on an anonymous server it is, with users it is not (the account is bound after
 * authentication). So a signed-in device's will arrives unmapped on `tw.v1.dev.{com_id}.status` (its
 * permission allows that one subject: ./device-auth.ts), outside the stream. The ingest workers
 * relay it, in one queue group (each will once), to `$MQTT_msgs` under the subject the mapping would have given.
 * Core NATS is at most once: a will published while no worker is connected is lost, and the device's
 * offline state then comes from the offline check (docs/device-protocol.md §3).
 */
import {
  DEVICE_TOPIC_ROOT,
  deviceTopics,
  isValidComId,
  MQTT_QOS_HEADER,
  topicToStreamSubject,
  topicToSubject,
} from '@towerwatch/contract';
import { connect, headers } from 'nats';
import type { Logger } from 'pino';
import { internalNatsCredentials } from './device-auth.ts';

/** The unmapped status subject of every device (what a will arrives on). */
const WILL_SUBJECT = `${topicToSubject(DEVICE_TOPIC_ROOT)}.*.status`;

/** Queue group of the ingest processes: one of them relays each will. */
const QUEUE = 'towerwatch-will-relay';

/** Starts the relay; returns its stop function. */
export async function startWillRelay(deps: {
  servers: string[];
  tokenSecret: string;
  partitions: number;
  log: Pick<Logger, 'warn' | 'error'>;
}): Promise<() => Promise<void>> {
  const nc = await connect({
    servers: deps.servers,
    ...internalNatsCredentials(deps.tokenSecret),
    name: 'towerwatch-will-relay',
    maxReconnectAttempts: -1,
  });
  const js = nc.jetstream();
  const sub = nc.subscribe(WILL_SUBJECT, { queue: QUEUE });
  const done = (async () => {
    for await (const m of sub) {
      const comId = m.subject.split('.')[3] ?? '';
      if (!isValidComId(comId)) continue;
      try {
        // Where the listener stores a QoS 1 status publish, with its header (what the partition's consumer reads).
        const h = headers();
        for (const [k, v] of m.headers ?? []) for (const value of v) h.append(k, value);
        if (!h.has(MQTT_QOS_HEADER)) h.set(MQTT_QOS_HEADER, '1');
        await js.publish(
          topicToStreamSubject(deviceTopics.status(comId), deps.partitions) as string,
          m.data,
          {
            headers: h,
          },
        );
      } catch (err) {
        deps.log.error({ err, comId }, 'nats: last will not relayed to the device stream');
      }
    }
  })();
  await nc.flush();
  return async () => {
    await nc.drain();
    await done;
  };
}
