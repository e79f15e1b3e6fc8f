/**
 * Issue 33: the device messages on a 3-node NATS cluster (replicas 3) when the stream's leader node is
 * killed (kill -9) mid-load (docs/operations.md "Scale-out with NATS JetStream", failure modes). The
 * stream is the MQTT listener's `$MQTT_msgs`, whose store the PUBACK of a QoS 1 publish waits for
 * (docs/decisions/nats-mqtt-puback-before-stream-store.md). Devices publish QoS 1 to the MQTT
 * listener of a node that is not that stream's leader; two ingest workers (`src/main.ts`, NATS_URL of
 * the three nodes) own the partitions. While devices publish, the leader's node is killed: then every
 * message a device got a PUBACK for — before, during and after the election — is stored exactly
 * once, in each device's order, and no event is written twice. (A publish the listener could not
 * store in the election gets no PUBACK: its connection is closed and the device sends it again.)
 * The cluster runs device identity as deploy/nats/nats-cluster.conf does (the accounts generated from
 * the database, ingest/nats/device-auth.ts): devices sign in with their secrets, the workers and the
 * test with the server processes' credential.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MQTT_MSGS_STREAM, MQTT_MSGS_SUBJECTS } from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { connect, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../src/db/pool.ts';
import { internalNatsCredentials, natsAuthConfig } from '../src/ingest/nats/device-auth.ts';
import type { BuiltSite } from '../src/ingest/test-fixtures.ts';
import {
  expectDeviceOrder,
  expectEventsOnce,
  expectStoredOnce,
  killTestDatabase,
  publishReading,
  storedReadings,
} from './kill-checks.ts';
import { type PrivateNats, startPrivateNatsCluster } from './private-nats.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';

const PARTITIONS = 8;
const DEVICES = 12;
const PER_DEVICE = 120;
const TOKEN_SECRET = 'nats-cluster-secret-nats-cluster-secret-0123';

const spawned: Spawned[] = [];

describe('NATS cluster: the stream leader node is killed', () => {
  let nodes: Array<PrivateNats & { name: string }>;
  let db: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let sites: BuiltSite[];
  let eventsBefore = 0;
  let nc: NatsConnection | null = null;
  const devices: MqttClient[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-nats-cluster-'));

  beforeAll(async () => {
    ({ db, pool, sites, eventsBefore } = await killTestDatabase(DEVICES));
    const { text: accounts, summary } = await natsAuthConfig(pool, TOKEN_SECRET, PARTITIONS);
    expect(sites.filter((site) => summary.skipped.includes(site.comId))).toEqual([]);
    nodes = await startPrivateNatsCluster({ partitions: PARTITIONS, size: 3, accounts });
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true).catch(() => undefined)));
    await nc?.close().catch(() => undefined);
    for (const s of spawned) killGroup(s);
    await Promise.all(spawned.map((s) => s.exited));
    await pool?.end();
    await db?.drop();
    for (const n of nodes ?? []) await n.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged message once, in order, when the stream leader dies', async () => {
    const servers = nodes.map((n) => n.url);
    nc = await connect({ servers, maxReconnectAttempts: -1, ...internalNatsCredentials(TOKEN_SECRET) });
    // No API check: it is a request that times out before the cluster's JetStream has a meta leader.
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    // The stream as the MQTT listener (and a worker) creates it, once the cluster's JetStream has a
    // meta leader: the workers find it and create their consumers.
    await waitFor(
      'the R3 $MQTT_msgs stream is created',
      async () =>
        !!(await jsm.streams
          .add({
            name: MQTT_MSGS_STREAM,
            subjects: MQTT_MSGS_SUBJECTS,
            retention: RetentionPolicy.Interest,
            storage: StorageType.File,
            num_replicas: 3,
          })
          .catch(() => null)),
      60_000,
    );
    const leaderName = async () => (await jsm.streams.info(MQTT_MSGS_STREAM)).cluster?.leader ?? '';
    // The info request times out (5 s) while the new stream elects its leader.
    await waitFor('the stream has a leader', async () => (await leaderName().catch(() => '')) !== '', 60_000);
    const worker = (name: string) =>
      spawnServer(spawned, name, {
        DATABASE_URL: db.url,
        DATA_DIR: path.join(dataDir, name),
        ROLES: 'ingest',
        NATS_URL: servers.join(','),
        NATS_PARTITIONS: String(PARTITIONS),
        NATS_REPLICAS: '3',
        // The default: JetStream requests wait up to 5 s during the election, longer than a 5 s lease.
        LEASE_TTL_S: '15',
        DEVICE_MAX_MSG_PER_S: '100000',
        TOKEN_SECRET,
        SEED_ON_EMPTY: 'off',
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
      });
    await Promise.all([worker('w0'), worker('w1')]);
    const leaderNow = await leaderName();
    const victim = nodes.find((n) => n.name === leaderNow) as PrivateNats & { name: string };
    expect(victim).toBeDefined();
    const entry = nodes.find((n) => n !== victim) as PrivateNats;
    // Device identity is in force: a wrong secret is refused.
    const first = sites[0] as BuiltSite;
    await expect(
      mqtt.connectAsync(entry.mqttUrl, {
        clientId: first.comId,
        username: first.comId,
        password: `${first.password}x`,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/Not authorized|Bad username or password/i);
    for (const site of sites)
      devices.push(
        await mqtt.connectAsync(entry.mqttUrl, {
          clientId: site.comId,
          username: site.comId,
          password: site.password,
          clean: true,
          reconnectPeriod: 500,
        }),
      );
    const base = Date.now() - 2 * PER_DEVICE * 1000;
    const comIds = sites.map((s) => s.comId);
    const publishRange = (from: number, to: number, acked: string[]) =>
      Promise.all(
        sites.map(async (site, d) => {
          for (let i = from; i < to; i++)
            await publishReading(devices[d] as MqttClient, site, i, base, acked);
        }),
      );
    const ownedByWorkers = async () =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from partition_leases where partition < $1 and holder is not null
             and expires_at > now()`,
          [PARTITIONS],
        )
      ).rows[0]?.n === PARTITIONS;
    await waitFor('the workers own every partition', ownedByWorkers, 60_000);
    const acked: string[] = [];
    await publishRange(0, PER_DEVICE / 2, acked);
    await waitFor(
      'the workers store messages',
      async () => (await storedReadings(pool, comIds)) >= 200,
      90_000,
    );
    // Killed while devices publish (some of the second half acknowledged already).
    const second = publishRange(PER_DEVICE / 2, PER_DEVICE, acked);
    await waitFor('devices publish', () => acked.length >= DEVICES * (PER_DEVICE / 2 + 10), 60_000);
    expect(await leaderName()).toBe(victim.name);
    await victim.stop();
    await waitFor(
      'another node leads the stream',
      async () => {
        const name = await leaderName().catch(() => '');
        return name !== '' && name !== victim.name;
      },
      60_000,
    );
    await second;
    await publishRange(PER_DEVICE, PER_DEVICE + 30, acked);
    expect(acked).toHaveLength(DEVICES * (PER_DEVICE + 30));
    await waitFor(
      'every acknowledged message stored',
      async () => (await storedReadings(pool, comIds)) >= acked.length,
      120_000,
    );
    // Nothing acknowledged is lost, nothing is stored twice, each device in order, no event twice.
    await expectStoredOnce(pool, acked, comIds);
    await expectDeviceOrder(pool, comIds);
    await expectEventsOnce(pool, sites, eventsBefore);
  }, 420_000);
});
