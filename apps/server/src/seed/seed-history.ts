/**
 * Demo power history (issue 14): on the first start, the last `days` (default 4) of every demo site from the
 * fleet's deterministic history (`siteHistory`): raw telemetry every 5 minutes for the last
 * `rawHours`, hourly rollups (and battery health counts) before that, and the outage, generator and
 * fuel events. So every power page shows days of data a minute after `npm start`; the rollup jobs
 * take over from there (they recompute the raw hours the same way).
 */
import { buildDemoFleet, type DemoFleet, PIN_LAYOUT, siteHistory } from '@towerwatch/fleet';
import type { Queryable } from '../db/pool.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP = 5 * MINUTE;
/** Samples per rolled-up hour: every 15 minutes (the hour's min/max/mean from 4 readings). */
const HOURLY_STEP = 15 * MINUTE;
const CHUNK = 20_000;

export interface HistorySeedResult {
  sites: number;
  telemetryRows: number;
  hourlyRows: number;
  events: number;
}

export async function seedPowerHistory(
  db: Queryable,
  opts: { now: Date; days?: number; rawHours?: number; fleet?: DemoFleet },
): Promise<HistorySeedResult> {
  const fleet = opts.fleet ?? buildDemoFleet();
  const lastHour = Math.floor(opts.now.getTime() / HOUR) * HOUR;
  const from = lastHour - (opts.days ?? 4) * 24 * HOUR;
  const rawFrom = lastHour - (opts.rawHours ?? 24) * HOUR;
  const until = opts.now.getTime() - MINUTE;
  const { rows: known } = await db.query<{ uid: string }>('select uid from sites');
  const present = new Set(known.map((r) => r.uid));
  const result: HistorySeedResult = { sites: 0, telemetryRows: 0, hourlyRows: 0, events: 0 };
  const raw: { com_id: string; ts: string; names: string[]; vals: number[] }[] = [];
  const hourly = {
    com: [] as string[],
    pin: [] as string[],
    hour: [] as Date[],
    min: [] as number[],
    max: [] as number[],
    sum: [] as number[],
    count: [] as number[],
    // The running totals the hourly rollup keeps (kernel/time-series/running-totals.ts): the pin's
    // earlier hours, so the jobs role has none to fill on a fresh demo.
    runSum: [] as number[],
    runCount: [] as number[],
  };
  const health = {
    com: [] as string[],
    hour: [] as Date[],
    n: [] as number[],
    le42: [] as number[],
    le52: [] as number[],
    ge56: [] as number[],
  };
  const ev = {
    site: [] as string[],
    com: [] as string[],
    name: [] as string[],
    tenant: [] as string[],
    time: [] as Date[],
    value: [] as (string | null)[],
    active: [] as boolean[],
  };

  for (const site of fleet.sites) {
    if (!present.has(site.uid)) continue;
    result.sites++;
    const h = siteHistory(site, from, until);
    const runs = new Map<string, { sum: number; count: number }>();
    for (let hour = from; hour < rawFrom; hour += HOUR) {
      const stats = new Map<string, { min: number; max: number; sum: number; n: number }>();
      let le42 = 0;
      let le52 = 0;
      let ge56 = 0;
      for (let t = hour; t < hour + HOUR; t += HOURLY_STEP) {
        for (const [pin, v] of Object.entries(h.readingsAt(t))) {
          const s = stats.get(pin) ?? { min: v, max: v, sum: 0, n: 0 };
          s.min = Math.min(s.min, v);
          s.max = Math.max(s.max, v);
          s.sum += v;
          s.n++;
          stats.set(pin, s);
          if (pin === PIN_LAYOUT.batteryTerminal) {
            if (v <= 42) le42++;
            if (v <= 52) le52++;
            if (v >= 56) ge56++;
          }
        }
      }
      for (const [pin, s] of stats) {
        hourly.com.push(site.com_id);
        hourly.pin.push(pin);
        hourly.hour.push(new Date(hour));
        hourly.min.push(s.min);
        hourly.max.push(s.max);
        hourly.sum.push(s.sum);
        hourly.count.push(s.n);
        const run = runs.get(pin) ?? { sum: 0, count: 0 };
        hourly.runSum.push(run.sum);
        hourly.runCount.push(run.count);
        runs.set(pin, { sum: run.sum + s.sum, count: run.count + s.n });
      }
      health.com.push(site.com_id);
      health.hour.push(new Date(hour));
      health.n.push(HOUR / HOURLY_STEP);
      health.le42.push(le42);
      health.le52.push(le52);
      health.ge56.push(ge56);
    }
    for (let t = rawFrom; t < until; t += STEP) {
      const readings = h.readingsAt(t);
      raw.push({
        com_id: site.com_id,
        ts: new Date(t).toISOString(),
        names: Object.keys(readings),
        vals: Object.values(readings),
      });
    }
    for (const e of h.events) {
      ev.site.push(site.uid);
      ev.com.push(site.com_id);
      ev.name.push(e.name);
      ev.tenant.push(e.tenant ?? '');
      ev.time.push(new Date(e.time));
      ev.value.push(e.value === null ? null : JSON.stringify(e.value));
      ev.active.push(e.active);
    }
    if (hourly.com.length >= CHUNK) result.hourlyRows += await flushHourly(db, hourly, health);
    if (raw.length >= CHUNK / 4) result.telemetryRows += await flushRaw(db, raw);
  }
  result.hourlyRows += await flushHourly(db, hourly, health);
  result.telemetryRows += await flushRaw(db, raw);
  for (let i = 0; i < ev.site.length; i += CHUNK) {
    const part = <T>(xs: T[]) => xs.slice(i, i + CHUNK);
    await db.query(
      `insert into events (site_uid, com_id, name, tenant, time, value, event_group, active)
       select s, c, n, te, ti, v::jsonb, 'RMS', a
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::boolean[])
              as x(s, c, n, te, ti, v, a)
        order by ti`,
      [
        part(ev.site),
        part(ev.com),
        part(ev.name),
        part(ev.tenant),
        part(ev.time),
        part(ev.value),
        part(ev.active),
      ],
    );
  }
  result.events = ev.site.length;
  // A demo site exists since its history begins: reports count the time before a site's first record
  // as a gap (docs/decisions/before-first-record-is-a-gap.md).
  await db.query('update sites set created_at = $1 where uid = any($2::text[]) and created_at > $1', [
    new Date(from),
    fleet.sites.filter((site) => present.has(site.uid)).map((site) => site.uid),
  ]);
  // The rollups are done up to the raw hours: the jobs roll those up from the raw rows next.
  await db.query(
    `insert into job_state (name, value) select n, $1::jsonb from unnest($2::text[]) as n on conflict (name) do nothing`,
    [
      JSON.stringify({ hour: new Date(rawFrom).toISOString() }),
      ['telemetry_hourly', 'battery_health_hourly'],
    ],
  );
  return result;
}

