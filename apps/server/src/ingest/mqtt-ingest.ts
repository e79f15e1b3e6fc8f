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
  });
  client.on('message', (topic, payload) => deps.pipeline.handle(topic, payload));
  client.on('error', (err) => deps.log.error({ err }, 'mqtt ingest client error'));
  client.on('reconnect', () => deps.log.warn('mqtt ingest client reconnecting'));
  // Re-subscribe after a reconnect with a clean session.
  client.on('connect', () => {
    client.subscribe(ingestTopicFilters(), { qos: 1 });
  });
  await client.subscribeAsync(ingestTopicFilters(), { qos: 1 });
  deps.log.info({ url: deps.url }, 'mqtt ingest subscribed');
  return {
    client,
    stop: async () => {
      await client.endAsync();
    },
  };
}
