/**
 * A process's in-process bus shared with the other processes through a broker (the MQTT bridge with
 * MQTT_URL, the NATS bridge with NATS_URL): every local event goes out as `{ o: origin, e: event }`
 * on its channel; events from other processes are published on the local bus, marked so they are not
 * forwarded again, and a process's own events coming back are dropped by origin.
 */
import { randomUUID } from 'node:crypto';
import { BUS_CHANNELS, type BusChannel, type BusLogger, type EventBus } from './bus.ts';

/** The broker side of a bridge. */
export interface BusTransport {
  /** Sends one encoded event on `channel`. */
  send(channel: BusChannel, payload: string): void;
}

/**
 * Starts forwarding `bus`'s events through `transport`; returns `receive` (give it every message of
 * the bridge's channels) and the stop function.
 */
export function bridgeBus(
  bus: EventBus,
  transport: BusTransport,
  logger?: BusLogger,
): { receive(channel: string, payload: Buffer | Uint8Array): void; stop(): void } {
  const origin = randomUUID();
  const remote = new WeakSet<object>();
  const offs = BUS_CHANNELS.map((channel) =>
    bus.subscribe(channel, (event) => {
      if (remote.has(event as object)) return;
      transport.send(channel, JSON.stringify({ o: origin, e: event }));
    }),
  );
  return {
    receive(channel, payload) {
      if (!(BUS_CHANNELS as readonly string[]).includes(channel)) return;
      try {
        const wire = JSON.parse(Buffer.from(payload).toString('utf8')) as { o: string; e: object };
        if (wire.o === origin || typeof wire.e !== 'object' || wire.e === null) return;
        remote.add(wire.e);
        bus.publish(channel as BusChannel, wire.e as never);
      } catch (err) {
        logger?.error({ err, channel }, 'bus bridge: undecodable message');
      }
    },
    stop() {
      for (const off of offs) off();
    },
  };
}
