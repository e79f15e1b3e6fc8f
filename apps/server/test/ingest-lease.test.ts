/**
 * Issue 33 (1): a second ingest process on the same database never writes a duplicate row or event
 * (docs/operations.md "Two ingest processes"). Two real server processes (`src/main.ts`, ROLES=ingest,
 * different MQTT_CLIENT_IDs) on one database and one Mosquitto: one holds the ingest lease, the other
 * waits as a standby. Devices publish a few thousand QoS 1 messages; mid-load the active process is
 * killed (kill -9); the standby takes over within the bound, resumes the lease's MQTT session and stores
 * what the broker acknowledged and queued. Then every acknowledged message is stored exactly once
 * (telemetry count = count distinct), and no device_offline or alarm event is written twice. The jobs
 * role (also run by both) is taken over the same way: one jobs process at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../src/db/pool.ts';
import type { BuiltSite } from '../src/ingest/test-fixtures.ts';
import {
  expectEventsOnce,
  expectStoredOnce,
  killTestDatabase,
  publishReading,
  storedReadings,
} from './kill-checks.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from './private-mosquitto.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';

const DEVICES = 20;
const PER_DEVICE = 150;
const LEASE_TTL_S = 5;

const spawned: Spawned[] = [];

describe('two ingest processes on one database', () => {
  let mosquitto: PrivateMosquitto;
  let db: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let sites: BuiltSite[];
  /** Events before the test (the demo data's): only those written by the two processes are checked. */
  let eventsBefore = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-lease-'));

  const start = (name: string) =>
    spawnServer(spawned, name, {
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dataDir, name),
      ROLES: 'ingest,jobs',
      MQTT_URL: mosquitto.url,
      MQTT_CLIENT_ID: `lease-test-${name}-${process.pid}`,
      MQTT_SESSION_EXPIRY_S: '600',
      LEASE_TTL_S: String(LEASE_TTL_S),
      DEVICE_MAX_MSG_PER_S: '100000',
      TOKEN_SECRET: 'lease-test-secret-lease-test-secret-0123456789',
      SIMULATOR: 'off',
      SEED_ON_EMPTY: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    });

  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    ({ db, pool, sites, eventsBefore } = await killTestDatabase(DEVICES));
  });
  afterAll(async () => {
    for (const s of spawned) killGroup(s);
    await Promise.all(spawned.map((s) => s.exited));
    await pool?.end();
    await db?.drop();
    await mosquitto?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes once: a standby, then a takeover after kill -9 that loses and doubles nothing', async () => {
    const a = await start('a');
    await waitFor('a holds the lease', () => a.output().includes('ingest lease taken'), 60_000);
    const b = await start('b');
    await waitFor('b waits as a standby', () => b.output().includes('holds the ingest lease'), 60_000);
    await waitFor('b waits for the jobs lease', () => b.output().includes('holds the jobs lease'), 60_000);
    expect(b.output()).not.toContain('ingest lease taken');
    expect(b.output()).not.toContain('jobs lease taken');

    const comIds = sites.map((s) => s.comId);
    const stored = () => storedReadings(pool, comIds);
    const publisher = await mqtt.connectAsync(mosquitto.url, {
      clientId: `lease-pub-${process.pid}`,
      clean: true,
    });
    const acked: string[] = [];
    const base = Date.now() - PER_DEVICE * 1000;
    const publishRound = (i: number) =>
      Promise.all(sites.map((site) => publishReading(publisher, site, i, base, acked)));
    try {
      const half = PER_DEVICE / 2;
      for (let i = 0; i < half; i++) await publishRound(i);
      // Mid-load: a has stored part of it, the rest is on its way or queued.
      await waitFor('a stores messages', async () => (await stored()) >= 300, 60_000);
      const killedAt = Date.now();
      killGroup(a);
      await a.exited;
      for (let i = half; i < PER_DEVICE; i++) await publishRound(i);
      await waitFor('b takes the lease over', () => b.output().includes('ingest lease taken'), 30_000);
      await waitFor('b takes the jobs over', () => b.output().includes('jobs lease taken'), 30_000);
      // The documented bound: about a poll interval after the process died (its connections closed).
      expect(Date.now() - killedAt).toBeLessThan((LEASE_TTL_S + 20) * 1000);
    } finally {
      await publisher.endAsync();
    }
    expect(acked).toHaveLength(DEVICES * PER_DEVICE);
    await waitFor('every acknowledged message stored', async () => (await stored()) >= acked.length, 90_000);

    await expectStoredOnce(pool, acked, comIds);
    // Events: alarms raised and cleared many times, devices offline and back; none written twice.
    await expectEventsOnce(pool, sites, eventsBefore);
    killGroup(b);
    await b.exited;
  }, 300_000);
});
