/**
 * Benchmark: the tenant SLA report (issue 15 "Beyond the anchors") over the whole fleet for one month,
 * JSON and `excel=yes`, at 50,000 sites (full). The real server (simulator off) gets the demo fleet and
 * a month of generated outages per site and day (set-based, deterministic from hashes of site and day):
 * a mains failure with the site on battery, the site going down inside it, and a device-offline gap.
 * The server is then restarted so its jobs role rolls the loaded range up into the daily rollups
 * (site_outage_daily, docs/decisions/sla-from-daily-rollups.md; timed) and the report reads whole days
 * from them (`--path raw` skips the rollup: the raw path as before issue 36). The table gives time per
 * request and the server's peak RSS while it ran (sites are read per batch of 1,000 and their figures
 * summed as they come, so the peak should not grow with the fleet).
 */
import { analyticsSlaEndpoints } from '@towerwatch/contract';
import { dhakaMonthOf, dhakaMonthStartOf, monthsBetween, SLA_MAX_MONTHS } from '@towerwatch/domain';
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

/** Per site and day from `from`: `name` of every site's first tenant on at minute `at`, off `minutes` later. */
async function loadPeriods(
  server: ServerHandle,
  from: Date,
  days: number,
  name: string,
  at: number,
  minutes: number,
  tenantLess = false,
): Promise<number> {
  const res = await server.pool.query(
    `insert into events (site_uid, name, tenant, time, active, event_group)
     select s.uid, $1::text, case when $6 then '' else coalesce(s.tenants[1], '') end,
            $2::timestamptz + d * interval '1 day'
              + ($3::int + abs(hashtext(s.uid || d::text)) % 120) * interval '1 minute'
              + case when x.act then interval '0' else $4::int * interval '1 minute' end,
            x.act, 'RMS'
       from sites s cross join generate_series(0, $5::int - 1) d
       cross join (values (true), (false)) as x(act)`,
    [name, from, at, minutes, days, tenantLess],
  );
  return res.rowCount ?? 0;
}

export const slaBenchmark: Benchmark = {
  name: 'sla',
  description: 'the tenant SLA report (JSON and xlsx) over the whole fleet for one month',
  async run(opts) {
    const result = startResult(opts, 'sla');
    const days = num(opts, 'days', { tiny: 31, quick: 31, full: 31 });
    const requests = num(opts, 'requests', { tiny: 1, quick: 3, full: 3 });
    // Then the report over `--history-days` (13 months at full size; 0 skips), the older days' rollups
    // copied from the loaded month (extendRolledHistory).
    const historyDays = num(opts, 'history-days', { tiny: 100, quick: 396, full: 396 });
    // `--path raw` measures the raw-events path (no daily rollups), as before issue 36.
    const raw = opts.flags.get('path') === 'raw';
    // `--keep yes` leaves the loaded schema (db system) for `--reuse <schema>` (as the analytics benchmark).
    const reuse = opts.flags.get('reuse');
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    // `--profile DIR`: V8 CPU profiles of the server, summarised in the result.
    const profiling = serverProfiling(opts.flags.get('profile'), `sla-${db}`, serverNodeFlags(opts));
    let server: ServerHandle | null = null;
    type Call = {
      format: string;
      status: number;
      replyKB: number;
      latencyMs: Percentiles;
      peakRssMb: number;
    };
    const calls: Call[] = [];
    let history: LongHistory<Call> | null = null;
    const loaded = { sites: 0, events: 0, loadSeconds: 0, dailyRollupSeconds: null as number | null };
    let error: string | undefined;
    try {
      const started = await startReportServer(
        opts,
        { db, nodeArgs: profiling.nodeArgs, days, wholeMonths: true },
        loaded,
      );
      server = started.server;
      const { from, until, loadStart: t0 } = started;
      if (!started.reused) {
        loaded.events += await loadPeriods(server, from, days, 'mains_fail', 60, 240);
        loaded.events += await loadPeriods(server, from, days, 'battery_power', 60, 180);
        loaded.events += await loadPeriods(server, from, days, 'site_down', 240, 30);
        loaded.events += await loadPeriods(server, from, days, 'device_offline', 600, 20, true);
        await server.pool.query('analyze events');
        loaded.loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
        if (!raw) loaded.dailyRollupSeconds = await rollUpDays(server, days, 6 * 3_600_000);
        // What autovacuum does within minutes in production (the bench PostgreSQL runs without it).
        await settleStatistics(server);
        await recordLoad(server, from, until, loaded);
      }
      // The operator account sees every company: the whole fleet in one report.
      const token = await login(server.baseUrl, 'admin');
      const range = `from_time=${from.toISOString()}&until_time=${until.toISOString()}`;
      const measure = async (query: string, into: Call[]) => {
        for (const format of ['json', 'xlsx'] as const) {
          const url = `${analyticsSlaEndpoints.slaReport.path}?${query}${format === 'xlsx' ? '&excel=yes' : ''}`;
          const { body: _body, ...timing } = await timeReportRequests(
            server as ServerHandle,
            token,
            url,
            requests,
          );
          into.push({ format, ...timing });
        }
      };
      await measure(range, calls);
      if (!raw && historyDays > days) {
        // The SLA reads whole days from site_outage_daily only.
        const extended = await extendRolledHistory(server, days, historyDays, until, ['site_outage_daily']);
        history = { days: historyDays, ...extended, calls: [] };
        // The last SLA_MAX_MONTHS whole Dhaka months the copied days reach into (the longest report the
        // SLA takes: 396 days back touch 14 months, which it refuses with a 400).
        const months = monthsBetween(new Date(until.getTime() - historyDays * DAY), until);
        const first = months[Math.max(0, months.length - SLA_MAX_MONTHS)] ?? dhakaMonthOf(until);
        const longFrom = dhakaMonthStartOf(first);
        await measure(`from_time=${longFrom.toISOString()}&until_time=${until.toISOString()}`, history.calls);
      }
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    const rows = (list: Call[]) =>
      list.map((c) => ({
        format: c.format,
        status: c.status,
        kB: c.replyKB,
        p50: c.latencyMs.p50,
        max: c.latencyMs.max,
        peakRssMb: c.peakRssMb,
      }));
    printTable(
      `tenant SLA report (${raw ? 'raw events' : `daily rollups, rolled in ${loaded.dailyRollupSeconds} s`}), ${loaded.sites} sites, ${days} days (${loaded.events} events), ${requests} requests each`,
      rows(calls),
    );
    printHistory(history, rows);
    const ok = error === undefined && allAnswered(calls, history, 2);
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

runIfMain(import.meta.url, slaBenchmark);
