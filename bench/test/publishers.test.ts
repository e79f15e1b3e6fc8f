/**
 * The load generators say when the broker closed their connections. They do not reconnect, and mqtt.js
 * keeps a publish on a closed client without ever calling back, so a step after such a close used to
 * look like a server that stopped ingesting (sent, neither failed nor acknowledged, "not persisted"):
 * the full-size ingest run of 2026-11-27 (docs/performance.md "History" and "Not measured yet").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { benchMosquittoUrl, stopBenchMosquitto } from '../src/lib/mosquitto.ts';
import { type PublisherPool, startPublishers } from '../src/lib/publishers.ts';
import { randomTag } from '../src/lib/util.ts';

let pool: PublisherPool | null = null;
afterAll(async () => {
  await pool?.stop();
  await stopBenchMosquitto();
});

describe('benchmark publishers', { timeout: 60_000 }, () => {
  it.skipIf(Boolean(process.env.BENCH_MOSQUITTO_URL))(
    'count the connections the broker closed and send nothing on them',
    async () => {
      const url = await benchMosquittoUrl();
      const comIds = Array.from({ length: 4 }, (_, i) => `bench-${randomTag()}-${i}`);
      pool = await startPublishers({
        processes: 1,
        url,
        mode: 'shared',
        comIds,
        connections: 2,
        probeEvery: 1_000,
      });
      const open = await pool.run(200, 200);
      expect(open).toMatchObject({ closed: 0, notSent: 0, failed: 0 });
      expect(open.sent).toBeGreaterThan(0);
      expect(open.acked).toBe(open.sent);

      // The broker goes away: every connection of the pool is closed under it.
      await stopBenchMosquitto();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await pool.run(200, 200);
      expect(after.closed).toBe(2);
      expect(after.sent).toBe(0);
      expect(after.notSent).toBeGreaterThan(0);
    },
  );
});
