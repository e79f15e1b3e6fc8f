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
import { deviceTopics } from '@towerwatch/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool.ts';
import { type BuiltSite, buildSite } from '../src/ingest/test-fixtures.ts';
import { type PrivateMosquitto, startPrivateMosquitto } from './private-mosquitto.ts';
import { killGroup, type Spawned, spawnServer, waitFor } from './server-processes.ts';
import { cloneTemplate } from './test-databases.ts';

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
    db = await cloneTemplate(inject('towerwatchDbUrl'), inject('towerwatchTemplates').seeded);
    pool = createPool({ connectionString: db.url, max: 3 });
    sites = [];
    for (let i = 0; i < DEVICES; i++) sites.push(await buildSite(pool, { companyId: 'ktbl' }));
    const { rows } = await pool.query<{ id: number }>('select coalesce(max(id), 0)::int as id from events');
    eventsBefore = rows[0]?.id ?? 0;
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
    const stored = async () =>
      (
        await pool.query<{ n: number }>(
          'select count(*)::int as n from ingest_messages where com_id = any($1)',
          [comIds],
        )
      ).rows[0]?.n ?? 0;
    const publisher = await mqtt.connectAsync(mosquitto.url, {
      clientId: `lease-pub-${process.pid}`,
      clean: true,
    });
    const acked: string[] = [];
    const base = Date.now() - PER_DEVICE * 1000;
    /**
     * Message i of every device: am6 crosses the 45 °C threshold up and down (alarm raises and
     * clears); every 25th round the device also says it goes offline (device_offline events).
     */
    const publishRound = (i: number) =>
      Promise.all(
        sites.map(async (site) => {
          const msgId = `${site.comId}-l${i}`;
          const value = Math.floor(i / 10) % 2 === 0 ? 30 : 60;
          const ts = base + i * 1000;
          await publisher.publishAsync(
            deviceTopics.pins(site.comId),
            JSON.stringify({ msg_id: msgId, ts, readings: [{ pin: 'am6', value }] }),
            { qos: 1 },
          );
          acked.push(msgId);
          if (i % 25 === 24)
            await publisher.publishAsync(
              deviceTopics.status(site.comId),
              JSON.stringify({ online: false, ts: ts + 500 }),
              { qos: 1 },
            );
        }),
      );
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

    const missing = await pool.query<{ msg_id: string }>(
      `select u.id as msg_id from unnest($1::text[]) as u(id)
        where not exists (select 1 from ingest_messages m where m.msg_id = u.id)`,
      [acked],
    );
    expect(missing.rows).toEqual([]);
    const telemetry = await pool.query<{ n: number; distinct_n: number }>(
      `select count(*)::int as n, count(distinct (com_id, ts))::int as distinct_n
         from telemetry where com_id = any($1)`,
      [comIds],
    );
    expect(telemetry.rows[0]).toEqual({ n: acked.length, distinct_n: acked.length });
    // Events: alarms raised and cleared many times, devices offline and back; none written twice.
    const events = await pool.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from events where site_uid = any($1) group by name`,
      [sites.map((s) => s.siteUid)],
    );
    expect(events.rows.find((r) => r.name === 'high_temperature')?.n ?? 0).toBeGreaterThan(0);
    expect(events.rows.find((r) => r.name === 'device_offline')?.n ?? 0).toBeGreaterThan(0);
    const doubled = await pool.query(
      `select site_uid, name, tenant, time, value::text as value, count(*)::int as n
         from events where id > $1
        group by site_uid, name, tenant, time, value::text having count(*) > 1 limit 5`,
      [eventsBefore],
    );
    const written = await pool.query<{ n: number }>('select count(*)::int as n from events where id > $1', [
      eventsBefore,
    ]);
    expect(written.rows[0]?.n ?? 0).toBeGreaterThan(0);
    expect(doubled.rows).toEqual([]);
    killGroup(b);
    await b.exited;
  }, 300_000);
});
