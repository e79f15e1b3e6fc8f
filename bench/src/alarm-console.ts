/**
 * Benchmark: the fleet alarm console (issue 37) — the first page of GET /user/alarm-console for a
 * company account over a national fleet: 50,000 sites and 1,000,000 active/recent rows (full): 20 %
 * alarms raised now (an `alarms` row and its raise event each), 80 % raises of the last 7 days that
 * cleared (a raise and a clear event each), half of them acknowledged. Set-based SQL, deterministic
 * from hashes of site and slot. Target: first page ≤ 300 ms p95 (docs/performance.md "Alarm console").
 */
import { alarmConsoleEndpoints } from '@towerwatch/contract';
import { ALARM_EVENT_NAMES, POWER_ALARM_IDS } from '@towerwatch/domain';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num } from './lib/cli.ts';
import { loadFleet } from './lib/dataset.ts';
import { printTable, startResult } from './lib/results.ts';
import { login, type ServerHandle, startServer } from './lib/server.ts';
import { errorText, type Percentiles, percentiles } from './lib/util.ts';

/** The alarms the rows are spread over (raise and clear names from the domain). */
const ALARMS = (
  [
    'ac_line_fail',
    'mains_fail',
    'dc_low_voltage',
    'site_down',
    'device_online',
    'rectifier_fail',
    'high_temperature',
    'door_status',
    'security_breach',
    'vibration',
    'smoke',
    'dg_on',
  ] as const
).map((id) => ({
  id,
  ...ALARM_EVENT_NAMES[id],
  power: (POWER_ALARM_IDS as readonly string[]).includes(id),
}));

/** The console queries timed: the first page of each (limit 50). */
const QUERIES: readonly { name: string; query: string }[] = [
  { name: 'active', query: 'view=active' },
  { name: 'recent', query: 'view=recent' },
  { name: 'active, Access group', query: 'view=active&group=Access' },
  { name: 'active, not acknowledged', query: 'view=active&acknowledged=no' },
  { name: 'recent, not acknowledged', query: 'view=recent&acknowledged=no' },
  { name: 'recent, one alarm', query: 'view=recent&alarms=smoke' },
  { name: 'active, division', query: 'view=active&division=Rajshahi' },
  { name: 'recent, tenant robi', query: 'view=recent&tenant=robi' },
  { name: 'active, search', query: 'view=active&q=07' },
  { name: 'active, over 24 h', query: 'view=active&age=gt24h' },
  { name: 'recent, oldest first', query: 'view=recent&sort=oldest' },
];

/** Loads `total` console rows over the sites present (see the file comment); also used to EXPLAIN the queries. */
export async function loadConsoleRows(
  pool: Pick<ServerHandle['pool'], 'query'>,
  total: number,
): Promise<{ active: number; cleared: number; events: number }> {
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from sites');
  const sites = Number(rows[0]?.n ?? 0);
  const activePerSite = Math.min(ALARMS.length, Math.max(1, Math.round((total * 0.2) / sites)));
  const clearedPerSite = Math.max(1, Math.round((total * 0.8) / sites));
  const names = {
    id: ALARMS.map((a) => a.id),
    raise: ALARMS.map((a) => a.raise),
    clear: ALARMS.map((a) => a.clear),
    power: ALARMS.map((a) => a.power),
  };
  const slot = `select s.uid, s.tenants, k, m.id, m.raise, m.clear, m.power,
         abs(hashtext(s.uid || ':' || k)) as h
    from sites s cross join generate_series(0, $1::int - 1) k
    join unnest($2::text[], $3::text[], $4::text[], $5::bool[]) with ordinality as m(id, raise, clear, power, i)
      on m.i = 1 + (k + abs(hashtext(s.uid)))::bigint % ${ALARMS.length}`;
  const tenant = `case when x.power then coalesce(x.tenants[1], '') else '' end`;
  // Alarms raised now: the alarm row and its raise event at the raise time (half acknowledged).
  const active = await pool.query(
    `with x as (${slot}),
       ev as (
         insert into events (site_uid, name, tenant, time, active, alarm_id, event_group, acknowledged_by, acknowledged_at)
         select x.uid, x.raise, ${tenant}, now() - (x.h % 1209600) * interval '1 second', true, x.id, 'RMS',
                case when x.h % 2 = 0 then '100' end, case when x.h % 2 = 0 then now() end
           from x returning 1)
     insert into alarms (site_uid, alarm_id, tenant, is_normal, raised_at, last_event_at)
     select x.uid, x.id, ${tenant}, false, now() - (x.h % 1209600) * interval '1 second', now() from x
     on conflict do nothing`,
    [activePerSite, names.id, names.raise, names.clear, names.power],
  );
  // Raises of the last 7 days that cleared 1–120 minutes later.
  const cleared = await pool.query(
    `with x as (${slot.replace('generate_series(0, $1::int - 1) k', 'generate_series(1000, 1000 + $1::int - 1) k')}),
       t as (select x.*, now() - (x.h % 604800) * interval '1 second' as at from x)
     insert into events (site_uid, name, tenant, time, active, alarm_id, event_group, acknowledged_by, acknowledged_at)
     select t.uid, case when y.up then t.raise else t.clear end, ${tenant.replaceAll('x.', 't.')},
            t.at + case when y.up then interval '0' else (1 + t.h % 120) * interval '1 minute' end,
            y.up, t.id, 'RMS', case when y.up and t.h % 2 = 1 then '100' end,
            case when y.up and t.h % 2 = 1 then now() end
       from t cross join (values (true), (false)) as y(up)
      order by 4`,
    [clearedPerSite, names.id, names.raise, names.clear, names.power],
  );
  await pool.query('analyze events');
  await pool.query('analyze alarms');
  const activeRows = active.rowCount ?? 0;
  return {
    active: activeRows,
    cleared: (cleared.rowCount ?? 0) / 2,
    events: activeRows + (cleared.rowCount ?? 0),
  };
}

