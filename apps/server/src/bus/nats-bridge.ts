/**
 * Bridges a process's in-process bus to the other processes over core NATS (scale-out with NATS_URL:
 * NATS ingest workers and api/live processes): every local event goes to `tw.internal.bus.{channel}`,
 * events of the other processes are published on the local bus (bridge.ts). Core NATS is at most once:
 * an event published while a process is reconnecting is lost to it (the live socket's next state
 * message and the periodic count refresh repair what a lost live event leaves stale).
 */
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { bridgeBus } from './bridge.ts';
import type { BusLogger, EventBus } from './bus.ts';

/** Subject root of the internal bus between processes. */
const BUS_SUBJECT_ROOT = 'tw.internal.bus';

/** Bridges `bus` on a connected NATS connection; returns the stop function. */
export function bridgeBusToNats(
  bus: EventBus,
  nc: NatsConnection,
  logger?: BusLogger,
  subjectRoot = BUS_SUBJECT_ROOT,
): () => void {
  const bridge = bridgeBus(
    bus,
    { send: (channel, payload) => nc.publish(`${subjectRoot}.${channel}`, payload) },
    logger,
  );
  const sub = nc.subscribe(`${subjectRoot}.>`, {
    callback: (err, msg) => {
      if (err) logger?.error({ err }, 'bus bridge: subscription failed');
      else bridge.receive(msg.subject.slice(subjectRoot.length + 1), msg.data);
    },
  });
  return () => {
    bridge.stop();
    sub.unsubscribe();
  };
}

/**
 * Connects to `servers` (as `login`, the server processes' user: ingest/nats/device-auth.ts) and
 * bridges `bus` (scale-out with NATS_URL); returns the stop function.
 */
export async function startNatsBusBridge(
  bus: EventBus,
  servers: string[],
  logger?: BusLogger,
  login?: { user: string; pass: string },
): Promise<() => Promise<void>> {
  const nc = await connect({
    servers,
    ...login,
    name: `towerwatch-bus-${randomUUID().slice(0, 8)}`,
    maxReconnectAttempts: -1,
  });
  const stop = bridgeBusToNats(bus, nc, logger);
  // The subscription is in place on the server before anything is published.
  await nc.flush();
  return async () => {
    stop();
    await nc.drain();
  };
}
