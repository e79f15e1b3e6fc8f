/**
 * A bus shared by several server processes through the MQTT broker (scale-out: N live/API
 * processes each see every event). Events are published as JSON on `tw/internal/bus/{channel}`
 * with the origin process id; each process delivers its own events locally at once and ignores
 * their echo from the broker, so local delivery does not depend on the broker round trip.
 *
 * Security: with the embedded broker only the server's internal credential may use `tw/internal/#`.
 * With an external broker, restrict `tw/internal/#` to the server's account in the broker's ACL.
 */
import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { BUS_CHANNELS, type BusChannel, type BusLogger, type EventBus } from './bus.ts';
import { createHandlerRegistry } from './in-process-bus.ts';

/** Topic root of the internal bus. */
export const BUS_TOPIC_ROOT = 'tw/internal/bus';

interface Wire {
  o: string;
  e: unknown;
}

/**
 * Creates a bus on an already connected MQTT client (the caller owns the client and ends it).
 * QoS 1 so a brief reconnect does not lose events.
 */
export function createMqttBus(client: MqttClient, logger?: BusLogger): EventBus {
  const origin = randomUUID();
  const registry = createHandlerRegistry(logger);
  let closed = false;
  const topicOf = (channel: BusChannel) => `${BUS_TOPIC_ROOT}/${channel}`;

  const onMessage = (topic: string, payload: Buffer) => {
    if (closed || !topic.startsWith(`${BUS_TOPIC_ROOT}/`)) return;
    const channel = topic.slice(BUS_TOPIC_ROOT.length + 1) as BusChannel;
    if (!(BUS_CHANNELS as readonly string[]).includes(channel)) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload.toString('utf8')) as Wire;
    } catch (err) {
      logger?.error({ err, topic }, 'bus: undecodable message');
      return;
    }
    if (wire.o === origin) return;
    registry.dispatch(channel, wire.e as never);
  };
  client.on('message', onMessage);
  client.subscribe(
    BUS_CHANNELS.map((c) => topicOf(c)),
    { qos: 1 },
  );

  return {
    publish(channel, event) {
      if (closed) return;
      queueMicrotask(() => {
        if (!closed) registry.dispatch(channel, event);
      });
      const body = JSON.stringify({ o: origin, e: event } satisfies Wire);
      client.publish(topicOf(channel), body, { qos: 1 }, (err) => {
        if (err) logger?.error({ err, channel }, 'bus: publish failed');
      });
    },
    subscribe(channel, handler) {
      return registry.add(channel, handler);
    },
    async close() {
      closed = true;
      client.removeListener('message', onMessage);
      registry.clear();
    },
  };
}
