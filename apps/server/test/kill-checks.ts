/**
 * What the kill tests (ingest-lease.test.ts, nats-ingest.test.ts) find after the kill: the device
 * load they publish (temperature crossing its threshold, devices going offline) and the checks that
 * every acknowledged message is stored exactly once and no event is written twice.
 */
import { deviceTopics } from '@towerwatch/contract';
import type { MqttClient } from 'mqtt';
import { expect, inject } from 'vitest';
import { createPool, type Pool } from '../src/db/pool.ts';
import { type BuiltSite, buildSite } from '../src/ingest/test-fixtures.ts';
import { cloneTemplate } from './test-databases.ts';

/**
 * Publishes message i of a device (QoS 1, resolves on its PUBACK) and records its msg_id in `acked`:
 * am6 crosses the 45 °C threshold every 10 messages (alarm raises and clears); every 25th the device
 * also reports offline (device_offline events). `base`: the device time of message 0.
 */
export async function publishReading(
  client: MqttClient,
  site: BuiltSite,
  i: number,
  base: number,
  acked: string[],
): Promise<void> {
  const msgId = `${site.comId}-n${i}`;
  const ts = base + i * 1000;
  const value = Math.floor(i / 10) % 2 === 0 ? 30 : 60;
  await client.publishAsync(
    deviceTopics.pins(site.comId),
    JSON.stringify({ msg_id: msgId, ts, readings: [{ pin: 'am6', value }] }),
    { qos: 1 },
  );
  acked.push(msgId);
  if (i % 25 === 24)
    await client.publishAsync(
      deviceTopics.status(site.comId),
      JSON.stringify({ online: false, ts: ts + 500 }),
      { qos: 1 },
    );
}

/** How many of the devices' readings ({@link publishReading}) are stored (status claims not counted). */
export async function storedReadings(pool: Pool, comIds: string[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from ingest_messages where com_id = any($1) and msg_id like '%-n%'`,
    [comIds],
  );
  return rows[0]?.n ?? 0;
}

/** Every acknowledged message has its claim and exactly one telemetry row. */
export async function expectStoredOnce(pool: Pool, acked: string[], comIds: string[]): Promise<void> {
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
}

/**
 * Alarms were raised (more than `minRaises` high_temperature events) and devices went offline, and no
 * event after `eventsBefore` (the demo data's) is written twice.
 */
export async function expectEventsOnce(
  pool: Pool,
  sites: BuiltSite[],
  eventsBefore: number,
  minRaises = 0,
): Promise<void> {
  const events = await pool.query<{ name: string; n: number }>(
    `select name, count(*)::int as n from events where site_uid = any($1) group by name`,
    [sites.map((s) => s.siteUid)],
  );
  expect(events.rows.find((r) => r.name === 'high_temperature')?.n ?? 0).toBeGreaterThan(minRaises);
  expect(events.rows.find((r) => r.name === 'device_offline')?.n ?? 0).toBeGreaterThan(0);
  const doubled = await pool.query(
    `select site_uid, name, tenant, time, value::text as value, count(*)::int as n
       from events where id > $1
      group by site_uid, name, tenant, time, value::text having count(*) > 1 limit 5`,
    [eventsBefore],
  );
  expect(doubled.rows).toEqual([]);
}

/** Each device's readings were committed in their order (commit times never go back). */
export async function expectDeviceOrder(pool: Pool, comIds: string[]): Promise<void> {
  const disorder = await pool.query(
    `select com_id, msg_id from (
       select com_id, msg_id, received_at,
              lag(received_at) over (partition by com_id order by split_part(msg_id, '-n', 2)::int) as before
         from ingest_messages where com_id = any($1) and msg_id like '%-n%') x
      where received_at < before limit 5`,
    [comIds],
  );
  expect(disorder.rows).toEqual([]);
}

/** A kill test's database: a copy of the seeded template with `devices` ktbl sites; the last event id before the test. */
export async function killTestDatabase(devices: number): Promise<{
  db: { url: string; drop(): Promise<void> };
  pool: Pool;
  sites: BuiltSite[];
  eventsBefore: number;
}> {
  const db = await cloneTemplate(inject('towerwatchDbUrl'), inject('towerwatchTemplates').seeded);
  const pool = createPool({ connectionString: db.url, max: 3 });
  const sites: BuiltSite[] = [];
  for (let i = 0; i < devices; i++) sites.push(await buildSite(pool, { companyId: 'ktbl' }));
  const { rows } = await pool.query<{ id: number }>('select coalesce(max(id), 0)::int as id from events');
  return { db, pool, sites, eventsBefore: rows[0]?.id ?? 0 };
}
