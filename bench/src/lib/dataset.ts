/**
 * Bulk loading of benchmark data straight into the server's database with multi-row SQL (unnest of
 * arrays, generate_series): the national-scale demo fleet (sites, devices, pin configs) and millions
 * of events. The server must have started once (migrations, demo accounts and the first 200 demo
 * sites are its own seed); this adds the rest of the fleet with the same generator.
 */
import { randomBytes, scrypt } from 'node:crypto';
import { buildDemoFleet, type DemoFleet, demoDevicePassword } from '@towerwatch/fleet';
import type pg from 'pg';

/** Root user owning each company's sites, as the server's seed does (apps/server/src/seed). */
const COMPANY_ROOTS: Readonly<Record<string, string>> = { ktbl: '100', ftb: '200' };

type Column = readonly [name: string, type: string, expression?: string];

/** Inserts `rows` (arrays of values in column order) in chunks with one unnest statement each. */
export async function insertRows(
  pool: pg.Pool,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
  chunk = 10_000,
  suffix = 'on conflict do nothing',
): Promise<number> {
  let inserted = 0;
  const names = columns.map(([name]) => name).join(', ');
  const params = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const aliases = columns.map(([name]) => `c_${name}`).join(', ');
  const exprs = columns.map(([name, , expression]) => expression ?? `c_${name}`).join(', ');
  const sql = `insert into ${table} (${names}) select ${exprs} from unnest(${params}) as u(${aliases}) ${suffix}`;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const values = columns.map((_, i) => part.map((row) => row[i] ?? null));
    const res = await pool.query(sql, values);
    inserted += res.rowCount ?? 0;
  }
  return inserted;
}

/**
 * A device secret hash the server accepts: scrypt N=1024, its format before 2026-12-06, still
 * verified by the embedded broker (apps/server/src/auth/passwords.ts; new secrets are bcrypt, which
 * NATS device identity needs — not used by the benchmarks' anonymous NATS server).
 */
export function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, 32, { N: 1024, r: 8, p: 1 }, (err, key) =>
      err
        ? reject(err)
        : resolve(`scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`),
    ),
  );
}

export interface FleetLoad {
  fleet: DemoFleet;
  sites: number;
  devices: number;
  pinConfigs: number;
  seconds: number;
}

/**
 * Loads the demo fleet of `total` sites (sites already present are kept). The devices in
 * `credentialed` get their demo credentials (an scrypt hash each, ~2–10 ms of CPU) so they can sign
 * in to the embedded broker with their own connection; the others are registered without a secret
 * (in the benchmarks they publish through gateway connections, see load/publisher.ts).
 */
