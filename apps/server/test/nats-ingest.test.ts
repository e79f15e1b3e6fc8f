/**
 * Issue 33: partitioned ingest on NATS JetStream, proven by kill -9 (docs/operations.md "Scale-out
 * with NATS JetStream"). A private nats-server (MQTT listener, JetStream, the device subject mapping
 * of {@link PARTITIONS} partitions), three ingest worker processes and one api/live process
 * (`src/main.ts`, NATS_URL) on one database. Devices publish QoS 1 to the NATS MQTT listener, one
 * connection each, every message awaited (PUBACK) in order; mid-load one worker is killed (kill -9).
 * Then: every message the NATS server acknowledged to a device is stored exactly once, each device's
 * messages were committed in order, no alarm or offline event is written twice, the dead worker's
 * partitions are owned again within the bound, and a websocket client of the api/live process received
 * live events of the sites of every worker (the bus over core NATS). HTTP ingest through the api/live
 * process (no ingest role) is published to the device stream and written by the partitions' owners.
 * Last, a worker stopped with SIGTERM gives its partitions up to the one left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_ACTIONS, LIVE_EVENTS, MQTT_MSGS_STREAM, partitionOf } from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../src/db/pool.ts';
import type { BuiltSite } from '../src/ingest/test-fixtures.ts';
import { connectLive, type TestLiveClient } from '../src/live/test-client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import {
  expectDeviceOrder,
  expectEventsOnce,
  expectStoredOnce,
  killTestDatabase,
  publishReading,
  storedReadings,
} from './kill-checks.ts';
import { type PrivateNats, startPrivateNats } from './private-nats.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';

const PARTITIONS = 12;
const WORKERS = 3;
const DEVICES = 24;
const PER_DEVICE = 120;
const LEASE_TTL_S = 5;
/** The documented takeover bound (a poll after the dead worker's connections close, at most the TTL + a poll), with room for load 8+. */
const TAKEOVER_LIMIT_MS = (LEASE_TTL_S + 1 + 20) * 1000;

const spawned: Spawned[] = [];

