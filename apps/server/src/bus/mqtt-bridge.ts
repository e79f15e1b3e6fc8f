/**
 * Bridges a process's in-process bus to the other processes through the MQTT broker (scale-out with
 * MQTT_URL: several api/live/ingest processes). Every local event is forwarded to
 * `tw/internal/bus/{channel}`; events from other processes are published on the local bus (bridge.ts).
 * The subscription is MQTT 5 "no local": the broker does not send a
 * process its own events back (with an MQTT 3.1.1 client they come back and are dropped by origin).
 */
import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { bridgeBus } from './bridge.ts';
import type { BusLogger, EventBus } from './bus.ts';

/** Topic root of the internal bus between processes. */
export const BUS_TOPIC_ROOT = 'tw/internal/bus';

/** QoS 1 so a brief reconnect loses nothing; no local: not this client's own publications. */
const BRIDGE_SUBSCRIPTION = { qos: 1, nl: true } as const;

/**
 * Starts the bridge on a connected client; returns the stop function. `topicRoot` (default
 * {@link BUS_TOPIC_ROOT}) separates deployments, or test runs, sharing one broker.
 */
export function bridgeBusToMqtt(
  bus: EventBus,
  client: MqttClient,
  logger?: BusLogger,
  topicRoot = BUS_TOPIC_ROOT,
): () => void {
  const bridge = bridgeBus(
    bus,
    {
      send: (channel, payload) =>
        client.publish(`${topicRoot}/${channel}`, payload, { qos: 1 }, (err) => {
          if (err) logger?.error({ err, channel }, 'bus bridge: publish failed');
        }),
    },
    logger,
  );
  const onMessage = (topic: string, payload: Buffer) => {
    if (topic.startsWith(`${topicRoot}/`)) bridge.receive(topic.slice(topicRoot.length + 1), payload);
  };
  client.on('message', onMessage);
  client.subscribe(`${topicRoot}/#`, BRIDGE_SUBSCRIPTION);
  return () => {
    bridge.stop();
    client.removeListener('message', onMessage);
  };
}

/** Connects to `url` and bridges `bus` (scale-out with MQTT_URL); returns the stop function. */
export async function startBusBridge(
  bus: EventBus,
  url: string,
  logger?: BusLogger,
  topicRoot = BUS_TOPIC_ROOT,
): Promise<() => Promise<void>> {
  const { default: mqtt } = await import('mqtt');
  const client = await mqtt.connectAsync(url, {
    clientId: `towerwatch-bus-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 1000,
    protocolVersion: 5,
  });
  client.on('connect', () => client.subscribe(`${topicRoot}/#`, BRIDGE_SUBSCRIPTION));
  const stop = bridgeBusToMqtt(bus, client, logger, topicRoot);
  return async () => {
    stop();
    await client.endAsync();
  };
}
