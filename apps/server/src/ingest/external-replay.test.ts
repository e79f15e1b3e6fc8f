/**
 * Issue 33 (1): behind an external broker, a backlog the broker replays after an ingest outage is never
 * dropped by the device message rate. Devices publish at a legal rate (their own clocks) with QoS 1 to
 * a Mosquitto of this file's own while ingest is stopped; the broker acknowledges and queues every
 * message for ingest's persistent session. When ingest is back, the replay arrives in a second or two —
 * far over the rate by arrival time — yet every acknowledged message is stored and nothing is counted
 * `rate_limited`: the limit runs on device time (docs/device-protocol.md §9).
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../test/harness.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import type { IngestRole } from './ingest-role.ts';
import { type BuiltSite, buildSite } from './test-fixtures.ts';

/** 5 messages/s per device, bursts of 50: each device's backlog below is twice the burst. */
const LIMIT = deviceRateLimit(5);
const DEVICES = 8;
const PER_DEVICE = 100;

describe('ingest via an external broker: a replayed backlog', () => {
  let t: TestServer;
  let mosquitto: PrivateMosquitto;
  let role: IngestRole | null = null;
  const session = { clientId: `replay-${randomBytes(4).toString('hex')}`, expirySeconds: 600 };
  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    t = await startTestServer();
  });
  afterAll(async () => {
    await role?.stop();
    await t?.close();
    await mosquitto?.stop();
  });

  it('stores every acknowledged message of a legal-rate backlog and limits none of it', async () => {
    const start = (o = {}) =>
      startTestIngestRole(t, { mqttUrl: mosquitto.url, mqttSession: session, deviceRate: LIMIT, ...o });
    // The session exists on the broker (subscribed once), then ingest goes away.
    role = await start();
    await role.stop();
    role = null;
    const sites: BuiltSite[] = [];
    for (let i = 0; i < DEVICES; i++) sites.push(await buildSite(t.pool, { companyId: 'ktbl' }));
    const limitedBefore = t.container.ingestMetrics.rejected.rate_limited;

    // Each device publishes at the legal 5/s by its own clock: message i at t0 + i × 200 ms, never early.
    const acked: string[] = [];
    const t0 = Date.now();
    await Promise.all(
      sites.map(async (site) => {
        const dev = await mqtt.connectAsync(mosquitto.url, {
          clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
          reconnectPeriod: 0,
        });
        try {
          for (let i = 0; i < PER_DEVICE; i++) {
            const ts = t0 + (i * 1000) / LIMIT.perSecond;
            const wait = ts - Date.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            const msgId = `${site.comId}-r${i}`;
            await dev.publishAsync(
              deviceTopics.pins(site.comId),
              JSON.stringify({ msg_id: msgId, ts, readings: [{ pin: 'am6', value: 30 + (i % 5) }] }),
              { qos: 1 },
            );
            acked.push(msgId);
          }
        } finally {
          await dev.endAsync();
        }
      }),
    );
    expect(acked).toHaveLength(DEVICES * PER_DEVICE);

    // Ingest is back: the broker replays the whole backlog at once.
    role = await start();
    const comIds = sites.map((s) => s.comId);
    const stored = async () =>
      (
        await t.pool.query<{ n: number }>(
          'select count(*)::int as n from ingest_messages where com_id = any($1)',
          [comIds],
        )
      ).rows[0]?.n ?? 0;
    const deadline = Date.now() + 60_000;
    let n = await stored();
    while (n < acked.length && Date.now() < deadline) {
      if (t.container.ingestMetrics.rejected.rate_limited > limitedBefore) break;
      await new Promise((r) => setTimeout(r, 100));
      n = await stored();
    }
    await role.pipeline.idle();
    expect(t.container.ingestMetrics.rejected.rate_limited - limitedBefore).toBe(0);
    expect(await stored()).toBe(acked.length);
    const rows = await t.pool.query<{ n: number; distinct_n: number }>(
      `select count(*)::int as n, count(distinct (com_id, ts))::int as distinct_n
         from telemetry where com_id = any($1)`,
      [comIds],
    );
    expect(rows.rows[0]).toEqual({ n: acked.length, distinct_n: acked.length });
  }, 120_000);
});
