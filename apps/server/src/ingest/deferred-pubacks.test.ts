/**
 * PUBACK after commit on an external broker (a Mosquitto of this file's own), with the
 * installed mqtt.js: messages keep arriving while earlier ones are unacknowledged, the PUBACK goes
 * out only when asked for, and the broker redelivers exactly the unacknowledged messages to the same
 * persistent session after a reconnect.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import { deferPubacks } from './deferred-pubacks.ts';

let mosquitto: PrivateMosquitto;
beforeAll(async () => {
  mosquitto = await startPrivateMosquitto();
});
afterAll(async () => {
  await mosquitto?.stop();
});
const clients: MqttClient[] = [];

function connect(clientId: string, clean: boolean): MqttClient {
  const client = mqtt.connect(mosquitto.url, {
    clientId,
    clean,
    protocolVersion: 5,
    reconnectPeriod: 0,
    properties: { sessionExpiryInterval: clean ? 0 : 30, receiveMaximum: 100 },
  });
  clients.push(client);
  return client;
}

const connected = (c: MqttClient) => new Promise<void>((resolve) => c.once('connect', () => resolve()));

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});

describe('deferred PUBACKs (mqtt.js on Mosquitto)', () => {
  it('receives on while messages are unacknowledged and the broker redelivers only those', async () => {
    const id = `tw-test-deferred-${randomBytes(4).toString('hex')}`;
    const topic = `tw-test/${id}/pins`;
    const subscriber = connect(id, false);
    const acks = deferPubacks(subscriber);
    const received: { body: string; ack: () => void }[] = [];
    const pubacks: number[] = [];
    subscriber.on('packetsend', (p) => {
      if (p.cmd === 'puback') pubacks.push(p.messageId as number);
    });
    subscriber.on('message', (_t, payload, packet) => {
      received.push({ body: payload.toString(), ack: acks.acker(packet.messageId as number) });
    });
    await connected(subscriber);
    await subscriber.subscribeAsync(topic, { qos: 1 });

    const publisher = connect(`${id}-pub`, true);
    await connected(publisher);
    for (const body of ['m1', 'm2', 'm3']) await publisher.publishAsync(topic, body, { qos: 1 });

    // All three arrive although none is acknowledged: the receive loop is not held.
    await until(() => received.length === 3, 'three messages');
    await new Promise((r) => setTimeout(r, 100));
    expect(pubacks).toEqual([]);
    expect(acks.pending()).toBe(3);

    received[1]?.ack();
    await until(() => pubacks.length === 1, 'the PUBACK of m2');
    expect(acks.pending()).toBe(2);
    received[1]?.ack(); // once only
    await new Promise((r) => setTimeout(r, 100));
    expect(pubacks).toHaveLength(1);

    // The process "dies" (no DISCONNECT); the same session comes back: m1 and m3 again, not m2.
    subscriber.stream.destroy();
    await until(() => !subscriber.connected, 'the subscriber to drop');
    received[0]?.ack(); // a PUBACK for the closed connection is dropped
    expect(pubacks).toHaveLength(1);
    const again = connect(id, false);
    const redelivered: string[] = [];
    again.on('message', (_t, payload) => redelivered.push(payload.toString()));
    await connected(again);
    await until(() => redelivered.length >= 2, 'the redelivery');
    await new Promise((r) => setTimeout(r, 200));
    expect(redelivered.sort()).toEqual(['m1', 'm3']);
    // Drop the session.
    await again.endAsync(true);
    const cleanup = connect(id, true);
    await connected(cleanup);
  });
});
