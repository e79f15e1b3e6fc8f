/**
 * HTTP ingest with NATS_URL (docs/device-protocol.md §10a, docs/operations.md "Scale-out with NATS
 * JetStream"): a message is published with a JetStream publish to where a device's QoS 1 publish of
 * the same topic lands — `$MQTT_msgs`, subject `$MQTT.msgs.twdev.{partition}.{com_id}.{kind}`, the
 * MQTT listener's QoS header — and counts as delivered once the stream acknowledged it (a Raft
 * commit in a cluster). The partition's owner then writes it like a device's message.
 *
 * A device's messages are published one after the other (each after the previous one's ack), so a
 * retry inside the client or a failed publish can never put them out of order; after a failure the
 * device's later messages of the batch are not published either (the request answers 503 and is sent
 * again; the pipeline recognises what was stored by msg_id).
 */
import {
  MQTT_MSGS_STREAM,
  MQTT_QOS_HEADER,
  parseDeviceTopic,
  topicToStreamSubject,
} from '@towerwatch/contract';
import { hostname } from 'node:os';
import { connect, headers, type JetStreamClient } from 'nats';
import type { Logger } from 'pino';
import type { NatsConfig } from '../../config.ts';
import type { NatsCredentials } from './device-auth.ts';
import type { HttpInbox } from '../http-inbox.ts';
import type { IngestMetrics } from '../metrics.ts';
import { createRejecter } from '../rejections.ts';

export interface StreamPublisher {
  /** Resolves once the stream acknowledged the message; rejects when it did not (or the topic is not a device → server one). */
  publish(topic: string, payload: string): Promise<void>;
}

export function createStreamPublisher(js: JetStreamClient, partitions: number): StreamPublisher {
  /** Per com_id: its last publish (the next one of the device waits for it). */
  const tails = new Map<string, Promise<void>>();
  const send = async (subject: string, payload: string) => {
    const h = headers();
    h.set(MQTT_QOS_HEADER, '1');
    await js.publish(subject, payload, { headers: h, expect: { streamName: MQTT_MSGS_STREAM } });
  };
  return {
    publish(topic, payload) {
      const comId = parseDeviceTopic(topic)?.comId;
      const subject = topicToStreamSubject(topic, partitions);
      if (!comId || !subject) return Promise.reject(new Error(`not a device → server topic: ${topic}`));
      const previous = tails.get(comId) ?? Promise.resolve();
      const next = previous.then(() => send(subject, payload));
      tails.set(comId, next);
      const forget = () => {
        if (tails.get(comId) === next) tails.delete(comId);
      };
      next.then(forget, forget);
      return next;
    },
  };
}

/**
 * Attaches the device stream to HTTP ingest's inbox of an api process with NATS_URL (its own
 * connection); returns the stop function.
 */
export async function startStreamInbox(
  c: { deviceInbox: HttpInbox; ingestMetrics: IngestMetrics; log: Logger },
  nats: NatsConfig,
  login: NatsCredentials,
): Promise<() => Promise<void>> {
  const nc = await connect({
    servers: nats.servers,
    ...login,
    name: `towerwatch-http-ingest-${hostname()}-${process.pid}`,
    maxReconnectAttempts: -1,
  });
  const publisher = createStreamPublisher(nc.jetstream(), nats.partitions);
  c.deviceInbox.attachStream({ ...publisher, reject: createRejecter(c.ingestMetrics, c.log) });
  return async () => {
    c.deviceInbox.attachStream(null);
    await nc.drain();
  };
}
