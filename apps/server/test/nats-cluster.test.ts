/**
 * Issue 33: the device stream on a 3-node NATS cluster (replicas 3) when the stream's leader node is
 * killed (kill -9) mid-load (docs/operations.md "Scale-out with NATS JetStream", failure modes).
 * Devices publish QoS 1 to the MQTT listener of a node that is not the stream leader; two ingest
 * workers (`src/main.ts`, NATS_URL of the three nodes) own the partitions. What the stream holds —
 * everything acknowledged before the kill and after the new leader is elected — is stored exactly
 * once, in each device's order, and no event is written twice.
 *
 * NOT asserted, because nats-server 2.9.10 does not give it: messages a device publishes while the
 * stream has no leader (the election after the kill) are acknowledged by the MQTT listener and kept
 * by no stream (docs/decisions/nats-mqtt-puback-before-stream-store.md). The test logs how many:
 * 720 of 720 in each of three runs on 2026-12-06.
 *
 * Opt-in (`TW_NATS_CLUSTER_TEST=1`), not in `npm test` yet: in one of three runs (before the partition
 * leases were renewed between slow partition starts) the workers took more
 * than 180 s to store what was published after the failover (partition leases expired while the
 * workers' JetStream requests timed out during the election, and taking the partitions back failed
 * with "filtered consumer not unique" until the old consumers were gone) — to be made robust first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STREAM_SUBJECTS } from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { connect, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../src/db/pool.ts';
import type { BuiltSite } from '../src/ingest/test-fixtures.ts';
import {
  expectDeviceOrder,
  expectEventsOnce,
  killTestDatabase,
  publishReading,
  storedReadings,
} from './kill-checks.ts';
import { type PrivateNats, startPrivateNatsCluster } from './private-nats.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';

const PARTITIONS = 8;
const DEVICES = 12;
const PER_DEVICE = 120;
const STREAM = 'TW_DEVICES';

const spawned: Spawned[] = [];

describe.skipIf(!process.env.TW_NATS_CLUSTER_TEST)('NATS cluster: the stream leader node is killed', () => {
  let nodes: Array<PrivateNats & { name: string }>;
  let db: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let sites: BuiltSite[];
  let eventsBefore = 0;
  let nc: NatsConnection | null = null;
  const devices: MqttClient[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-nats-cluster-'));

  beforeAll(async () => {
    nodes = await startPrivateNatsCluster({ partitions: PARTITIONS, size: 3 });
    ({ db, pool, sites, eventsBefore } = await killTestDatabase(DEVICES));
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

  it('stores once what the stream holds after the leader dies', async () => {
    const servers = nodes.map((n) => n.url);
    nc = await connect({ servers, maxReconnectAttempts: -1 });
    const jsm = await nc.jetstreamManager();
    // The stream, replicated 3 times, once the cluster's JetStream has a meta leader.
    await waitFor(
      'the R3 device stream is created',
      async () =>
        !!(await jsm.streams
          .add({
            name: STREAM,
            subjects: STREAM_SUBJECTS,
            retention: RetentionPolicy.Workqueue,
            storage: StorageType.File,
            num_replicas: 3,
          })
          .catch(() => null)),
      60_000,
    );
    const leaderName = async () => (await jsm.streams.info(STREAM)).cluster?.leader ?? '';
    await waitFor('the stream has a leader', async () => (await leaderName()) !== '', 30_000);
    for (const name of ['w0', 'w1'])
      await spawnServer(spawned, name, {
        DATABASE_URL: db.url,
        DATA_DIR: path.join(dataDir, name),
        ROLES: 'ingest',
        NATS_URL: servers.join(','),
        NATS_PARTITIONS: String(PARTITIONS),
        NATS_REPLICAS: '3',
        LEASE_TTL_S: '5',
        DEVICE_MAX_MSG_PER_S: '100000',
        TOKEN_SECRET: 'nats-cluster-secret-nats-cluster-secret-0123',
        SEED_ON_EMPTY: 'off',
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
      });
    const leaderNow = await leaderName();
    const victim = nodes.find((n) => n.name === leaderNow) as PrivateNats & { name: string };
    expect(victim).toBeDefined();
    const entry = nodes.find((n) => n !== victim) as PrivateNats;
    for (const site of sites)
      devices.push(
        await mqtt.connectAsync(entry.mqttUrl, { clientId: site.comId, clean: true, reconnectPeriod: 500 }),
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
    const before: string[] = [];
    await publishRange(0, PER_DEVICE / 2, before);
    await waitFor(
      'the workers store messages',
      async () => (await storedReadings(pool, comIds)) >= 200,
      90_000,
    );
    // Killed while devices publish; what they publish during the election is acknowledged, maybe not kept.
    const during: string[] = [];
    const second = publishRange(PER_DEVICE / 2, PER_DEVICE, during);
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
    await waitFor('the workers own every partition again', ownedByWorkers, 90_000);
    const after: string[] = [];
    await publishRange(PER_DEVICE, PER_DEVICE + 30, after);
    const kept = [...before, ...after];
    const stored = () =>
      pool
        .query<{ n: number }>('select count(*)::int as n from ingest_messages where msg_id = any($1)', [kept])
        .then((r) => r.rows[0]?.n ?? 0);
    await waitFor(
      'every message acknowledged outside the election stored',
      async () => (await stored()) >= kept.length,
      180_000,
    );
    const { rows: lostRows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from unnest($1::text[]) as u(id)
        where not exists (select 1 from ingest_messages m where m.msg_id = u.id)`,
      [during],
    );
    console.info(
      `nats cluster: ${lostRows[0]?.n ?? 0} of ${during.length} messages acknowledged during the stream leader's failover were not kept`,
    );
    // Stored once: no duplicate rows, no message twice, no event twice, each device in order.
    const telemetry = await pool.query<{ n: number; distinct_n: number }>(
      `select count(*)::int as n, count(distinct (com_id, ts))::int as distinct_n from telemetry where com_id = any($1)`,
      [comIds],
    );
    expect(telemetry.rows[0]?.n).toBe(telemetry.rows[0]?.distinct_n);
    expect(telemetry.rows[0]?.n ?? 0).toBeGreaterThanOrEqual(kept.length);
    await expectDeviceOrder(pool, comIds);
    await expectEventsOnce(pool, sites, eventsBefore);
  }, 420_000);
});
