/**
 * Behind an external broker (MQTT_URL, here a Mosquitto of this file's own) the server cannot
 * disconnect a device, but ingest still holds each registered com_id to the device message rate
 * (docs/device-protocol.md §9), by the messages' own `ts`: a device sending hundreds of messages with
 * one `ts` gets the burst stored, the excess is refused as `rate_limited` and never stored.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../test/harness.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import type { IngestRole } from './ingest-role.ts';
import { buildSite } from './test-fixtures.ts';

describe('ingest via an external broker: device message rate', () => {
  let t: TestServer;
  let role: IngestRole;
  let mosquitto: PrivateMosquitto;
  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    t = await startTestServer();
    role = await startTestIngestRole(t, { mqttUrl: mosquitto.url });
  });
  afterAll(async () => {
    await role?.stop();
    await t?.close();
    await mosquitto?.stop();
  });

  it("refuses a registered device's messages over the rate as rate_limited", async () => {
    const limit = deviceRateLimit();
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await mqtt.connectAsync(role.brokerUrl, {
      clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
      reconnectPeriod: 0,
    });
    const total = 300;
    const started = Date.now();
    try {
      await Promise.all(
        Array.from({ length: total }, (_, i) =>
          dev.publishAsync(
            deviceTopics.pins(site.comId),
            JSON.stringify({
              msg_id: `f-${i}`,
              ts: t.clock.now().getTime(),
              readings: [{ pin: 'am6', value: 30 }],
            }),
            { qos: 1 },
          ),
        ),
      );
    } finally {
      await dev.endAsync();
    }
    // Every message settled: stored, or refused (other test files' devices are unknown here).
    const storedRows = async () =>
      (
        await t.pool.query<{ n: number }>(
          'select coalesce(sum(cardinality(pin_names)), 0)::int as n from telemetry where com_id = $1',
          [site.comId],
        )
      ).rows[0]?.n ?? 0;
    const end = Date.now() + 15_000;
    let stored = await storedRows();
    while (stored + role.metrics.rejected.rate_limited < total && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      await role.pipeline.idle();
      stored = await storedRows();
    }
    const elapsedS = (Date.now() - started) / 1000;
    expect(stored).toBeGreaterThanOrEqual(limit.burst);
    expect(stored).toBeLessThanOrEqual(limit.burst + Math.ceil(limit.perSecond * elapsedS) + 1);
    expect(role.metrics.rejected.rate_limited).toBe(total - stored);
  });
});