describe('NATS JetStream ingest: three workers own the partitions, one is killed', () => {
  let nats: PrivateNats;
  let db: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let sites: BuiltSite[];
  let eventsBefore = 0;
  const devices: MqttClient[] = [];
  let socket: TestLiveClient | null = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-nats-'));

  const start = (name: string, roles: string) =>
    spawnServer(spawned, name, {
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dataDir, name),
      ROLES: roles,
      NATS_URL: nats.url,
      NATS_PARTITIONS: String(PARTITIONS),
      NATS_ACK_WAIT_S: '30',
      LEASE_TTL_S: String(LEASE_TTL_S),
      DEVICE_MAX_MSG_PER_S: '100000',
      TOKEN_SECRET: 'nats-test-secret-nats-test-secret-0123456789',
      SIMULATOR: 'off',
      SEED_ON_EMPTY: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    });

  /** Partition → holder's process id. */
  const owners = async () => {
    const { rows } = await pool.query<{ partition: number; holder: string | null }>(
      'select partition, holder from partition_leases where partition < $1 and holder is not null',
      [PARTITIONS],
    );
    return new Map(rows.map((r) => [r.partition, Number(r.holder?.split(':')[1])]));
  };

  beforeAll(async () => {
    nats = await startPrivateNats({ partitions: PARTITIONS });
    ({ db, pool, sites, eventsBefore } = await killTestDatabase(DEVICES));
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all(devices.map((d) => d.endAsync(true).catch(() => undefined)));
    for (const s of spawned) killGroup(s);
    await Promise.all(spawned.map((s) => s.exited));
    await pool?.end();
    await db?.drop();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged message once, in order, and re-owns a killed worker’s partitions', async () => {
    const workers: Spawned[] = [];
    for (let w = 0; w < WORKERS; w++) workers.push(await start(`w${w}`, 'ingest'));
    const pids = workers.map((w) => w.child.pid as number);
    // Balanced: every partition owned, each worker about PARTITIONS / WORKERS.
    await waitFor(
      'the workers share the partitions',
      async () => {
        const o = await owners();
        const counts = pids.map((pid) => [...o.values()].filter((p) => p === pid).length);
        return o.size === PARTITIONS && counts.every((n) => n === Math.ceil(PARTITIONS / WORKERS));
      },
      90_000,
    );
    const initial = await owners();
    const live = await start('live', 'api,live');
    const login = await fetch(`http://127.0.0.1:${live.port}/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    socket = await connectLive(`http://127.0.0.1:${live.port}`);
    socket.send({ action: LIVE_ACTIONS.LOGIN, token });
    await socket.next(LIVE_EVENTS.LOGIN_OK);

    for (const site of sites)
      devices.push(
        await mqtt.connectAsync(nats.mqttUrl, { clientId: site.comId, clean: true, reconnectPeriod: 500 }),
      );
    /** Acknowledged pins messages: device index → message indexes, in order. */
    const acked: string[] = [];
    const base = Date.now() - PER_DEVICE * 1000;
    const publishRange = (from: number, to: number) =>
      Promise.all(
        sites.map(async (site, d) => {
          for (let i = from; i < to; i++)
            await publishReading(devices[d] as MqttClient, site, i, base, acked);
        }),
      );
    const comIds = sites.map((s) => s.comId);
    const stored = () => storedReadings(pool, comIds);

    const half = PER_DEVICE / 2;
    const victim = workers[1] as Spawned;
    const victimPid = victim.child.pid as number;
    const victimPartitions = [...initial].filter(([, pid]) => pid === victimPid).map(([p]) => p);
    expect(victimPartitions.length).toBeGreaterThan(0);
    await publishRange(0, half);
    // Mid-load: part of it stored, the rest in the stream or in flight; more keeps coming while killed.
    await waitFor('the workers store messages', async () => (await stored()) >= DEVICES * 25, 90_000);
    const second = publishRange(half, PER_DEVICE);
    const killedAt = Date.now();
    killGroup(victim);
    await victim.exited;
    await waitFor(
      'the dead worker’s partitions are owned by the others',
      async () => {
        const o = await owners();
        return o.size === PARTITIONS && [...o.values()].every((pid) => pid !== victimPid);
      },
      TAKEOVER_LIMIT_MS,
    );
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(TAKEOVER_LIMIT_MS);
    await second;
    expect(acked).toHaveLength(DEVICES * PER_DEVICE);
    await waitFor('every acknowledged message stored', async () => (await stored()) >= acked.length, 120_000);

    // Nothing acknowledged is lost; nothing is stored twice.
    await expectStoredOnce(pool, acked, comIds);
    // Per-device order: a device's messages were committed in their order (commit times never go back).
    await expectDeviceOrder(pool, comIds);
    // Events: alarms raised and cleared many times, devices offline and back; none written twice,
    // and each site's in the order of their device time.
    await expectEventsOnce(pool, sites, eventsBefore, DEVICES);
    const backwards = await pool.query(
      `select site_uid, name, time from (
         select site_uid, name, time, lag(time) over (partition by site_uid, name order by id) as before
           from events where id > $1 and name = 'high_temperature') x
        where time < before limit 5`,
      [eventsBefore],
    );
    expect(backwards.rows).toEqual([]);

    // The live process received events of the sites of every worker (the killed one's included).
    const text = socket.messages.map((m) => JSON.stringify(m));
    for (const pid of pids) {
      const theirs = sites.filter((s) => initial.get(partitionOf(s.comId, PARTITIONS)) === pid);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.some((s) => text.some((t) => t.includes(s.siteUid)))).toBe(true);
    }

    // HTTP ingest through the api process: published to the device stream, written by the partitions' owners.
    const pushed = sites.slice(0, 4);
    await pool.query(`update devices set vendor = 'vendor-hsl' where com_id = any($1)`, [
      pushed.map((p) => p.comId),
    ]);
    const api = (url: string, body: object, bearer: string) =>
      fetch(`http://127.0.0.1:${live.port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify(body),
      });
    const vendorToken = (
      (await (await api('/urms/admin/generate-api-token', { vendor_uid: 'vendor-hsl' }, token)).json()) as {
        token: string;
      }
    ).token;
    const httpIds = pushed.flatMap((site) => [0, 1, 2].map((i) => `${site.comId}-h${i}`));
    const pushedReply = await api(
      '/urms/ingest/messages',
      {
        messages: pushed.flatMap((site) =>
          [0, 1, 2].map((i) => ({
            com_id: site.comId,
            kind: 'pins',
            payload: {
              msg_id: `${site.comId}-h${i}`,
              ts: base + (PER_DEVICE + i) * 1000,
              readings: [{ pin: 'am6', value: 31 }],
            },
          })),
        ),
      },
      vendorToken,
    );
    expect(pushedReply.status).toBe(200);
    expect(await pushedReply.json()).toEqual({ accepted: httpIds.length, refused: [] });
    await waitFor(
      'the messages pushed over HTTP are stored',
      async () =>
        (
          await pool.query<{ n: number }>(
            'select count(*)::int as n from ingest_messages where msg_id = any($1)',
            [httpIds],
          )
        ).rows[0]?.n === httpIds.length,
      60_000,
    );

    // A graceful stop (SIGTERM) gives the partitions up: the last worker owns them all.
    const [leaving, last] = workers.filter((w) => w !== victim) as [Spawned, Spawned];
    process.kill(-(leaving.child.pid as number), 'SIGTERM');
    await leaving.exited;
    await waitFor(
      'the last worker owns every partition',
      async () => {
        const o = await owners();
        return o.size === PARTITIONS && [...o.values()].every((pid) => pid === last.child.pid);
      },
      60_000,
    );
    // Every partition keeps exactly one consumer on $MQTT_msgs, its owner's: none lacks interest
    // (its messages would be dropped), none left over from an earlier owner (it would keep them).
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await nc.jetstreamManager();
      const consumersMatchEpochs = async () => {
        const { rows } = await pool.query<{ partition: number; epoch: string }>(
          'select partition, epoch from partition_leases where partition < $1',
          [PARTITIONS],
        );
        const names: string[] = [];
        for await (const c of jsm.consumers.list(MQTT_MSGS_STREAM)) names.push(c.name);
        return (
          names.length === PARTITIONS &&
          rows.every((r) =>
            names.some((n) => new RegExp(`^tw-p${r.partition}-e${r.epoch}(-r\\d+)?$`).test(n)),
          )
        );
      };
      await waitFor('one consumer per partition, its owner’s', consumersMatchEpochs, 30_000);
    } finally {
      await nc.close();
    }
  }, 420_000);
});
