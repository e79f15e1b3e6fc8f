/**
 * Benchmark: p95 of the power-data chart calls for ONE site over one day, one month and one year of
 * one-minute telemetry (issue 14). The real server (simulator off) gets the site's readings from the
 * fleet's deterministic history (`siteHistory`, every pin each minute), rolled up with the same SQL as
 * the jobs role, then each chart call is requested `--requests` times in a row per range.
 */
import { batteryEndpoints, powerEndpoints } from '@towerwatch/contract';
import { buildDemoFleet, PIN_LAYOUT, siteHistory } from '@towerwatch/fleet';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num } from './lib/cli.ts';
import { printTable, startResult } from './lib/results.ts';
import { login, type ServerHandle, startServer } from './lib/server.ts';
import { errorText, type Percentiles, percentiles } from './lib/util.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface CallResult {
  range: 'day' | 'month' | 'year';
  call: string;
  status: number;
  points: number | null;
  replyBytes: number;
  latencyMs: Percentiles;
}

/** Loads `days` of one-minute rows of the site's device ending now, and rolls them up like the jobs role. */
async function loadTelemetry(server: ServerHandle, siteUid: string, days: number): Promise<number> {
  const site = buildDemoFleet().sites.find((s) => s.uid === siteUid);
  if (!site) throw new Error(`no demo site ${siteUid}`);
  const until = Math.floor(Date.now() / MINUTE) * MINUTE;
  const from = until - days * DAY;
  const history = siteHistory(site, from, until);
  let rows = 0;
  const batch: { ts: string; names: string[]; vals: number[] }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await server.pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values)
       select $1, x.ts, x.names, x.vals from jsonb_to_recordset($2::jsonb) as x(ts timestamptz, names text[], vals float8[])`,
      [site.com_id, JSON.stringify(batch)],
    );
    rows += batch.length;
    batch.length = 0;
  };
  for (let t = from; t < until; t += MINUTE) {
    const r = history.readingsAt(t);
    batch.push({ ts: new Date(t).toISOString(), names: Object.keys(r), vals: Object.values(r) });
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  const ev = history.events.filter((e) => e.tenant !== null);
  await server.pool.query(
    `insert into events (site_uid, name, tenant, time, active, event_group)
     select $1, n, t, ti, a, 'RMS' from unnest($2::text[], $3::text[], $4::timestamptz[], $5::boolean[]) as x(n, t, ti, a)`,
    [
      siteUid,
      ev.map((e) => e.name),
      ev.map((e) => e.tenant),
      ev.map((e) => new Date(e.time)),
      ev.map((e) => e.active),
    ],
  );
  const lastHour = new Date(Math.floor(until / (60 * MINUTE)) * 60 * MINUTE);
  await server.pool.query(
    `insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count)
     select t.com_id, r.n, date_trunc('hour', t.ts), min(r.v), max(r.v), sum(r.v), count(*)
       from telemetry t cross join lateral unnest(t.pin_names, t.pin_values) as r(n, v)
      where t.com_id = $1 and t.ts < $2 group by 1, 2, 3 on conflict do nothing`,
    [site.com_id, lastHour],
  );
  await server.pool.query(
    `insert into battery_health_hourly (com_id, pin_name, hour, samples, le_42, le_52, ge_56)
     select t.com_id, $3, date_trunc('hour', t.ts), count(*), count(*) filter (where v <= 42),
            count(*) filter (where v <= 52), count(*) filter (where v >= 56)
       from telemetry t cross join lateral (select t.pin_values[array_position(t.pin_names, $3)] as v) x
      where t.com_id = $1 and t.ts < $2 and v is not null group by 1, 2, 3 on conflict do nothing`,
    [site.com_id, lastHour, PIN_LAYOUT.batteryTerminal],
  );
  await server.pool.query(
    `insert into job_state (name, value) select n, $1::jsonb from unnest($2::text[]) n
     on conflict (name) do update set value = excluded.value`,
    [JSON.stringify({ hour: lastHour.toISOString() }), ['telemetry_hourly', 'battery_health_hourly']],
  );
  await server.pool.query('analyze telemetry_hourly; analyze battery_health_hourly');
  return rows;
}

async function measure(server: ServerHandle, token: string, url: string, requests: number) {
  const times: number[] = [];
  let status = 0;
  let body = '';
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    body = await res.text();
    times.push(performance.now() - t0);
    status = res.status;
  }
  const points = (JSON.parse(body) as { points?: unknown[]; items?: unknown[] }).points?.length ?? null;
  return { status, points, replyBytes: body.length, latencyMs: percentiles(times) };
}

export const powerBenchmark: Benchmark = {
  name: 'power',
  description: 'power-data chart calls over a day, a month and a year of one-minute telemetry of one site',
  async run(opts) {
    const result = startResult(opts, 'power');
    const days = num(opts, 'days', { tiny: 2, quick: 31, full: 366 });
    const requests = num(opts, 'requests', { tiny: 3, quick: 20, full: 50 });
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    let server: ServerHandle | null = null;
    const calls: CallResult[] = [];
    let rows = 0;
    let error: string | undefined;
    try {
      // The history is rolled up here from its raw rows: the jobs role must not pack them meanwhile.
      server = await startServer({ db, broker: 'embedded', env: { TELEMETRY_COMPRESS_AFTER_DAYS: '3660' } });
      const { rows: pick } = await server.pool.query<{ uid: string; com_id: string }>(
        `select s.uid, d.com_id from sites s join devices d on d.site_uid = s.uid
          where s.company_id = 'ktbl' and (s.more_details->>'has_dg')::boolean order by s.uid limit 1`,
      );
      const site = pick[0];
      if (!site) throw new Error('no ktbl DG site in the demo data');
      rows = await loadTelemetry(server, site.uid, days);
      const token = await login(server.baseUrl, 'ktbl');
      const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
      const dateBefore = (d: number) =>
        new Date(Date.now() + 6 * 3_600_000 - d * DAY).toISOString().slice(0, 10);
      const ranges = [
        { range: 'day' as const, from: dateBefore(1), zoom: 1 },
        { range: 'month' as const, from: dateBefore(30), zoom: 60 },
        { range: 'year' as const, from: dateBefore(364), zoom: 1440 },
      ].filter((r) => r.range === 'day' || days >= (r.range === 'month' ? 28 : 360));
      const q = `siteUid=${site.uid}`;
      for (const r of ranges) {
        const span = `fromDate=${r.from}&untilDate=${today}&zoom=${r.zoom}`;
        const urls: [string, string][] = [
          [
            'voltage profile',
            `${batteryEndpoints.voltageProfile.path}?${q}&comId=${site.com_id}&pinName=am6&${span}`,
          ],
          [
            'health history 52',
            `${batteryEndpoints.healthHistory.path}?comId=${site.com_id}&value=52&${span}`,
          ],
          ['series temperature', `${powerEndpoints.series.path}?${q}&kind=temperature&${span}`],
          ['series dc_current', `${powerEndpoints.series.path}?${q}&kind=dc_current&${span}`],
          [
            'run hours dg',
            `${powerEndpoints.runHours.path}?${q}&event=dg_power&fromDate=${r.from}&untilDate=${today}`,
          ],
        ];
        for (const [call, url] of urls)
          calls.push({ range: r.range, call, ...(await measure(server, token, url, requests)) });
      }
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    printTable(
      `power-data chart calls, one site, ${days} days of one-minute telemetry (${rows} rows), ${requests} requests each`,
      calls.map((c) => ({
        range: c.range,
        call: c.call,
        status: c.status,
        points: c.points,
        kB: Math.round(c.replyBytes / 102.4) / 10,
        p50: c.latencyMs.p50,
        p95: c.latencyMs.p95,
        max: c.latencyMs.max,
      })),
    );
    const ok = error === undefined && calls.length > 0 && calls.every((c) => c.status === 200);
    result.finish({ ok, ...(error ? { error } : {}), db, days, telemetryRows: rows, requests, calls });
    return ok;
  },
};

runIfMain(import.meta.url, powerBenchmark);
