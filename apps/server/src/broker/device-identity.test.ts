/**
 * The embedded broker ties a device's connection to its identity (issue 12, findings 4 and 9):
 * the MQTT client id must be the device's own (`{com_id}` or `{com_id}:{suffix}`), its last will
 * may only concern itself, and a device flooding messages is throttled, disconnected and refused
 * for a cool-down — counted in GET /metrics. Real MQTT clients against the ingest role.
 */
import { deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import type { IngestRole } from '../ingest/ingest-role.ts';
import { type BuiltSite, buildSite } from '../ingest/test-fixtures.ts';

const noop = () => undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('embedded broker: device identity and rate', () => {
  let t: TestServer;
  let role: IngestRole;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await startTestServer();
    role = await startTestIngestRole(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(noop)));
    await role?.stop();
    await t?.close();
  });

  async function connect(site: Pick<BuiltSite, 'comId' | 'password'>, opts: IClientOptions = {}) {
    const c = await mqtt.connectAsync(role.brokerUrl, {
      clientId: site.comId,
      username: site.comId,
      password: site.password,
      reconnectPeriod: 0,
      ...opts,
    });
    c.on('error', noop);
    clients.push(c);
    return c;
  }
  const pins = (msgId: string, value = 30) =>
    JSON.stringify({ msg_id: msgId, ts: t.clock.now().getTime(), readings: [{ pin: 'am6', value }] });
  const events = async (siteUid: string) =>
    (await t.pool.query<{ name: string }>('select name from events where site_uid = $1', [siteUid])).rows.map(
      (r) => r.name,
    );
  const stored = async (comId: string) =>
    (
      await t.pool.query<{ n: number }>(
        'select coalesce(sum(cardinality(pin_names)), 0)::int as n from telemetry where com_id = $1',
        [comId],
      )
    ).rows[0]?.n ?? 0;

  it("refuses a device that signs in with its own secret but another device's client id; the victim stays connected", async () => {
    const victimSite = await buildSite(t.pool, { companyId: 'ftb' });
    const attackerSite = await buildSite(t.pool, { companyId: 'ktbl' });
    const victim = await connect(victimSite, {
      will: {
        topic: deviceTopics.status(victimSite.comId),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    let victimClosed = false;
    victim.on('close', () => {
      victimClosed = true;
    });
    await victim.publishAsync(deviceTopics.pins(victimSite.comId), pins('v-1'), { qos: 1 });
    await waitFor(async () => (await stored(victimSite.comId)) === 1);

    const failuresBefore = role.metrics.brokerAuthFailures;
    for (const clientId of [victimSite.comId, `${victimSite.comId}:x`, `${victimSite.comId}-x`]) {
      await expect(
        mqtt.connectAsync(role.brokerUrl, {
          clientId,
          username: attackerSite.comId,
          password: attackerSite.password,
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow(/not authorized/i);
    }
    expect(role.metrics.brokerAuthFailures).toBe(failuresBefore + 3);

    await sleep(300);
    await role.pipeline.idle();
    expect(victimClosed).toBe(false);
    expect(victim.connected).toBe(true);
    expect(await events(victimSite.siteUid)).not.toContain('device_offline');
    // The victim's connection still works.
    await victim.publishAsync(deviceTopics.pins(victimSite.comId), pins('v-2'), { qos: 1 });
    await waitFor(async () => (await stored(victimSite.comId)) === 2);
    // Its own com_id, or com_id:suffix, is accepted for the attacker's own device.
    await connect(attackerSite, { clientId: `${attackerSite.comId}:tool` });
    await connect(attackerSite);
  });

  it('refuses a last will on another device’s status topic at CONNECT', async () => {
    const victimSite = await buildSite(t.pool, { companyId: 'ftb' });
    const attackerSite = await buildSite(t.pool, { companyId: 'ktbl' });
    await expect(
      mqtt.connectAsync(role.brokerUrl, {
        clientId: attackerSite.comId,
        username: attackerSite.comId,
        password: attackerSite.password,
        reconnectPeriod: 0,
        will: {
          topic: deviceTopics.status(victimSite.comId),
          payload: Buffer.from('{"online":false}'),
          qos: 1,
        },
      }),
    ).rejects.toThrow(/not authorized/i);
    await role.pipeline.idle();
    expect(await events(victimSite.siteUid)).toEqual([]);
  });

  it('throttles a flooding device, disconnects it, refuses it for the cool-down and counts it in /metrics', async () => {
    const limit = deviceRateLimit();
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const calm = await buildSite(t.pool, { companyId: 'ktbl' });
    const rejectedBefore = role.metrics.rejected.rate_limited;
    const disconnectsBefore = role.metrics.rateLimitDisconnects;
    const flooder = await connect(site);
    let closed = false;
    flooder.on('close', () => {
      closed = true;
    });
    const started = Date.now();
    for (let i = 0; i < 2000 && !closed; i++) {
      flooder.publish(deviceTopics.pins(site.comId), pins(`flood-${i}`), { qos: 1 }, noop);
      if (i % 100 === 99) await sleep(1);
    }
    await waitFor(async () => closed);
    const elapsedS = (Date.now() - started) / 1000;
    await role.pipeline.idle();
    const accepted = await stored(site.comId);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(limit.burst + Math.ceil(limit.perSecond * elapsedS) + 1);
    expect(role.metrics.rejected.rate_limited - rejectedBefore).toBeGreaterThan(limit.floodExcess);
    expect(role.metrics.rateLimitDisconnects - disconnectsBefore).toBe(1);

    // Cool-down: the device's own credentials are refused for a while.
    await expect(
      mqtt.connectAsync(role.brokerUrl, {
        clientId: site.comId,
        username: site.comId,
        password: site.password,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/not authorized/i);

    // Another device within the rate is not affected.
    const other = await connect(calm);
    for (let i = 0; i < 20; i++)
      await other.publishAsync(deviceTopics.pins(calm.comId), pins(`calm-${i}`), { qos: 1 });
    await waitFor(async () => (await stored(calm.comId)) === 20);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const rateLimited = /^device_messages_rejected_total\{reason="rate_limited"\} (\d+)$/m.exec(res.body);
    expect(Number(rateLimited?.[1])).toBeGreaterThan(limit.floodExcess);
    const disconnects = /^device_rate_limit_disconnects_total (\d+)$/m.exec(res.body);
    expect(Number(disconnects?.[1])).toBeGreaterThanOrEqual(1);
  });
});