async function flushRaw(
  db: Queryable,
  raw: { com_id: string; ts: string; names: string[]; vals: number[] }[],
) {
  const n = raw.length;
  if (n === 0) return 0;
  await db.query(
    `insert into telemetry (com_id, ts, pin_names, pin_values)
     select x.com_id, x.ts, x.names, x.vals
       from jsonb_to_recordset($1::jsonb) as x(com_id text, ts timestamptz, names text[], vals float8[])`,
    [JSON.stringify(raw)],
  );
  raw.length = 0;
  return n;
}

type Columns = Record<string, unknown[]>;

async function flushHourly(db: Queryable, hourly: Columns, health: Columns): Promise<number> {
  const n = hourly.com?.length ?? 0;
  if (n > 0)
    await db.query(
      `insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count, run_sum, run_count)
       select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::float8[], $5::float8[], $6::float8[], $7::int[],
                            $8::float8[], $9::int8[])
       on conflict do nothing`,
      [
        hourly.com,
        hourly.pin,
        hourly.hour,
        hourly.min,
        hourly.max,
        hourly.sum,
        hourly.count,
        hourly.runSum,
        hourly.runCount,
      ],
    );
  if ((health.com?.length ?? 0) > 0)
    await db.query(
      `insert into battery_health_hourly (com_id, pin_name, hour, samples, le_42, le_52, ge_56)
       select c, '${PIN_LAYOUT.batteryTerminal}', h, n, a, b, d
         from unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[]) as x(c, h, n, a, b, d)
       on conflict do nothing`,
      [health.com, health.hour, health.n, health.le42, health.le52, health.ge56],
    );
  for (const cols of [hourly, health]) for (const k of Object.keys(cols)) (cols[k] as unknown[]).length = 0;
  return n;
}
