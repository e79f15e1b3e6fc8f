/**
 * Benchmark: each analytics report (issue 15) over the whole fleet for one month — JSON and
 * `excel=yes` — at 50,000 sites (full). The real server (simulator off) gets the demo fleet, a month
 * of generated events per site (mains outages, DG and PG runs, battery discharges, high temperature,
 * device-offline gaps, set-based with generate_series) and hourly rollups of the DC bus, load current
 * and temperature pins of `--hourly-sites` sites. The server is then restarted so its jobs role rolls
 * the whole loaded range up into the daily rollups (docs/requirements.md#daily-rollups; timed), and
 * the reports read whole days from them and raw events only for the partial days at the edges
 * (`--path raw` skips the rollup: the raw path as before). Each report is requested `--requests` times;
 * the table gives time per request and the server's peak RSS while it ran. `--days 396` measures 13
 * months.
 */
import { analyticsEndpoints } from '@towerwatch/contract';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num, serverNodeFlags } from './lib/cli.ts';
import {
  allAnswered,
  extendRolledHistory,
  type LongHistory,
  printHistory,
  recordLoad,
  rollUpDays,
  startReportServer,
} from './lib/daily-rollup.ts';
import { timeReportRequests } from './lib/report-requests.ts';
import { serverProfiling } from './lib/profile.ts';
import { printTable, startResult } from './lib/results.ts';
import { settleStatistics } from './lib/rig.ts';
import { login, type ServerHandle } from './lib/server.ts';
import { errorText, type Percentiles } from './lib/util.ts';

const DAY = 86_400_000;

interface ReportResult {
  report: string;
  format: 'json' | 'xlsx';
  status: number;
  sites: number | null;
  replyKB: number;
  latencyMs: Percentiles;
  peakRssMb: number;
}

/**
 * Per site and day over [from, until): `perDay` on/off pairs of `name`, each starting at a
 * pseudo-random minute of its slot and lasting up to `maxMinutes` (deterministic: hashes of site/day).
 */
async function loadEvents(
  server: ServerHandle,
  from: Date,
  days: number,
  name: string,
  perDay: number,
  maxMinutes: number,
  tenant: string,
): Promise<number> {
  const slot = Math.floor(1440 / perDay);
  const res = await server.pool.query(
    `insert into events (site_uid, name, tenant, time, active, event_group)
     select s.uid, $1::text, $2::text,
            x.t + case when x.act then interval '0' else (1 + abs(hashtext(s.uid || x.k)) % $3::int) * interval '1 minute' end,
            x.act, 'RMS'
       from sites s cross join generate_series(0, $4::int * $5::int - 1) k
       cross join lateral (
         select $6::timestamptz + (k * $7::int + abs(hashtext(s.uid || k::text || $1::text)) % ($7::int - $3::int - 1))
                  * interval '1 minute' as t, k::text as k) base
       cross join lateral (values (base.t, true, base.k), (base.t, false, base.k)) as x(t, act, k)
      where ($1::text <> 'dg_power' or coalesce((s.more_details->>'has_dg')::boolean, false))`,
    [name, tenant, maxMinutes, days, perDay, from, slot],
  );
  return res.rowCount ?? 0;
}

/**
 * Hourly rollups of the DC bus (am6), load current and temperature pins of the first `sites` sites.
 * At full size this is ~112 M rows, so the table is made unlogged (a benchmark database; no WAL), its
 * primary key and hour index are dropped, two inserts (one per core, halves of the devices) fill it and
 * the indexes are built once after the load — row by row into live indexes it took over 25 minutes.
 * Devices that already have rollups (the demo's seeded history) are left out, so the key rebuilds.
 */
