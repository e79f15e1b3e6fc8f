/**
 * The benchmarks' own Mosquitto keeps everything queued for a persistent session whose client is away
 * (`max_queued_messages 0`, as docs/operations.md asks), where Mosquitto's default of 1,000 drops the
 * rest after acknowledging it to the publisher: the failing steps of the Mosquitto ingest runs of
 * 2026-11-25 lost messages that way.
 */
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { benchMosquittoUrl, stopBenchMosquitto } from '../src/lib/mosquitto.ts';
import { randomTag } from '../src/lib/util.ts';

afterAll(stopBenchMosquitto);

const QUEUED = 1_500;

describe('benchmark Mosquitto', { timeout: 60_000 }, () => {
  it.skipIf(Boolean(process.env.BENCH_MOSQUITTO_URL))(
    'keeps more than 1,000 messages queued for an absent persistent session',
    async () => {
      const url = await benchMosquittoUrl();
      const topic = `bench-test/${randomTag()}`;
      const subscriber = {
        clientId: `bench-test-sub-${randomTag()}`,
        protocolVersion: 5 as const,
        clean: false,
        properties: { sessionExpiryInterval: 60 },
      };
      const first = await mqtt.connectAsync(url, subscriber);
      await first.subscribeAsync(topic, { qos: 1 });
      await first.endAsync();

      const publisher = await mqtt.connectAsync(url, { clientId: `bench-test-pub-${randomTag()}` });
      for (let i = 0; i < QUEUED; i++) await publisher.publishAsync(topic, String(i), { qos: 1 });
      await publisher.endAsync();

      const received = new Set<string>();
      const again = mqtt.connect(url, { ...subscriber, manualConnect: true });
      const all = new Promise<void>((resolve) => {
        again.on('message', (_topic, payload) => {
          received.add(payload.toString());
          if (received.size === QUEUED) resolve();
        });
      });
      again.connect();
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await again.endAsync();
      expect(received.size).toBe(QUEUED);
    },
  );
});
