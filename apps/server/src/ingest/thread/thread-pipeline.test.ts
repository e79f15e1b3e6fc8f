/**
 * The ingest pipeline in its own thread (docs/decisions/ingest-thread.md): a real worker thread with
 * its own pool, the embedded broker on the main thread, PostgreSQL (system or embedded, per vitest
 * project) and /wss. A message is acknowledged only once the thread committed it, with its counts on
 * the main thread already; the thread's live messages reach the main thread's sockets; the main
 * thread's focus and config changes reach the thread.
 */
import { deviceTopics, LIVE_EVENTS } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { waitFor } from '../../../test/server-processes.ts';
import { connectLive, type TestLiveClient } from '../../live/test-client.ts';
import type { IngestFrontRole } from '../ingest-role.ts';
import { type BuiltSite, buildSite, connectDevice } from '../test-fixtures.ts';
import { startThreadedIngestRole } from './threaded-role.ts';

describe('ingest in its own thread', () => {
  let t: TestServer;
  let base: string;
  let role: IngestFrontRole;
  const clients: MqttClient[] = [];
  const sockets: TestLiveClient[] = [];

  beforeAll(async () => {
    t = await startTestServer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${addr.port}`;
    role = await startThreadedIngestRole({
      pool: t.pool,
      bus: t.container.bus,
      clock: t.clock,
      log: t.container.log,
      logLevel: 'silent',
      poolMax: 4,
      tokenSecret: t.config.tokenSecret,
      mqttPort: 0,
      metrics: t.container.ingestMetrics,
      deviceRate: deviceRateLimit(100_000),
      focusedSites: t.container.focusedSites,
      onFailure: (err) => {
        throw err;
      },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await role?.stop();
    await t?.close();
  });

  async function device(site: Pick<BuiltSite, 'comId' | 'password'>): Promise<MqttClient> {
    const c = await connectDevice(role.brokerUrl, site);
    clients.push(c);
    return c;
  }
  let seq = 0;
  // The thread keeps the real time (its clock is the system's): the messages' ts are now.
  const pins = (readings: Record<string, number>) =>
    JSON.stringify({
      msg_id: `t${++seq}`,
      ts: Date.now(),
      readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
    });
  const stored = async (comId: string) =>
    Number(
      (await t.pool.query<{ n: string }>('select count(*) as n from telemetry where com_id = $1', [comId]))
        .rows[0]?.n,
    );

  it('acknowledges a message once the thread committed it, with its counts on the main thread', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const dev = await device(site);
    const accepted = t.container.ingestMetrics.accepted;
    for (let i = 1; i <= 20; i++) {
      await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 230 + i, am4: 53 }), { qos: 1 });
      // The PUBACK came: the row is in the database and counted where /metrics reads.
      expect(await stored(site.comId)).toBe(i);
      expect(t.container.ingestMetrics.accepted).toBe(accepted + i);
    }
  });

  it('counts a refused message on the main thread before its acknowledgement', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await device(site);
    const before = t.container.ingestMetrics.rejected.invalid_json;
    await dev.publishAsync(deviceTopics.pins(site.comId), '{not json', { qos: 1 });
    expect(t.container.ingestMetrics.rejected.invalid_json).toBe(before + 1);
    expect(t.container.ingestMetrics.recent.at(-1)).toMatchObject({
      reason: 'invalid_json',
      comId: site.comId,
    });
    expect(await stored(site.comId)).toBe(0);
  });

  it("sends the thread's alarms and a focused site's pin updates to the main thread's sockets", async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    // The site is new to the sockets' hub: announced as the site admin does.
    t.container.bus.publish('site.config-changed', { siteUid: site.siteUid });
    const ktbl = await connectLive(base);
    sockets.push(ktbl);
    ktbl.send({ action: 'LOGIN', token: await t.tokenFor('ktbl') });
    await ktbl.next(LIVE_EVENTS.LOGIN_OK);
    ktbl.send({ action: 'SESSION_START', site_uid: site.siteUid });
    await ktbl.next(LIVE_EVENTS.SESSION_STARTED);
    const dev = await device(site);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 231, am2: 229, am3: 230, am4: 53.2 }), {
      qos: 1,
    });
    // Pin updates are built in the thread only for focused sites: the hub's focus crossed the bus.
    const phase = await ktbl.next(LIVE_EVENTS.MAIN_PHASE_VOLTAGE, (m) => m.payload.siteUid === site.siteUid);
    expect(phase.payload).toMatchObject({ comId: site.comId, tenant: 'robi' });
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 0, am2: 0, am3: 0 }), { qos: 1 });
    const ev = await ktbl.next(
      LIVE_EVENTS.SITE_EVENT,
      (m) => m.payload.siteUid === site.siteUid && m.payload.name === 'mains_fail',
    );
    expect(ev.payload).toMatchObject({ tenant: 'robi', active: true });
  });

  it('applies a config change published on the main thread in the thread', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const dev = await device(site);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 230 }), { qos: 1 });
    // am1 is re-typed as a temperature pin; the thread's cached site keeps the old layout until told.
    await t.pool.query(`update pin_configs set type = 'temperature' where com_id = $1 and pin_name = 'am1'`, [
      site.comId,
    ]);
    t.container.bus.publish('site.config-changed', { siteUid: site.siteUid });
    await waitFor(
      'a high temperature alarm from the re-typed pin',
      async () => {
        await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 99 }), { qos: 1 });
        const { rows } = await t.pool.query<{ n: string }>(
          `select count(*) as n from alarms where site_uid = $1 and alarm_id = 'high_temperature' and not is_normal`,
          [site.siteUid],
        );
        return Number(rows[0]?.n) > 0;
      },
      15_000,
    );
  });

  it('runs jobs handed to it and settles them', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    await new Promise<void>((resolve) =>
      role.pipeline.enqueue(site.siteUid, { kind: 'settings', receivedAt: new Date() }, resolve),
    );
    await role.pipeline.idle();
  });
});