async function loadHourly(server: ServerHandle, from: Date, days: number, sites: number): Promise<number> {
  const q = (sql: string, params: unknown[] = []) => server.pool.query(sql, params);
  await q('alter table telemetry_hourly set unlogged');
  await q('alter table telemetry_hourly drop constraint telemetry_hourly_pkey');
  await q('drop index telemetry_hourly_hour_idx');
  const half = async (part: number) =>
    q(
      `insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count, run_sum, run_count)
       select pc.com_id, pc.pin_name, date_trunc('hour', $1::timestamptz) + h * interval '1 hour',
              v - 1, v + 1, v * 60, 60,
              -- the running totals the hourly rollup keeps (running-totals.ts): the pin's earlier hours
              sum(v * 60) over pin - v * 60, 60 * h
         -- one row per device pin (pin_configs holds a row per pin and tenant)
         from (select distinct on (pc.com_id, pc.pin_name) pc.com_id, pc.pin_name, pc.type from pin_configs pc
                where pc.type in ('battery_terminal', 'battery_current_critical', 'temperature')
                  and pc.site_uid in (select uid from sites order by uid limit $3)
                  and abs(hashtext(pc.com_id)) % 2 = $4
                  and not exists (select 1 from telemetry_hourly t where t.com_id = pc.com_id)) pc
         cross join generate_series(0, $2 * 24 - 1) h
         cross join lateral (select case pc.type when 'battery_terminal' then 51 + (h % 5) * 0.2
                                                 when 'temperature' then 30 + (h % 24) * 0.5 else 20 end as v) x
       window pin as (partition by pc.com_id, pc.pin_name order by h)`,
      [from, days, sites, part],
    );
  const rows = (await Promise.all([half(0), half(1)])).reduce((n, r) => n + (r.rowCount ?? 0), 0);
  await q('alter table telemetry_hourly add primary key (com_id, pin_name, hour)');
  await q('create index telemetry_hourly_hour_idx on telemetry_hourly (hour)');
  await q('analyze telemetry_hourly');
  return rows;
}

async function measure(server: ServerHandle, token: string, url: string, requests: number, xlsx: boolean) {
  const { body, ...timing } = await timeReportRequests(server, token, url, requests);
  const sites =
    !xlsx && timing.status >= 200 && timing.status < 300
      ? (JSON.parse(body.toString('utf8')) as { sites: unknown[] }).sites.length
      : null;
  return { ...timing, sites };
}

