/**
 * Issue 33 point 5: device identity on NATS (docs/decisions/nats-device-identity.md). A private
 * nats-server runs the auth config generated from the test database (ingest/nats/device-auth.ts), an
 * ingest worker process (`src/main.ts`, NATS_URL) signs in as the server processes' user. Then: a
 * device with its secret publishes over MQTT and is ingested; a wrong secret, an unknown com_id and a
 * login without credentials are refused at CONNECT and counted once each in the worker's
 * broker_auth_failures_total; a device's publish on another device's topic never reaches the device
 * stream; it cannot subscribe to another device's `cmd`, and receives its own (an unlock command);
 * its own last will reaches ingest (relayed by the worker), one on another device's topic does not; a
 * device signing in with another device's client id (which nats-server 2.9 cannot refuse) is counted
 * once in broker_client_id_violations_total and logged, its own client ids are not.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CommandMessage,
  deviceTopics,
  MQTT_MSGS_STREAM,
  MQTT_MSGS_SUBJECTS,
  natsSubjectMappings,
  topicToSubject,
} from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import type { Pool } from '../src/db/pool.ts';
import { internalNatsCredentials, natsAuthConfig } from '../src/ingest/nats/device-auth.ts';
import type { BuiltSite } from '../src/ingest/test-fixtures.ts';
import { killTestDatabase } from './kill-checks.ts';
import { type PrivateNats, startPrivateNats } from './private-nats.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';

const PARTITIONS = 4;
const TOKEN_SECRET = 'nats-identity-secret-nats-identity-secret-0123';

const spawned: Spawned[] = [];

describe('device identity on NATS', () => {
  let nats: PrivateNats;
  let db: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let a: BuiltSite;
  let b: BuiltSite;
  let worker: Spawned;
  let server: NatsConnection;
  const devices: MqttClient[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-nats-identity-'));

  /** A device's MQTT connection (no reconnects: a refusal must surface). */
  const device = async (username: string | undefined, password: string | undefined, clientId: string) => {
    const client = await mqtt.connectAsync(nats.mqttUrl, {
      clientId,
      username,
      password,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 20_000,
    });
    devices.push(client);
    return client;
  };

  const counter = async (name: string) => {
    const text = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  };
  const authFailures = () => counter('broker_auth_failures_total');

  /** The message ids ingested for `comId`. */
  const ingested = async (comId: string) => {
    const { rows } = await pool.query<{ msg_id: string }>(
      'select msg_id from ingest_messages where com_id = $1 order by msg_id',
      [comId],
    );
    return rows.map((r) => r.msg_id);
  };

  const reading = (msgId: string) =>
    JSON.stringify({ msg_id: msgId, ts: Date.now(), readings: [{ pin: 'am6', value: 30 }] });

  beforeAll(async () => {
    let sites: BuiltSite[];
    ({ db, pool, sites } = await killTestDatabase(2));
    [a, b] = sites as [BuiltSite, BuiltSite];
    const { text, summary } = await natsAuthConfig(pool, TOKEN_SECRET, PARTITIONS);
    expect(summary.skipped).not.toContain(a.comId);
    expect(summary.skipped).not.toContain(b.comId);
    expect(text).toContain(natsSubjectMappings(PARTITIONS));
    nats = await startPrivateNats({ partitions: PARTITIONS, accounts: text });
    worker = await spawnServer(spawned, 'ingest', {
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dataDir, 'ingest'),
      ROLES: 'ingest',
      NATS_URL: nats.url,
      NATS_PARTITIONS: String(PARTITIONS),
      TOKEN_SECRET,
      SIMULATOR: 'off',
      SEED_ON_EMPTY: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    });
    server = await connect({ servers: nats.url, ...internalNatsCredentials(TOKEN_SECRET) });
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true).catch(() => undefined)));
    await server?.close();
    for (const s of spawned) killGroup(s);
    await Promise.all(spawned.map((s) => s.exited));
    await pool?.end();
    await db?.drop();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is what the deploy/nats/ configs with device identity include, without a mapping of their own', () => {
    for (const file of ['nats-cluster.conf', 'nats-dev-identity.conf']) {
      const conf = readFileSync(path.join(REPO_ROOT, 'deploy', 'nats', file), 'utf8');
      expect(conf).toMatch(/^include "(\.\.\/\.\.\/data\/)?towerwatch-accounts\.conf"$/m);
      expect(conf).not.toMatch(/^mappings/m);
    }
  });

  it('refuses a wrong secret, an unknown device and no credentials, and counts each once', async () => {
    await waitFor(
      'the worker subscribed to the auth error advisories',
      () => worker.output().includes('nats: counting refused logins'),
      30_000,
    );
    expect(await authFailures()).toBe(0);
    const refused = /Not authorized|Bad username or password/i;
    await expect(device(a.comId, `${a.password}x`, a.comId)).rejects.toThrow(refused);
    await expect(device('NOSUCHDEVICE', a.password, 'NOSUCHDEVICE')).rejects.toThrow(refused);
    await expect(device(undefined, undefined, 'anonymous')).rejects.toThrow(refused);
    await waitFor('three refused logins counted', async () => (await authFailures()) >= 3, 30_000);
    expect(await authFailures()).toBe(3);
    // The server processes' user signs in: the worker did, and so does the test's connection.
    expect(server.isClosed()).toBe(false);
  });

  it('ingests a device’s own messages and drops what it publishes on another device’s topic', async () => {
    const client = await device(a.comId, a.password, a.comId);
    await client.publishAsync(deviceTopics.pins(b.comId), reading(`${b.comId}-forged`), { qos: 1 });
    await client.publishAsync(deviceTopics.pins(a.comId), reading(`${a.comId}-own`), { qos: 1 });
    await waitFor('the own message ingested', async () => (await ingested(a.comId)).length === 1, 60_000);
    expect(await ingested(a.comId)).toEqual([`${a.comId}-own`]);
    // The forged message was published before the own one on the same connection: had the server
    // taken it, the stream would hold it by now, or (consumed) it would be ingested. Neither.
    const jsm = await server.jetstreamManager();
    const info = await jsm.streams.info(MQTT_MSGS_STREAM, {
      subjects_filter: MQTT_MSGS_SUBJECTS[0] as string,
    });
    const subjects = Object.keys(info.state.subjects ?? {});
    expect(subjects.some((s) => s.includes(`.${b.comId}.`))).toBe(false);
    expect(await ingested(b.comId)).toEqual([]);
    expect(await authFailures()).toBe(3);
  });

  it('lets a device subscribe only to its own cmd, which reaches it', async () => {
    const got: string[] = [];
    const devA = await device(a.comId, a.password, `${a.comId}:cmd`);
    const devB = await device(b.comId, b.password, b.comId);
    const gotB: string[] = [];
    devA.on('message', (topic, payload) => got.push(`${topic} ${payload.toString()}`));
    devB.on('message', (topic, payload) => gotB.push(`${topic} ${payload.toString()}`));
    // SUBACK 0x80 (failure): mqtt.js rejects the subscription.
    const refused = /Subscribe error/;
    await expect(devA.subscribeAsync(deviceTopics.cmd(b.comId), { qos: 1 })).rejects.toThrow(refused);
    await expect(devA.subscribeAsync('tw/v1/dev/+/cmd', { qos: 1 })).rejects.toThrow(refused);
    await expect(devA.subscribeAsync(deviceTopics.cmd(b.comId), { qos: 0 })).rejects.toThrow(refused);
    const own = await devA.subscribeAsync(deviceTopics.cmd(a.comId), { qos: 1 });
    expect(own.map((g) => g.qos)).toEqual([1]);
    expect((await devB.subscribeAsync(deviceTopics.cmd(b.comId), { qos: 1 })).map((g) => g.qos)).toEqual([1]);

    const unlock = (cmdId: string): CommandMessage => ({
      cmd_id: cmdId,
      ts: Date.now(),
      command: 'unlock',
      params: { duration_s: 10 },
    });
    // As the command dispatcher does: a core NATS publish on the device's cmd subject.
    server.publish(topicToSubject(deviceTopics.cmd(b.comId)), JSON.stringify(unlock('for-b')));
    server.publish(topicToSubject(deviceTopics.cmd(a.comId)), JSON.stringify(unlock('for-a')));
    await waitFor('each device has its command', () => got.length >= 1 && gotB.length >= 1, 20_000);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`^${deviceTopics.cmd(a.comId)} .*"cmd_id":"for-a"`));
    expect(gotB).toHaveLength(1);
    expect(gotB[0]).toMatch(/"cmd_id":"for-b"/);
  });

  it('relays a device’s own last will to ingest, and drops a will on another device’s topic', async () => {
    /** The firmware a device last reported (a will below reports a marker of its own). */
    const firmware = async (comId: string) => {
      const { rows } = await pool.query<{ firmware: string | null }>(
        'select firmware from devices where com_id = $1',
        [comId],
      );
      return rows[0]?.firmware ?? null;
    };
    const will = (topic: string, fw: string) => ({
      topic,
      payload: Buffer.from(JSON.stringify({ online: false, ts: Date.now(), fw })),
      qos: 1 as const,
      retain: false,
    });
    // A forged will: device A signs in with a will on B's status topic and drops its connection.
    const forger = await mqtt.connectAsync(nats.mqttUrl, {
      clientId: `${a.comId}:forger`,
      username: a.comId,
      password: a.password,
      reconnectPeriod: 0,
      will: will(deviceTopics.status(b.comId), 'forged-will'),
    });
    forger.stream.destroy();
    // A's own will, after the forged one (its connection dropped first; nats-server closes the two
    // independently, so this catches a relayed forged will in practice, without a strict order).
    const own = await mqtt.connectAsync(nats.mqttUrl, {
      clientId: `${a.comId}:own-will`,
      username: a.comId,
      password: a.password,
      reconnectPeriod: 0,
      will: will(deviceTopics.status(a.comId), 'own-will'),
    });
    own.stream.destroy();
    await waitFor('the own will ingested', async () => (await firmware(a.comId)) === 'own-will', 30_000);
    expect(await firmware(b.comId)).not.toBe('forged-will');
  });

  it('counts and logs a device signed in with another device’s client id, not its own ids', async () => {
    // Every earlier test signed in with the device's own client ids (com_id, `{com_id}:{suffix}`).
    expect(await counter('broker_client_id_violations_total')).toBe(0);
    const taker = await device(a.comId, a.password, b.comId);
    expect(taker.connected).toBe(true);
    await waitFor(
      'the foreign client id counted',
      async () => (await counter('broker_client_id_violations_total')) >= 1,
      30_000,
    );
    expect(await counter('broker_client_id_violations_total')).toBe(1);
    // The log line reaches us through the worker's stdout, which may come after its metrics answer.
    const logged = () =>
      worker
        .output()
        .split('\n')
        .find((l) => l.includes('client id not its own'));
    await waitFor('the foreign client id logged', async () => logged() !== undefined, 30_000);
    const line = logged();
    expect(line).toContain(`"comId":"${a.comId}"`);
    expect(line).toContain(`"clientId":"${b.comId}"`);
    expect(await authFailures()).toBe(3);
  });
});