export const alarmConsoleBenchmark: Benchmark = {
  name: 'alarm-console',
  description: 'the first page of the fleet alarm console (active and recent views, filters)',
  async run(opts) {
    const result = startResult(opts, 'alarm-console');
    const siteCount = num(opts, 'sites', { tiny: 300, quick: 5000, full: 50_000 });
    const rowCount = num(opts, 'rows', { tiny: 6000, quick: 100_000, full: 1_000_000 });
    const requests = num(opts, 'requests', { tiny: 5, quick: 20, full: 40 });
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    let server: ServerHandle | null = null;
    const calls: { name: string; query: string; status: number; rows: number; latencyMs: Percentiles }[] = [];
    const loaded = { sites: 0, companySites: 0, active: 0, cleared: 0, events: 0, loadSeconds: 0 };
    let error: string | undefined;
    try {
      server = await startServer({ db, broker: 'embedded' });
      const t0 = performance.now();
      await loadFleet(server.pool, siteCount);
      Object.assign(loaded, await loadConsoleRows(server.pool, rowCount));
      const counts = await server.pool.query<{ all: string; ktbl: string }>(
        `select count(*) as all, count(*) filter (where company_id = 'ktbl') as ktbl from sites`,
      );
      loaded.sites = Number(counts.rows[0]?.all ?? 0);
      loaded.companySites = Number(counts.rows[0]?.ktbl ?? 0);
      loaded.loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
      // The company account of the biggest company (every installed tenant).
      const token = await login(server.baseUrl, 'ktbl');
      for (const q of QUERIES) {
        const url = `${server.baseUrl}${alarmConsoleEndpoints.page.path}?${q.query}&limit=50`;
        const times: number[] = [];
        let status = 0;
        let rows = 0;
        for (let i = 0; i < requests + 1; i++) {
          const start = performance.now();
          const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          const body = (await res.json()) as { items?: unknown[] };
          // The first request plans the statement and warms the cache: not counted.
          if (i > 0) times.push(performance.now() - start);
          status = res.status;
          rows = body.items?.length ?? 0;
        }
        calls.push({ name: q.name, query: q.query, status, rows, latencyMs: percentiles(times) });
      }
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    printTable(
      `alarm console first page (50 rows), ${loaded.sites} sites (${loaded.companySites} of the caller's company), ` +
        `${loaded.active} active + ${loaded.cleared} cleared rows (${loaded.events} events), ${requests} requests each`,
      calls.map((c) => ({
        query: c.name,
        status: c.status,
        rows: c.rows,
        p50: c.latencyMs.p50,
        p95: c.latencyMs.p95,
        max: c.latencyMs.max,
      })),
    );
    const ok = error === undefined && calls.length === QUERIES.length && calls.every((c) => c.status === 200);
    result.finish({ ok, ...(error ? { error } : {}), db, requests, loaded, calls });
    return ok;
  },
};

runIfMain(import.meta.url, alarmConsoleBenchmark);