export const analyticsBenchmark: Benchmark = {
  name: 'analytics',
  description: 'the four analytics reports (JSON and xlsx) over the whole fleet for one month',
  async run(opts) {
    const result = startResult(opts, 'analytics');
    const days = num(opts, 'days', { tiny: 31, quick: 31, full: 31 });
    const hourlySites = num(opts, 'hourly-sites', { tiny: 300, quick: 5000, full: 50_000 });
    const requests = num(opts, 'requests', { tiny: 1, quick: 3, full: 3 });
    // Then the reports over `--history-days` (13 months at full size; 0 skips), the older days' rollups
    // copied from the loaded month (extendRolledHistory).
    const historyDays = num(opts, 'history-days', { tiny: 100, quick: 396, full: 396 });
    // `--history-reports mains,…`: the reports measured over the long history (default all four; issue
    // 36 asks 13 months of the mains report).
    const longReports = (opts.flags.get('history-reports') ?? 'dg,mains,battery,temperature').split(',');
    // `--reports dg,…`: the reports measured over the month (default all four; an A/B of some).
    const monthReports = (opts.flags.get('reports') ?? 'dg,mains,battery,temperature').split(',');
    // `--path raw` measures the raw-events path (no daily rollups), as before issue 36.
    const raw = opts.flags.get('path') === 'raw';
    // `--keep yes` leaves the loaded schema (db system) for `--reuse <schema>`, which measures its data
    // again without loading (the result then names the run that loaded it).
    const reuse = opts.flags.get('reuse');
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    // `--profile DIR`: V8 CPU profiles of the server, summarised in the result.
    const profiling = serverProfiling(opts.flags.get('profile'), `analytics-${db}`, serverNodeFlags(opts));
    let server: ServerHandle | null = null;
    const calls: ReportResult[] = [];
    let history: LongHistory<ReportResult> | null = null;
    const loaded = {
      sites: 0,
      events: 0,
      hourlyRows: 0,
      loadSeconds: 0,
      dailyRollupSeconds: null as number | null,
    };
    let error: string | undefined;
    try {
      const started = await startReportServer(opts, { db, nodeArgs: profiling.nodeArgs, days }, loaded);
      server = started.server;
      const { from, until, loadStart: t0 } = started;
      if (!started.reused) {
        // Two inserts at a time (one per core).
        const kinds = [
          ['mains_fail', 3, 90, 'banglalink'],
          ['dg_power', 2, 120, ''],
          ['pg_power', 1, 60, ''],
          ['battery_power', 2, 60, 'robi'],
          ['high_temperature', 1, 45, ''],
          ['device_offline', 1, 30, ''],
        ] as const;
        for (let i = 0; i < kinds.length; i += 2) {
          const counts = await Promise.all(
            kinds
              .slice(i, i + 2)
              .map(([name, perDay, max, tenant]) =>
                loadEvents(server as ServerHandle, from, days, name, perDay, max, tenant),
              ),
          );
          loaded.events += counts.reduce((a, b) => a + b, 0);
        }
        await server.pool.query('analyze events');
        loaded.hourlyRows = await loadHourly(server, from, days, hourlySites);
        loaded.loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
        if (!raw) loaded.dailyRollupSeconds = await rollUpDays(server, days, 6 * 3_600_000);
        // What autovacuum does within minutes in production (the bench PostgreSQL runs without it).
        await settleStatistics(server);
        await recordLoad(server, from, until, loaded);
      }
      // The operator account sees every company: the whole fleet in one report.
      const token = await login(server.baseUrl, 'admin');
      const range = `from_time=${from.toISOString()}&until_time=${until.toISOString()}`;
      const reports = [
        ['dg', analyticsEndpoints.dgReport.path],
        ['mains', analyticsEndpoints.mainsReport.path],
        ['battery', analyticsEndpoints.batteryReport.path],
        ['temperature', analyticsEndpoints.temperatureReport.path],
      ] as const;
      const measureAll = async (
        query: string,
        into: ReportResult[],
        list: readonly (typeof reports)[number][],
      ) => {
        for (const [report, path] of list) {
          for (const format of ['json', 'xlsx'] as const) {
            const url = `${path}?${query}${format === 'xlsx' ? '&excel=yes' : ''}`;
            into.push({
              report,
              format,
              ...(await measure(server as ServerHandle, token, url, requests, format === 'xlsx')),
            });
          }
        }
      };
      await measureAll(
        range,
        calls,
        reports.filter(([r]) => monthReports.includes(r)),
      );
      if (!raw && historyDays > days) {
        // Only the pins' reports read pin_daily (the largest table to copy back).
        const tables = longReports.every((r) => r === 'mains')
          ? (['site_daily'] as const)
          : (['site_daily', 'pin_daily'] as const);
        const extended = await extendRolledHistory(server, days, historyDays, until, tables);
        history = { days: historyDays, ...extended, calls: [] };
        const longFrom = new Date(until.getTime() - historyDays * DAY);
        await measureAll(
          `from_time=${longFrom.toISOString()}&until_time=${until.toISOString()}`,
          history.calls,
          reports.filter(([r]) => longReports.includes(r)),
        );
      }
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    const rows = (list: ReportResult[]) =>
      list.map((c) => ({
        report: c.report,
        format: c.format,
        status: c.status,
        sites: c.sites,
        kB: c.replyKB,
        p50: c.latencyMs.p50,
        max: c.latencyMs.max,
        peakRssMb: c.peakRssMb,
      }));
    printTable(
      `analytics reports (${raw ? 'raw events' : `daily rollups, rolled in ${loaded.dailyRollupSeconds} s`}), ${loaded.sites} sites, ${days} days (${loaded.events} events, ${loaded.hourlyRows} hourly rows), ${requests} requests each`,
      rows(calls),
    );
    printHistory(history, rows);
    const ok =
      error === undefined && allAnswered(calls, history, monthReports.length * 2, longReports.length * 2);
    result.finish({
      ok,
      ...(error ? { error } : {}),
      db,
      days,
      requests,
      path: raw ? 'raw' : 'daily',
      ...(reuse ? { reusedSchema: reuse } : {}),
      profile: profiling.summarise(),
      loaded,
      calls,
      history,
    });
    return ok;
  },
};

runIfMain(import.meta.url, analyticsBenchmark);