export async function loadFleet(
  pool: pg.Pool,
  total: number,
  credentialed: ReadonlySet<string> = new Set(),
): Promise<FleetLoad> {
  const started = performance.now();
  const fleet = buildDemoFleet({ sites: total });
  const existing = new Set(
    (await pool.query<{ uid: string }>('select uid from sites')).rows.map((r) => r.uid),
  );
  const sites = fleet.sites.filter((s) => !existing.has(s.uid));
  const siteCount = await insertRows(
    pool,
    'sites',
    [
      ['uid', 'text'],
      ['name', 'text'],
      ['company_id', 'text'],
      ['user_uid', 'text'],
      ['tenants', 'text', `string_to_array(c_tenants, ',')`],
      ['thana', 'text'],
      ['district', 'text'],
      ['division', 'text'],
      ['lat', 'float8'],
      ['lng', 'float8'],
      ['meta', 'text', 'c_meta::jsonb'],
      ['rectifier', 'text', 'c_rectifier::jsonb'],
      ['bms', 'text', 'c_bms::jsonb'],
      ['battery_max', 'float8'],
      ['device_vendor', 'text'],
      ['more_details', 'text', 'c_more_details::jsonb'],
      ['cluster', 'text'],
      ['zone', 'text'],
    ],
    sites.map((s) => [
      s.uid,
      s.name,
      s.company,
      COMPANY_ROOTS[s.company] ?? null,
      s.tenants.join(','),
      s.place.thana,
      s.place.district,
      s.place.division,
      s.lat,
      s.lng,
      JSON.stringify(s.meta),
      JSON.stringify(s.rectifier),
      s.bms ? JSON.stringify({ connected: true }) : null,
      s.battery_max,
      s.device_vendor,
      JSON.stringify({ has_dg: s.has_dg, has_pg: s.has_pg, has_acs: s.has_acs, power: s.power }),
      s.cluster,
      s.zone,
    ]),
    5000,
  );
  const newUids = new Set(sites.map((s) => s.uid));
  const devices = fleet.devices.filter((d) => newUids.has(d.site_uid));
  const hashed: unknown[][] = [];
  for (let i = 0; i < devices.length; i += 256) {
    const part = devices.slice(i, i + 256);
    const hashes = await Promise.all(
      part.map((d) => (credentialed.has(d.com_id) ? hashDeviceSecret(demoDevicePassword(d.com_id)) : null)),
    );
    part.forEach((d, j) => {
      hashed.push([d.com_id, d.site_uid, d.vendor_uid, d.model, d.firmware, hashes[j]]);
    });
  }
  const deviceCount = await insertRows(
    pool,
    'devices',
    [
      ['com_id', 'text'],
      ['site_uid', 'text'],
      ['vendor', 'text'],
      ['model', 'text'],
      ['firmware', 'text'],
      ['secret_hash', 'text'],
    ],
    hashed,
  );
  const owner = new Map(fleet.sites.map((s) => [s.uid, COMPANY_ROOTS[s.company] ?? null]));
  const pinCount = await insertRows(
    pool,
    'pin_configs',
    [
      ['com_id', 'text'],
      ['pin_name', 'text'],
      ['type', 'text'],
      ['priority', 'text'],
      ['tenant', 'text'],
      ['site_uid', 'text'],
      ['user_uid', 'text'],
      ['label', 'text'],
    ],
    fleet.pinConfigs
      .filter((p) => newUids.has(p.site_uid))
      .map((p) => [
        p.com_id,
        p.pin_name,
        p.type,
        p.priority,
        p.tenant,
        p.site_uid,
        owner.get(p.site_uid),
        p.label,
      ]),
    20_000,
  );
  await pool.query('analyze sites; analyze devices; analyze pin_configs');
  return {
    fleet,
    sites: siteCount,
    devices: deviceCount,
    pinConfigs: pinCount,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Event names written by {@link loadEvents}, with the alarm they belong to and their group. */
const EVENT_KINDS: readonly { name: string; alarm: string | null; group: 'RMS' | 'ACS'; tenant: boolean }[] =
  [
    { name: 'mains_fail', alarm: 'mains_fail', group: 'RMS', tenant: true },
    { name: 'battery_power', alarm: 'site_on_battery', group: 'RMS', tenant: true },
    { name: 'dc_low_voltage', alarm: 'dc_low_voltage', group: 'RMS', tenant: true },
    { name: 'high_temperature', alarm: 'high_temperature', group: 'RMS', tenant: false },
    { name: 'dg_power', alarm: 'dg_on', group: 'RMS', tenant: true },
    { name: 'door_open', alarm: 'door_status', group: 'ACS', tenant: false },
    { name: 'door_close', alarm: 'door_status', group: 'ACS', tenant: false },
    { name: 'lock_open', alarm: 'lock_status', group: 'ACS', tenant: false },
  ];

export interface EventLoad {
  events: number;
  seconds: number;
  /** Site with the most events (half of all events go to the first `hotSites` sites). */
  hotSiteUid: string;
  minId: number;
  maxId: number;
}

/**
 * Inserts `count` events over the last 90 days (ids in time order). Half of them go to the first
 * `hotSites` sites (busy sites with deep histories), the rest spread over every site.
 */
export async function loadEvents(pool: pg.Pool, count: number, hotSites = 500): Promise<EventLoad> {
  const started = performance.now();
  await pool.query('drop table if exists bench_site_index');
  await pool.query(
    `create table bench_site_index as
       select (row_number() over (order by uid) - 1)::int as i, uid, coalesce(tenants[1], '') as tenant
       from sites`,
  );
  await pool.query('create unique index on bench_site_index (i)');
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from bench_site_index');
  const siteCount = rows[0]?.n ?? 0;
  if (siteCount === 0) throw new Error('no sites to attach events to');
  const hot = Math.min(hotSites, siteCount);
  const kinds = JSON.stringify(EVENT_KINDS.map((k, i) => ({ ...k, k: i })));
  const chunk = 500_000;
  const spanMs = 90 * 24 * 3600 * 1000;
  const startMs = Date.now() - spanMs;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await pool.query(
      `with kinds as (
         select * from jsonb_to_recordset($1::jsonb) as k(k int, name text, alarm text, "group" text, tenant boolean)
       )
       insert into events (site_uid, com_id, name, tenant, time, event_group, alarm_id, active)
       select s.uid, null, k.name, case when k.tenant then s.tenant else '' end,
              to_timestamp(($2::float8 + g::float8 * $3::float8) / 1000), k."group", k.alarm, (g % 2 = 0)
       from generate_series($4::int, $5::int) as g
       join bench_site_index s on s.i = (case when g % 2 = 0 then (g / 2) % $6::int
                                                   else (g::bigint * 7919) % $7::int end)::int
       join kinds k on k.k = g % ${EVENT_KINDS.length}
       order by g`,
      [kinds, startMs, spanMs / count, from, to, hot, siteCount],
    );
  }
  await pool.query('analyze events');
  const hotSite = await pool.query<{ uid: string }>('select uid from bench_site_index where i = 0');
  const ids = await pool.query<{ min: number; max: number }>(
    'select min(id) as min, max(id) as max from events',
  );
  await pool.query('drop table bench_site_index');
  return {
    events: count,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    hotSiteUid: hotSite.rows[0]?.uid ?? '',
    minId: ids.rows[0]?.min ?? 0,
    maxId: ids.rows[0]?.max ?? 0,
  };
}

/** Alarm ids written by {@link loadAlarmState}: per site tenant, or once per site (tenant ''). */
const ALARM_IDS: readonly { id: string; perTenant: boolean }[] = [
  { id: 'mains_fail', perTenant: true },
  { id: 'dc_low_voltage', perTenant: true },
  { id: 'site_on_battery', perTenant: true },
  { id: 'dg_on', perTenant: true },
  { id: 'pg_on', perTenant: true },
  { id: 'site_down', perTenant: false },
  { id: 'high_temperature', perTenant: false },
  { id: 'door_status', perTenant: false },
  { id: 'lock_status', perTenant: false },
  { id: 'lock_open_fail', perTenant: false },
  { id: 'lock_close_fail', perTenant: false },
  { id: 'security_breach', perTenant: false },
  { id: 'vibration', perTenant: false },
  { id: 'smoke', perTenant: false },
  { id: 'water_leakage', perTenant: false },
  { id: 'device_online', perTenant: false },
];

export interface AlarmStateLoad {
  alarms: number;
  raised: number;
  dcLoad: number;
  batteryReadings: number;
  seconds: number;
}

/**
 * Alarm state of a fleet that has been running (what the counts read): every site gets a row per
 * alarm id (per tenant for the power alarms), ~3 % raised, ~1 % paused, ~2 % of the devices offline
 * since up to 5 days; a DC load state per site tenant (5 % no load, 5 % overload) and a latest
 * battery voltage per battery pin (44–54 V). Deterministic (hashes of the keys); existing rows are
 * kept. Written per 2,000 sites, so the database's triggers see ordinary multi-row statements.
 */
export async function loadAlarmState(pool: pg.Pool): Promise<AlarmStateLoad> {
  const started = performance.now();
  const ids = JSON.stringify(ALARM_IDS);
  let alarms = 0;
  let dcLoad = 0;
  let last = '';
  for (;;) {
    const { rows } = await pool.query<{ uid: string }>(
      'select uid from sites where uid > $1 order by uid limit 2000',
      [last],
    );
    if (rows.length === 0) break;
    const uids = rows.map((r) => r.uid);
    last = uids[uids.length - 1] ?? last;
    const a = await pool.query(
      `with ids as (select * from jsonb_to_recordset($2::jsonb) as x(id text, "perTenant" boolean)),
       rows as (
         select s.uid, i.id, t.tenant, abs(hashtext(s.uid || i.id || t.tenant)) % 1000 as h
           from sites s cross join ids i
           cross join lateral unnest(case when i."perTenant" and cardinality(s.tenants) > 0
                                          then s.tenants else array[''] end) as t(tenant)
          where s.uid = any($1::text[])
       )
       insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, raised_at, cleared_at,
                           last_event_at)
       select uid, id, tenant,
              not (case when id = 'device_online' then h < 20 else h < 30 end),
              true,
              id <> 'device_online' and h >= 990,
              case when h < 30 then now() - (h * interval '4 hours') end,
              case when h >= 30 then now() - (h * interval '7 minutes') end,
              now() - (h * interval '4 hours')
         from rows
       on conflict do nothing`,
      [uids, ids],
    );
    alarms += a.rowCount ?? 0;
    const d = await pool.query(
      `insert into dc_load_state (site_uid, tenant, state, current, updated_at)
       select s.uid, t.tenant,
              case when abs(hashtext(s.uid || t.tenant)) % 100 < 5 then 'DOWN'
                   when abs(hashtext(s.uid || t.tenant)) % 100 >= 95 then 'OVER' else 'NORMAL' end,
              20, now()
         from sites s cross join lateral unnest(s.tenants) as t(tenant)
        where s.uid = any($1::text[])
       on conflict do nothing`,
      [uids],
    );
    dcLoad += d.rowCount ?? 0;
  }
  const b = await pool.query(
    `insert into pin_latest (com_id, pin_name, value, ts)
     select com_id, pin_name, 44 + (abs(hashtext(com_id || pin_name)) % 100) / 10.0, now()
       from pin_configs where type = 'battery_terminal'
     on conflict do nothing`,
  );
  const raised = await pool.query<{ n: number }>(
    'select count(*)::int as n from alarms where not is_normal and is_available',
  );
  await pool.query('analyze alarms; analyze dc_load_state; analyze pin_latest');
  return {
    alarms,
    raised: raised.rows[0]?.n ?? 0,
    dcLoad,
    batteryReadings: b.rowCount ?? 0,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
