/**
 * Device ingest end to end: a real broker (embedded aedes, and a Mosquitto of this file's own), the
 * ingest role, PostgreSQL (system or embedded, per vitest project) and /wss.
 */
import { randomBytes } from 'node:crypto';
import { deviceTopics, LIVE_EVENTS } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import { runOfflineCheck } from '../jobs/offline.ts';
import { connectLive, type TestLiveClient } from '../live/test-client.ts';
import type { IngestRole } from './ingest-role.ts';
import { type BuiltSite, buildSite, connectDevice } from './test-fixtures.ts';

let mosquitto: PrivateMosquitto | undefined;
afterAll(async () => {
  await mosquitto?.stop();
});

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['embedded', 'mosquitto'] as const)('ingest via %s broker', (brokerKind) => {
  let t: TestServer;
  let base: string;
  let role: IngestRole;
  const clients: MqttClient[] = [];
  const sockets: TestLiveClient[] = [];

  beforeAll(async () => {
    t = await startTestServer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${addr.port}`;
    if (brokerKind === 'mosquitto') mosquitto = await startPrivateMosquitto();
    role = await startTestIngestRole(t, {
      mqttUrl: brokerKind === 'mosquitto' ? mosquitto?.url : undefined,
      // One test publishes 1,000 messages of one device at once (ordering under concurrency); the
      // device rate limit has its own tests (src/broker/device-identity.test.ts).
      deviceRate: deviceRateLimit(100_000),
      // As the composition root wires it: pin updates only for sites a socket of this app focuses.
      focusedSites: t.container.focusedSites,
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
  const pins = (readings: Record<string, number>, msgId = `m${++seq}`, ts = t.clock.now().getTime()) =>
    JSON.stringify({
      msg_id: msgId,
      ts,
      readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
    });
  /**
   * A site created while /wss sockets of its company are open (from earlier tests): announced as the
   * site admin does (`site.config-changed`), so the live hub adds it to those sockets' sites.
   */
  async function newSite(options: Parameters<typeof buildSite>[1]): Promise<BuiltSite> {
    const site = await buildSite(t.pool, options);
    t.container.bus.publish('site.config-changed', { siteUid: site.siteUid });
    return site;
  }
  async function live(username: string): Promise<TestLiveClient> {
    const c = await connectLive(base);
    sockets.push(c);
    c.send({ action: 'LOGIN', token: await t.tokenFor(username) });
    await c.next(LIVE_EVENTS.LOGIN_OK);
    return c;
  }
  const alarm = async (siteUid: string, alarmId: string, tenant = '') =>
    (
      await t.pool.query<{ is_normal: boolean; is_disable: boolean; raised_at: Date | null }>(
        'select is_normal, is_disable, raised_at from alarms where site_uid = $1 and alarm_id = $2 and tenant = $3',
        [siteUid, alarmId, tenant],
      )
    ).rows[0];
  const events = async (siteUid: string) =>
    (
      await t.pool.query<{ id: number; name: string; tenant: string; active: boolean }>(
        'select id, name, tenant, active from events where site_uid = $1 order by id',
        [siteUid],
      )
    ).rows;

  it('turns a mains failure into the alarm, its events, updated counts and live messages for the right company only', async () => {
    const site = await newSite({ companyId: 'ktbl', tenants: ['robi'] });
    const ktbl = await live('ktbl');
    const ftb = await live('ftb');
    ktbl.send({ action: 'SESSION_START', site_uid: site.siteUid });
    await ktbl.next(LIVE_EVENTS.SESSION_STARTED);
    const countsBefore = await t.app.inject({
      url: '/user/site/status-counts',
      headers: await t.auth('ktbl'),
    });
    expect(countsBefore.statusCode).toBe(200);
    const offBefore = countsBefore.json().power.mains_off as number;

    const dev = await device(site);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 231, am2: 229, am3: 230, am4: 53.2 }), {
      qos: 1,
    });
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am1: 0, am2: 0, am3: 0 }), { qos: 1 });

    const mains = await waitFor(async () => {
      const a = await alarm(site.siteUid, 'mains_fail', 'robi');
      return a && !a.is_normal ? a : null;
    });
    expect(mains.raised_at).not.toBeNull();
    const names = (await events(site.siteUid)).map((e) => `${e.name}:${e.tenant}:${e.active}`);
    expect(names.sort()).toEqual([
      'battery_power:robi:true',
      'mains_fail:robi:true',
      'mains_outage:robi:true',
    ]);

    const countsAfter = await t.app.inject({
      url: '/user/site/status-counts',
      headers: await t.auth('ktbl'),
    });
    expect(countsAfter.json().power.mains_off).toBe(offBefore + 1);

    const ev = await ktbl.next(LIVE_EVENTS.SITE_EVENT, (m) => m.payload.name === 'mains_fail');
    expect(ev.payload).toMatchObject({ siteUid: site.siteUid, tenant: 'robi', active: true, group: 'RMS' });
    const status = await ktbl.next(LIVE_EVENTS.SITE_STATUS_UPDATED, (m) =>
      m.payload.alarms.some((a) => a.id === 'mains_fail' && !a.isNormal),
    );
    expect(status.payload.siteUid).toBe(site.siteUid);
    const phase = await ktbl.next(LIVE_EVENTS.MAIN_PHASE_VOLTAGE, (m) => m.payload.voltage === 0);
    expect(phase.payload).toMatchObject({ siteUid: site.siteUid, tenant: 'robi', comId: site.comId });
    const power = await ktbl.next(LIVE_EVENTS.POWER_COUNT, (m) => m.payload.mains_off === offBefore + 1);
    expect(power.payload.mains_off).toBe(offBefore + 1);

    ftb.send({ action: 'PING' });
    await ftb.next(LIVE_EVENTS.PONG);
    await new Promise((r) => setTimeout(r, 700));
    expect(
      ftb.messages.filter((m) => m.payload && 'siteUid' in m.payload && m.payload.siteUid === site.siteUid),
    ).toEqual([]);
    expect(ftb.messages.some((m) => m.event === LIVE_EVENTS.SITE_EVENT)).toBe(false);
  });

  it('ignores a redelivered msg_id', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await device(site);
    const dupBefore = role.metrics.rejected.duplicate;
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 30 }, 'same-1'), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'high_temperature'))?.is_normal === true);
    // Same id, different content: must change nothing.
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 60 }, 'same-1'), { qos: 1 });
    await waitFor(async () => role.metrics.rejected.duplicate > dupBefore);
    await role.pipeline.idle();
    expect((await alarm(site.siteUid, 'high_temperature'))?.is_normal).toBe(true);
    const { rows } = await t.pool.query(
      'select unnest(pin_values) as value from telemetry where com_id = $1',
      [site.comId],
    );
    expect(rows).toEqual([{ value: 30 }]);
    expect(await events(site.siteUid)).toEqual([]);
  });

  it('raises exactly one alarm from 1,000 concurrent messages of one device', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await device(site);
    const t0 = t.clock.now().getTime();
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 50 + (i % 5) }, `burst-${i}`, t0 + i), {
          qos: 1,
        }),
      ),
    );
    await waitFor(async () => {
      const { rows } = await t.pool.query<{ n: number }>(
        'select coalesce(sum(cardinality(pin_names)), 0)::int as n from telemetry where com_id = $1',
        [site.comId],
      );
      return rows[0]?.n === 1000;
    }, 30_000);
    await role.pipeline.idle();
    const evs = await events(site.siteUid);
    expect(evs.map((e) => e.name)).toEqual(['high_temperature']);
    const { rows } = await t.pool.query(
      'select count(*)::int as n from alarms where site_uid = $1 and not is_normal',
      [site.siteUid],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('counts and refuses malformed JSON, wrong types, unknown com_id (and, on the embedded broker, a foreign com_id) while ingest continues', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const other = await buildSite(t.pool, { companyId: 'ftb' });
    const dev = await device(site);
    const recent = (reason: string, topic: string) =>
      role.metrics.recent.some((r) => r.reason === reason && r.topic === topic);
    await dev.publishAsync(deviceTopics.pins(site.comId), '{"msg_id": "x1", "ts": ', { qos: 1 });
    await dev.publishAsync(
      deviceTopics.pins(site.comId),
      JSON.stringify({ msg_id: 'x2', ts: 'now', readings: [] }),
      {
        qos: 1,
      },
    );
    await waitFor(async () => recent('invalid_json', deviceTopics.pins(site.comId)));
    await waitFor(async () => recent('invalid_payload', deviceTopics.pins(site.comId)));

    const unknownComId = `NOPE${randomBytes(3).toString('hex')}`.toUpperCase();
    if (brokerKind === 'embedded') {
      // The broker refuses the login of an unknown device outright.
      await expect(
        mqtt.connectAsync(role.brokerUrl, { username: unknownComId, password: 'x', reconnectPeriod: 0 }),
      ).rejects.toThrow();
      const authFailures = role.metrics.brokerAuthFailures;
      expect(authFailures).toBeGreaterThan(0);
      // A device publishing under another device's com_id is refused by the broker and counted.
      const intruder = await device(site);
      intruder.on('error', () => undefined);
      intruder.publish(deviceTopics.pins(other.comId), pins({ am6: 99 }), { qos: 1 });
      await waitFor(async () => recent('forbidden_topic', deviceTopics.pins(other.comId)));
    } else {
      // Anonymous external broker: the com_id of the topic must be a registered device.
      await dev.publishAsync(deviceTopics.pins(unknownComId), pins({ am6: 20 }), { qos: 1 });
      await waitFor(async () => recent('unknown_device', deviceTopics.pins(unknownComId)));
    }
    // Ingest goes on: a valid message of the device is still processed.
    const dev2 = await device(site);
    await dev2.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 47 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'high_temperature'))?.is_normal === false);
    const otherTelemetry = await t.pool.query('select 1 from telemetry where com_id = $1', [other.comId]);
    expect(otherTelemetry.rows).toEqual([]);
  });

  it('raises device offline after the offline time without messages (injected clock)', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await device(site);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 30 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'high_temperature')) !== undefined);
    const deps = { db: t.pool, pipeline: role.pipeline, clock: t.clock, offlineMinutes: 15 };
    t.clock.advance(14 * 60_000);
    expect(await runOfflineCheck(deps)).not.toContain(site.siteUid);
    t.clock.advance(60_000);
    expect(await runOfflineCheck(deps)).toContain(site.siteUid);
    await role.pipeline.idle();
    expect(await alarm(site.siteUid, 'device_online')).toMatchObject({ is_normal: false });
    expect((await events(site.siteUid)).map((e) => `${e.name}:${e.active}`)).toEqual(['device_offline:true']);
    // The next message brings it back.
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 30 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'device_online'))?.is_normal === true);
  });

  it('keeps a paused alarm silent: state stored, no event, no live alarm message', async () => {
    const site = await newSite({ companyId: 'ktbl', settings: { door_status: 'disable' } });
    const ktbl = await live('ktbl');
    const dev = await device(site);
    // Lock open first (no breach), then the door opens: lock_status raises, door_status is paused.
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ di2: 0 }), { qos: 1 });
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ di1: 0 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'door_status'))?.is_normal === false);
    expect(await alarm(site.siteUid, 'door_status')).toMatchObject({ is_disable: true, is_normal: false });
    expect((await events(site.siteUid)).map((e) => e.name)).toEqual(['lock_open']);
    await ktbl.next(
      LIVE_EVENTS.SITE_EVENT,
      (m) => m.payload.siteUid === site.siteUid && m.payload.name === 'lock_open',
    );
    ktbl.send({ action: 'PING' });
    await ktbl.next(LIVE_EVENTS.PONG, (m) => m.payload.time !== '');
    await role.pipeline.idle();
    const siteEvents = ktbl.messages.filter(
      (m) => m.event === LIVE_EVENTS.SITE_EVENT && m.payload.siteUid === site.siteUid,
    );
    expect(siteEvents.map((m) => (m.event === LIVE_EVENTS.SITE_EVENT ? m.payload.name : ''))).toEqual([
      'lock_open',
    ]);
  });

  it('pauses an alarm through POST /user/settings/save: later transitions write no event', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await device(site);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ di2: 0 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'lock_status'))?.is_normal === false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/settings/save',
      headers: await t.auth('ktbl'),
      payload: { siteUid: site.siteUid, prop: 'lock_status', value: false },
    });
    expect(res.statusCode).toBe(200);
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ di2: 1 }), { qos: 1 });
    await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 50 }), { qos: 1 });
    await waitFor(async () => (await alarm(site.siteUid, 'high_temperature'))?.is_normal === false);
    expect(await alarm(site.siteUid, 'lock_status')).toMatchObject({ is_normal: true, is_disable: true });
    expect((await events(site.siteUid)).map((e) => e.name)).toEqual(['lock_open', 'high_temperature']);
  });

  it('publishes pending commands to the device and records its ack', async () => {
    const site = await newSite({ companyId: 'ktbl' });
    const ktbl = await live('ktbl');
    const dev = await device(site);
    await dev.subscribeAsync(deviceTopics.cmd(site.comId), { qos: 1 });
    const received = new Promise<{ cmd_id: string; command: string }>((resolve) =>
      dev.on('message', (topic, payload) => {
        if (topic === deviceTopics.cmd(site.comId)) resolve(JSON.parse(payload.toString()));
      }),
    );
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into commands (site_uid, com_id, command, params) values ($1, $2, 'unlock', '{"duration_s": 5}') returning id`,
      [site.siteUid, site.comId],
    );
    const id = rows[0]?.id as number;
    t.container.bus.publish('command.created', { id });
    const cmd = await received;
    expect(cmd).toMatchObject({ cmd_id: String(id), command: 'unlock' });
    await dev.publishAsync(
      deviceTopics.cmdAck(site.comId),
      JSON.stringify({ cmd_id: String(id), ok: true }),
      {
        qos: 1,
      },
    );
    const acked = await ktbl.next(
      LIVE_EVENTS.COMMAND_STATUS,
      (m) => m.payload.id === id && m.payload.status === 'acked',
    );
    expect(acked.payload).toMatchObject({ siteUid: site.siteUid, kind: 'unlock' });
    const row = await t.pool.query(
      'select status, acked_at is not null as acked from commands where id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ status: 'acked', acked: true });
  });

  it('announces the access-list version a device reports in its status (docs/requirements.md#access-reconcile)', async () => {
    const site = await newSite({ companyId: 'ktbl' });
    const reports: { comId: string; version: number }[] = [];
    const stop = t.container.bus.subscribe('device.access-list-reported', (e) => {
      if (e.comId === site.comId) reports.push(e);
    });
    const dev = await device(site);
    // Older firmware (no field) is not a report; then the controller restarted without its list.
    await dev.publishAsync(deviceTopics.status(site.comId), JSON.stringify({ online: true }), { qos: 1 });
    await dev.publishAsync(
      deviceTopics.status(site.comId),
      JSON.stringify({ online: true, access_list_version: 0 }),
      { qos: 1, retain: true },
    );
    await waitFor(async () => reports.length > 0);
    stop();
    expect(reports).toEqual([{ comId: site.comId, version: 0 }]);
  });
});
