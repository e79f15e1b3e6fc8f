import { randomInt } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedBroker,
  internalMqttCredentials,
  startEmbeddedBroker,
} from '../broker/embedded-broker.ts';
import type { EventBus } from './bus.ts';
import { createMqttBus } from './mqtt-bus.ts';

const SECRET = 'bus-test-secret-bus-test-secret-0123456789';
const quiet = { info() {}, warn() {}, error() {} };

describe.each(['embedded', 'mosquitto'] as const)('MQTT-backed bus via %s broker', (kind) => {
  let broker: EmbeddedBroker | null = null;
  const clients: MqttClient[] = [];
  let a: EventBus;
  let b: EventBus;

  beforeAll(async () => {
    let url = 'mqtt://127.0.0.1:1883';
    let creds = {};
    if (kind === 'embedded') {
      broker = await startEmbeddedBroker({
        db: { query: async () => ({ rows: [] }) } as never,
        port: 0,
        tokenSecret: SECRET,
        log: quiet,
      });
      url = broker.url;
      creds = internalMqttCredentials(SECRET);
    }
    for (let i = 0; i < 2; i++) clients.push(await mqtt.connectAsync(url, { ...creds, reconnectPeriod: 0 }));
    a = createMqttBus(clients[0] as MqttClient);
    b = createMqttBus(clients[1] as MqttClient);
    await new Promise((r) => setTimeout(r, 200)); // subscriptions in place
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await broker?.close();
  });

  it('delivers an event once in the publishing process and once in the other', async () => {
    // Unique ids: other test runs may share the Mosquitto broker.
    const id = randomInt(1, 2 ** 40);
    const gotA: number[] = [];
    const gotB: number[] = [];
    a.subscribe('command.created', (e) => {
      if (e.id === id) gotA.push(e.id);
    });
    b.subscribe('command.created', (e) => {
      if (e.id === id) gotB.push(e.id);
    });
    a.publish('command.created', { id });
    const end = Date.now() + 5000;
    while (gotB.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(gotA).toEqual([id]);
    expect(gotB).toEqual([id]);
  });

  if (kind === 'embedded') {
    it('refuses the internal account with a wrong password', async () => {
      await expect(
        mqtt.connectAsync((broker as EmbeddedBroker).url, {
          username: '$towerwatch',
          password: 'wrong',
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow();
    });
  }
});

describe('in-process buses bridged through Mosquitto', () => {
  it('carries events between two processes exactly once', async () => {
    const { createInProcessBus } = await import('./in-process-bus.ts');
    const { bridgeBusToMqtt } = await import('./mqtt-bridge.ts');
    const c1 = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    const c2 = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    const p1 = createInProcessBus();
    const p2 = createInProcessBus();
    const stops = [bridgeBusToMqtt(p1, c1), bridgeBusToMqtt(p2, c2)];
    await new Promise((r) => setTimeout(r, 200));
    const id = randomInt(1, 2 ** 40);
    const got1: number[] = [];
    const got2: number[] = [];
    p1.subscribe('command.created', (e) => {
      if (e.id === id) got1.push(e.id);
    });
    p2.subscribe('command.created', (e) => {
      if (e.id === id) got2.push(e.id);
    });
    p1.publish('command.created', { id });
    const end = Date.now() + 5000;
    while (got2.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(got1).toEqual([id]);
    expect(got2).toEqual([id]);
    for (const stop of stops) stop();
    await Promise.all([c1.endAsync(true), c2.endAsync(true)]);
  });

  it('does not get a process’s own events back from the broker (MQTT 5 no local)', async () => {
    const { createInProcessBus } = await import('./in-process-bus.ts');
    const { bridgeBusToMqtt } = await import('./mqtt-bridge.ts');
    const root = `tw-test/${randomInt(1, 2 ** 40)}/bus`;
    const opts = { reconnectPeriod: 0, protocolVersion: 5 } as const;
    const c1 = await mqtt.connectAsync('mqtt://127.0.0.1:1883', opts);
    const c2 = await mqtt.connectAsync('mqtt://127.0.0.1:1883', opts);
    const echoes: string[] = [];
    c1.on('message', (topic) => echoes.push(topic));
    const p2Got: number[] = [];
    const p1 = createInProcessBus();
    const p2 = createInProcessBus();
    p2.subscribe('command.created', (e) => {
      p2Got.push(e.id);
    });
    const stops = [bridgeBusToMqtt(p1, c1, undefined, root), bridgeBusToMqtt(p2, c2, undefined, root)];
    await new Promise((r) => setTimeout(r, 200));
    p1.publish('command.created', { id: 7 });
    const end = Date.now() + 5000;
    while (p2Got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(p2Got).toEqual([7]);
    expect(echoes).toEqual([]);
    for (const stop of stops) stop();
    await Promise.all([c1.endAsync(true), c2.endAsync(true)]);
  });
});
