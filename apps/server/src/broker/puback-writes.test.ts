/**
 * The PUBACKs of one committed ingest batch reach a connection in one socket write (issue 20,
 * docs/decisions/ingest-batches-bounded-by-work.md): the pipeline settles a batch's messages in one
 * synchronous loop, and each PUBACK is written corked until the next tick (mqtt-packet's
 * writeToStream corks the stream and uncorks it on process.nextTick), so the connection's socket
 * gets one writev per batch rather than one write per message. A real MQTT client against the
 * embedded broker; no database (the server's internal credential needs none).
 */
import type { Socket } from 'node:net';
import { deviceTopics } from '@towerwatch/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, internalMqttCredentials, startEmbeddedBroker } from './embedded-broker.ts';

const TOKEN_SECRET = 'puback-writes-test-secret-0123456789abcdef';
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('embedded broker: PUBACK writes', () => {
  let broker: EmbeddedBroker;
  /** The `done` of every device message handed to ingest, not called yet. */
  let held: (() => void)[] = [];

  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      db: { query: async () => ({ rows: [] }) } as never,
      port: 0,
      tokenSecret: TOKEN_SECRET,
      log,
      onDeviceMessage: (_topic, _payload, done) => held.push(done),
    });
  });
  afterAll(async () => {
    await broker?.close();
  });

  it('writes the PUBACKs settled together to a connection in one socket write', async () => {
    const clientId = 'puback-writes';
    const client = await mqtt.connectAsync(broker.url, {
      ...internalMqttCredentials(TOKEN_SECRET),
      clientId,
      reconnectPeriod: 0,
    });
    try {
      held = [];
      const acked = Array.from({ length: 5 }, (_, i) =>
        client.publishAsync(deviceTopics.pins('PUBACK01'), JSON.stringify({ msg_id: `p${i}` }), { qos: 1 }),
      );
      for (let i = 0; i < 100 && held.length < 5; i++) await new Promise((r) => setTimeout(r, 10));
      expect(held.length).toBe(5);
      // aedes.clients (connected clients by id) is public in aedes but missing from its typings.
      const clients = (broker.aedes as unknown as { clients: Record<string, { conn: Socket }> }).clients;
      const conn = clients[clientId]?.conn as Socket & {
        _write: (...args: unknown[]) => unknown;
        _writev: (...args: unknown[]) => unknown;
      };
      const writes: string[] = [];
      const write = conn._write.bind(conn);
      const writev = conn._writev.bind(conn);
      conn._write = (...args) => {
        writes.push('write');
        return write(...args);
      };
      conn._writev = (...args) => {
        writes.push('writev');
        return writev(...args);
      };
      // As the pipeline does once a batch committed: every message of the batch, in one loop.
      for (const done of held) done();
      await Promise.all(acked);
      expect(writes).toEqual(['writev']);
    } finally {
      await client.endAsync(true);
    }
  });
});
