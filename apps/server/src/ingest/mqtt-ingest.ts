/**
 * The ingest role's MQTT side: connects to the broker (embedded or MQTT_URL), subscribes to every
 * device → server topic and feeds the pipeline; also dispatches device commands.
 *
 * With an external broker (MQTT_URL, e.g. an anonymous Mosquitto) the broker enforces no per-device
 * ACL, so the server checks what it can: the topic's com_id must be a known device bound to a site
 * (else `unknown_device`). It cannot tell which client published; deploy the broker with per-device
 * credentials and ACLs (docs/operations.md "External MQTT broker").
 */
import { randomBytes } from 'node:crypto';
import { ingestTopicFilters } from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { IngestPipeline } from './pipeline.ts';

export interface MqttIngestDeps {
  url: string;
  /**
   * false: connect only (commands), the messages come another way (the embedded broker hands them
   * to the pipeline in process, see ingest-role.ts). Default true.
   */
  subscribe?: boolean;
  username?: string;
  password?: string;
  pipeline: IngestPipeline;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface MqttIngest {
  client: MqttClient;
  stop(): Promise<void>;
}

/** Connects and subscribes; resolves once the subscription is in place. */
export async function startMqttIngest(deps: MqttIngestDeps): Promise<MqttIngest> {
  const client = await mqtt.connectAsync(deps.url, {
    clientId: `towerwatch-ingest-${randomBytes(4).toString('hex')}`,
    username: deps.username,
    password: deps.password,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    // Subscribing to an external broker: MQTT 5 with a large receive maximum, so the broker keeps
    // sending while this process is busy instead of queueing — Mosquitto queues at most 1,000 QoS 1
    // messages per client beyond 20 in flight (MQTT 3.1.1 defaults) and drops the rest.
    ...(deps.subscribe !== false
      ? { protocolVersion: 5 as const, properties: { receiveMaximum: 65_535 } }
      : {}),
  });
  client.on('error', (err) => deps.log.error({ err }, 'mqtt ingest client error'));
  client.on('reconnect', () => deps.log.warn('mqtt ingest client reconnecting'));
  if (deps.subscribe !== false) {
    // mqtt.js acknowledges (PUBACK) a QoS 1 message as soon as it is handed over here: a deferred
    // acknowledgement (customHandleAcks) stalls the client's receive loop until it is given, i.e.
    // one message per commit. See docs/operations.md "Acknowledgements".
    client.on('message', (topic, payload) => deps.pipeline.handle(topic, payload));
    // Re-subscribe after a reconnect with a clean session.
    client.on('connect', () => {
      client.subscribe(ingestTopicFilters(), { qos: 1 });
    });
    await client.subscribeAsync(ingestTopicFilters(), { qos: 1 });
    deps.log.info({ url: deps.url }, 'mqtt ingest subscribed');
  }
  return {
    client,
    stop: async () => {
      await client.endAsync();
    },
  };
}
