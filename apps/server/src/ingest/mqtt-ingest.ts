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
import { deferPubacks } from './deferred-pubacks.ts';
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
  /**
   * The subscriber's persistent session on an external broker: a client id stable across restarts
   * (one per server process) and how long the broker keeps the session (and queues messages for it)
   * while the server is away. Omitted: a random id and a session that ends with the connection.
   */
  session?: MqttSession;
  pipeline: IngestPipeline;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface MqttSession {
  clientId: string;
  /** MQTT 5 session expiry interval in seconds. */
  expirySeconds: number;
}

export interface MqttIngest {
  client: MqttClient;
  /** Messages taken in and not acknowledged yet (external broker). */
  pendingAcks(): number;
  stop(): Promise<void>;
}

/** Connects and subscribes; resolves once the subscription is in place. */
export async function startMqttIngest(deps: MqttIngestDeps): Promise<MqttIngest> {
  const subscribe = deps.subscribe !== false;
  const session = subscribe ? deps.session : undefined;
  const client = mqtt.connect(deps.url, {
    clientId: session?.clientId ?? `towerwatch-ingest-${randomBytes(4).toString('hex')}`,
    username: deps.username,
    password: deps.password,
    clean: !session,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    // Subscribing to an external broker: MQTT 5 with a large receive maximum, so the broker keeps
    // sending while earlier messages wait for their commit instead of queueing — Mosquitto queues at
    // most 1,000 QoS 1 messages per client beyond 20 in flight (MQTT 3.1.1 defaults) and drops the rest.
    ...(subscribe
      ? {
          protocolVersion: 5 as const,
          properties: { receiveMaximum: 65_535, sessionExpiryInterval: session?.expirySeconds ?? 0 },
        }
      : {}),
  });
  client.on('error', (err) => deps.log.error({ err }, 'mqtt ingest client error'));
  client.on('reconnect', () => deps.log.warn('mqtt ingest client reconnecting'));
  // Installed before the first CONNACK: a persistent session's queued messages follow it at once.
  const acks = subscribe ? deferPubacks(client) : null;
  if (acks) {
    // PUBACK only once the message is settled (committed, or refused and counted): see
    // deferred-pubacks.ts and docs/operations.md "Failures and acknowledgements".
    client.on('message', (topic, payload, packet) => {
      const id = packet.qos === 1 ? packet.messageId : undefined;
      deps.pipeline.handle(topic, payload, id === undefined ? undefined : acks.acker(id));
    });
  }
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      client.off('connect', onConnect);
      client.end(true);
      reject(err);
    };
    const onConnect = () => {
      client.off('error', onError);
      resolve();
    };
    client.once('connect', onConnect);
    client.once('error', onError);
  });
  if (acks) {
    // Re-subscribe after a reconnect (a session the broker dropped has no subscription).
    client.on('connect', () => {
      client.subscribe(ingestTopicFilters(), { qos: 1 });
    });
    await client.subscribeAsync(ingestTopicFilters(), { qos: 1 });
    deps.log.info(
      { url: deps.url, clientId: client.options.clientId, persistent: !!session },
      'mqtt ingest subscribed',
    );
  }
  return {
    client,
    pendingAcks: () => acks?.pending() ?? 0,
    stop: async () => {
      await client.endAsync();
    },
  };
}
