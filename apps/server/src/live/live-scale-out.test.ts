/**
 * Scale-out (issue 12, finding 3): two server processes share the database and an external broker
 * (a Mosquitto of this file's own), each with its own bus bridged through the broker as `startRoles` does
 * with MQTT_URL. A socket on process B follows a logout, a disable or a tenant reduction made over
 * HTTP on process A within 1 s; ingest on process A builds pin updates for the sites a socket on
 * process B is focused on. A unique topic root keeps parallel test runs apart.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics, LIVE_EVENTS } from '@towerwatch/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from '../../test/private-mosquitto.ts';
import { type App, buildApp } from '../app.ts';
import { startBusBridge } from '../bus/mqtt-bridge.ts';
import { type Container, createContainer } from '../composition.ts';
import { loadConfig } from '../config.ts';
import { createPool, type Pool } from '../db/pool.ts';
import { type BuiltSite, buildSite } from '../ingest/test-fixtures.ts';
import { createLogger } from '../logger.ts';
import {
  ackEvent,
  cloneUser,
  closedWithin,
  listenBase,
  liveLogin,
  receivedAckIds,
  roundTrip,
} from './revocation-fixtures.ts';

let mosquitto: PrivateMosquitto;
const topicRoot = `tw-test/${randomBytes(6).toString('hex')}/bus`;

/** Process A: the test server (every role). */
let a: TestServer;
/** Process B: a `live` process on the same database schema. */
let b: { app: App; container: Container; pool: Pool; base: string };
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  mosquitto = await startPrivateMosquitto();
  a = await startTestServer();
  const pool = createPool({ connectionString: a.url, max: 3 });
  const config = loadConfig({
    TOKEN_SECRET: a.config.tokenSecret,
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    ROLES: 'live',
  });
  const log = createLogger(config.logLevel);
  const container = createContainer({ config, pool, clock: a.clock, log });
  const app = await buildApp({ container, log, webDist: null });
  await app.ready();
  b = { app, container, pool, base: await listenBase(app) };
  stops.push(await startBusBridge(a.container.bus, mosquitto.url, a.container.log, topicRoot));
  stops.push(await startBusBridge(b.container.bus, mosquitto.url, b.container.log, topicRoot));
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await b?.app.close();
  await b?.pool.end();
  await a?.close();
  await mosquitto?.stop();
});

const postOnA = async (url: string, headers: { authorization: string }, payload: object) =>
  a.app.inject({ method: 'POST', url, headers, payload });

describe('a socket on another process follows its session and user', () => {
  it('logout on process A closes the session’s socket on process B within 1 s', async () => {
    await cloneUser(a.pool, 'robi.viewer', 'so.logout');
    const token = await a.tokenFor('so.logout');
    const socket = await liveLogin(b.base, token);
    const res = await postOnA('/user/auth/logout', { authorization: `Bearer ${token}` }, {});
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 1000)).toEqual({ code: 4001, reason: 'session ended' });
  });

  it('disabling the user on process A closes its socket on process B within 1 s', async () => {
    const uid = await cloneUser(a.pool, 'robi.viewer', 'so.disable');
    const socket = await liveLogin(b.base, await a.tokenFor('so.disable'));
    const res = await postOnA('/user/auth/update', await a.auth('admin'), { uid, disabled: true });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 1000)).toEqual({ code: 4003, reason: 'user disabled' });
  });

  it('a tenant reduction on process A stops robi events on process B’s socket within 1 s', async () => {
    const uid = await cloneUser(a.pool, 'robi.viewer', 'so.tenants', ['robi', 'grameenphone']);
    const site = await buildSite(a.pool, { companyId: 'ktbl', tenants: ['robi', 'grameenphone'] });
    const socket = await liveLogin(b.base, await a.tokenFor('so.tenants'));
    ackEvent(b.container.bus, site.siteUid, 1, 'robi');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 1);

    const res = await postOnA('/user/auth/update', await a.auth('admin'), { uid, tenants: ['grameenphone'] });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    ackEvent(b.container.bus, site.siteUid, 2, 'robi');
    ackEvent(b.container.bus, site.siteUid, 3, 'grameenphone');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 3);
    await roundTrip(socket);
    expect(receivedAckIds(socket)).toEqual([1, 3]);
    socket.close();
  });
});

describe('ingest on process A and a socket focused on process B', () => {
  it('builds pin updates for the site the socket on B is focused on, and not for other sites', async () => {
    const role = await startTestIngestRole(a, {
      focusedSites: a.container.focusedSites,
    });
    stops.unshift(() => role.stop());
    const focused = await buildSite(a.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const other = await buildSite(a.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const built = new Set<string>();
    a.container.bus.subscribe('live', (e) => {
      if (e.audience.focus && e.message.event === LIVE_EVENTS.MAIN_PHASE_VOLTAGE && e.audience.siteUid)
        built.add(e.audience.siteUid);
    });
    const socket = await liveLogin(b.base, await a.tokenFor('ktbl'));
    socket.send({ action: 'SESSION_START', site_uid: focused.siteUid });
    await socket.next(LIVE_EVENTS.SESSION_STARTED);
    // B's hub publishes its focused sites; A hears them through the broker.
    const end = Date.now() + 2000;
    while (!a.container.focusedSites.has(focused.siteUid) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    expect(a.container.focusedSites.has(focused.siteUid)).toBe(true);
    expect(a.container.focusedSites.has(other.siteUid)).toBe(false);

    const publish = async (site: BuiltSite, msgId: string) => {
      const dev = await mqtt.connectAsync(role.brokerUrl, {
        clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
        username: site.comId,
        password: site.password,
        reconnectPeriod: 0,
      });
      const body = { msg_id: msgId, ts: a.clock.now().getTime(), readings: [{ pin: 'am1', value: 231 }] };
      await dev.publishAsync(deviceTopics.pins(site.comId), JSON.stringify(body), { qos: 1 });
      await dev.endAsync();
    };
    await publish(other, 'so-other');
    await publish(focused, 'so-focused');
    const update = await socket.next(
      LIVE_EVENTS.MAIN_PHASE_VOLTAGE,
      (m) => m.payload.siteUid === focused.siteUid,
    );
    expect(update.payload).toMatchObject({ phase: 'a', voltage: 231 });
    // Both messages were acknowledged, i.e. committed and fanned out (PUBACK after the fan-out).
    expect([...built]).toEqual([focused.siteUid]);

    // The socket leaves the site: A forgets it.
    socket.send({ action: 'SESSION_START', site_uid: other.siteUid });
    await socket.next(LIVE_EVENTS.SESSION_STARTED, (m) => m.payload.siteUid === other.siteUid);
    const end2 = Date.now() + 2000;
    const moved = () =>
      !a.container.focusedSites.has(focused.siteUid) && a.container.focusedSites.has(other.siteUid);
    while (!moved() && Date.now() < end2) await new Promise((r) => setTimeout(r, 20));
    expect(a.container.focusedSites.has(focused.siteUid)).toBe(false);
    expect(a.container.focusedSites.has(other.siteUid)).toBe(true);
    socket.close();
  });
});
