/**
 * Two processes' in-process buses bridged through an external broker (scale-out with MQTT_URL), on a
 * Mosquitto of this file's own.
 */
import { randomInt } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { bridgeBusToMqtt } from './mqtt-bridge.ts';

let broker: PrivateMosquitto;
beforeAll(async () => {
  broker = await startPrivateMosquitto();
});
afterAll(async () => {
  await broker?.stop();
});

/**
 * Resolves once the broker has handled every packet `client` sent before (its bridge subscription
 * included): the broker answers a client's packets in order, so this SUBACK comes after that one.
 */
const subscriptionsInPlace = (client: MqttClient) =>
  client.subscribeAsync(`tw-test/probe/${randomInt(1, 2 ** 40)}`);

/** Long enough for a duplicate or an echo to have arrived after the first copy. */
const settleForDuplicates = () => new Promise((r) => setTimeout(r, 300));

describe('in-process buses bridged through Mosquitto', () => {
  it('carries events between two processes exactly once', async () => {
    const c1 = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const c2 = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const p1 = createInProcessBus();
    const p2 = createInProcessBus();
    const stops = [bridgeBusToMqtt(p1, c1), bridgeBusToMqtt(p2, c2)];
    await Promise.all([subscriptionsInPlace(c1), subscriptionsInPlace(c2)]);
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
    await vi.waitFor(() => expect(got2.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    await settleForDuplicates();
    expect(got1).toEqual([id]);
    expect(got2).toEqual([id]);
    for (const stop of stops) stop();
    await Promise.all([c1.endAsync(true), c2.endAsync(true)]);
  });

  it('does not get a process’s own events back from the broker (MQTT 5 no local)', async () => {
    const root = `tw-test/${randomInt(1, 2 ** 40)}/bus`;
    const opts = { reconnectPeriod: 0, protocolVersion: 5 } as const;
    const c1 = await mqtt.connectAsync(broker.url, opts);
    const c2 = await mqtt.connectAsync(broker.url, opts);
    const echoes: string[] = [];
    c1.on('message', (topic) => {
      if (topic.startsWith(root)) echoes.push(topic);
    });
    const p2Got: number[] = [];
    const p1 = createInProcessBus();
    const p2 = createInProcessBus();
    p2.subscribe('command.created', (e) => {
      p2Got.push(e.id);
    });
    const stops = [bridgeBusToMqtt(p1, c1, undefined, root), bridgeBusToMqtt(p2, c2, undefined, root)];
    await Promise.all([subscriptionsInPlace(c1), subscriptionsInPlace(c2)]);
    p1.publish('command.created', { id: 7 });
    await vi.waitFor(() => expect(p2Got.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    await settleForDuplicates();
    expect(p2Got).toEqual([7]);
    expect(echoes).toEqual([]);
    for (const stop of stops) stop();
    await Promise.all([c1.endAsync(true), c2.endAsync(true)]);
  });
});
