/**
 * Benchmark 3, API: the real server with the national fleet (50,000 sites) and 10 million events
 * loaded with SQL; each endpoint is loaded with autocannon (a child process) on loopback and reports
 * requests/s and exact p50/p95/p99 of every response. Endpoints run as `admin` (sudo: every site) and,
 * for the scoped queries, as `ktbl` (a company account, ~72 % of the sites).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { authEndpoints, networkEndpoints, siteEndpoints } from '@towerwatch/contract';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num, serverNodeFlags, warmEnabled } from './lib/cli.ts';
import {
  type AlarmStateLoad,
  type EventLoad,
  type FleetLoad,
  loadAlarmState,
  loadEvents,
} from './lib/dataset.ts';
import { type ProfileSummary, serverProfiling } from './lib/profile.ts';
import { printTable, startResult } from './lib/results.ts';
import { startLoadedServer, WARM_TIMEOUT_MS } from './lib/rig.ts';
import { login, type ServerHandle } from './lib/server.ts';
import { BENCH_ROOT, errorText, type Percentiles, percentiles, round1 } from './lib/util.ts';
import type { HttpLoadConfig, HttpLoadResult } from './load/http-load.ts';

interface EndpointResult {
  name: string;
  user: string;
  method: 'GET' | 'POST';
  path: string;
  ok: boolean;
  error: string | null;
  /** Size of one reply (bytes) and its time (ms), from a single check request before the load. */
  replyBytes: number | null;
  checkMs: number | null;
  requests: number;
  requestsPerS: number;
  non2xx: number;
  errors: number;
  latencyMs: Percentiles;
  autocannon: HttpLoadResult['autocannon'] | null;
}

interface ApiRun {
  db: DbKind;
  ok: boolean;
  error: string | null;
  pgVersion: string | null;
  fleet: Omit<FleetLoad, 'fleet'> | null;
  /** Every device reported once through MQTT before the events were loaded. */
  warmUp: { messages: number; seconds: number } | null;
  events: EventLoad | null;
  /** Alarm rows, DC load states and battery readings loaded with SQL (counts have something to count). */
  alarmState: AlarmStateLoad | null;
  connections: number;
  durationS: number;
  endpoints: EndpointResult[];
  /** With --profile DIR: where the server's CPU went over the whole run (V8 CPU profile). */
  profile?: ProfileSummary[];
}

/** One autocannon child process for all endpoints (each endpoint is loaded after the previous one). */
function startHttpLoad() {
  const child = fork(path.join(BENCH_ROOT, 'src', 'load', 'http-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    run(config: HttpLoadConfig): Promise<HttpLoadResult> {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`autocannon process exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (message: HttpLoadResult | { error: string }) => {
          child.off('exit', onExit);
          if ('error' in message) reject(new Error(message.error));
          else resolve(message);
        });
        child.send(config);
      });
    },
    stop() {
      if (child.connected) child.disconnect();
    },
  };
}

interface EndpointSpec {
  name: string;
  user: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

async function endpointSpecs(
  server: ServerHandle,
  events: EventLoad,
  sites: number,
): Promise<EndpointSpec[]> {
  const lastPage = Math.max(1, Math.floor(sites / 1000));
  // A deep page: 50 pages (5,000 events) into the busiest site; the middle of the whole history.
  const deep = await server.pool.query<{ id: number }>(
    'select id from events where site_uid = $1 order by id desc offset 5000 limit 1',
    [events.hotSiteUid],
  );
  const siteDeepId = deep.rows[0]?.id ?? Math.round((events.minId + events.maxId) / 2);
  const networkDeepId = Math.round((events.minId + events.maxId) / 2);
  const site = encodeURIComponent(events.hotSiteUid);
  return [
    {
      name: 'login',
      user: '-',
      method: 'POST',
      path: authEndpoints.login.path,
      body: JSON.stringify({ username: 'ktbl', password: 'towerwatch' }),
    },
    { name: 'status-counts', user: 'admin', method: 'GET', path: networkEndpoints.statusCounts.path },
    { name: 'status-counts', user: 'ktbl', method: 'GET', path: networkEndpoints.statusCounts.path },
    { name: 'dashboard-count', user: 'admin', method: 'GET', path: networkEndpoints.dashboardCount.path },
    { name: 'dashboard-count', user: 'ktbl', method: 'GET', path: networkEndpoints.dashboardCount.path },
    {
      name: 'site/fetch 1000',
      user: 'admin',
      method: 'GET',
      path: `${siteEndpoints.siteFetch.path}?limit=1000&page=1`,
    },
    {
      name: `site/fetch 1000 (page ${lastPage})`,
      user: 'admin',
      method: 'GET',
      path: `${siteEndpoints.siteFetch.path}?limit=1000&page=${lastPage}`,
    },
    // The list forms: lean, and compact, which the web app's list pages load
    // (docs/decisions/compact-site-list.md).
    {
      name: 'site/fetch 1000 lean',
      user: 'admin',
      method: 'GET',
      path: `${siteEndpoints.siteFetch.path}?limit=1000&page=1&lean=true`,
    },
    {
      name: 'site/fetch 1000 compact',
      user: 'admin',
      method: 'GET',
      path: `${siteEndpoints.siteFetch.path}?limit=1000&page=1&compact=true`,
    },
    {
      name: 'site/events first',
      user: 'admin',
      method: 'GET',
      path: `${networkEndpoints.siteEvents.path}?site_uid=${site}`,
    },
    {
      name: 'site/events deep',
      user: 'admin',
      method: 'GET',
      path: `${networkEndpoints.siteEvents.path}?site_uid=${site}&oldest_id=${siteDeepId}`,
    },
    { name: 'network/events first', user: 'admin', method: 'GET', path: networkEndpoints.networkEvents.path },
    { name: 'network/events first', user: 'ktbl', method: 'GET', path: networkEndpoints.networkEvents.path },
    {
      name: 'network/events deep',
      user: 'admin',
      method: 'GET',
      path: `${networkEndpoints.networkEvents.path}?oldestId=${networkDeepId}`,
    },
    {
      name: 'network/events deep',
      user: 'ktbl',
      method: 'GET',
      path: `${networkEndpoints.networkEvents.path}?oldestId=${networkDeepId}`,
    },
  ];
}

async function runApiOnce(opts: Parameters<Benchmark['run']>[0], db: DbKind): Promise<ApiRun> {
  const sites = num(opts, 'sites', { tiny: 200, quick: 1000, full: 50_000 });
  const eventCount = num(opts, 'events', { tiny: 2_000, quick: 300_000, full: 10_000_000 });
  const connections = num(opts, 'connections', { tiny: 2, quick: 4, full: 10 });
  const durationS = num(opts, 'seconds', { tiny: 1, quick: 2, full: 10 });
  const amount = opts.size === 'tiny' ? 10 : undefined;
  const run: ApiRun = {
    db,
    ok: false,
    error: null,
    pgVersion: null,
    fleet: null,
    warmUp: null,
    events: null,
    alarmState: null,
    connections,
    durationS,
    endpoints: [],
  };
  let server: ServerHandle | null = null;
  const loader = startHttpLoad();
  const profiling = serverProfiling(opts.flags.get('profile'), `api-${db}`, serverNodeFlags(opts));
  try {
    console.log(
      `api: ${db} PostgreSQL: starting the server, loading ${sites} sites and ${eventCount} events`,
    );
    const loaded = await startLoadedServer({
      db,
      sites,
      warmTimeoutMs: WARM_TIMEOUT_MS[opts.size],
      warm: warmEnabled(opts),
      nodeArgs: profiling.nodeArgs,
    });
    server = loaded.server;
    run.pgVersion = server.pgVersion;
    const { fleet: _fleet, ...fleetLoad } = loaded.fleetLoad;
    run.fleet = fleetLoad;
    run.warmUp = loaded.warmUp;
    run.alarmState = await loadAlarmState(server.pool);
    console.log(
      `api: alarm state: ${run.alarmState.alarms} alarms (${run.alarmState.raised} raised), ${run.alarmState.dcLoad} DC load states in ${run.alarmState.seconds} s`,
    );
    run.events = await loadEvents(server.pool, eventCount);
    await server.pool.query('vacuum analyze events');
    console.log(`api: loaded in ${fleetLoad.seconds} s + ${run.events.seconds} s`);
    const tokens: Record<string, string> = {
      admin: await login(server.baseUrl, 'admin'),
      ktbl: await login(server.baseUrl, 'ktbl'),
    };
    for (const spec of await endpointSpecs(server, run.events, sites)) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const token = tokens[spec.user];
      if (token) headers.authorization = `Bearer ${token}`;
      const result: EndpointResult = {
        name: spec.name,
        user: spec.user,
        method: spec.method,
        path: spec.path,
        ok: false,
        error: null,
        replyBytes: null,
        checkMs: null,
        requests: 0,
        requestsPerS: 0,
        non2xx: 0,
        errors: 0,
        latencyMs: percentiles([]),
        autocannon: null,
      };
      run.endpoints.push(result);
      try {
        // Check the endpoint answers 200 (and warm it up) before loading it.
        const checkStart = performance.now();
        const check = await fetch(`${server.baseUrl}${spec.path}`, {
          method: spec.method,
          headers: spec.method === 'GET' ? { authorization: headers.authorization ?? '' } : headers,
          body: spec.body,
        });
        const text = await check.text();
        result.replyBytes = Buffer.byteLength(text);
        result.checkMs = round1(performance.now() - checkStart);
        if (!check.ok) throw new Error(`${check.status}: ${text.slice(0, 300)}`);
        const load = await loader.run({
          url: `${server.baseUrl}${spec.path}`,
          method: spec.method,
          headers: spec.method === 'GET' ? { authorization: headers.authorization ?? '' } : headers,
          body: spec.body,
          connections,
          durationS,
          amount,
        });
        result.requests = load.requests;
        result.requestsPerS = load.requestsPerS;
        result.non2xx = load.non2xx;
        result.errors = load.errors + load.timeouts;
        result.latencyMs = percentiles(load.latencies);
        result.autocannon = load.autocannon;
        result.ok = load.non2xx === 0 && result.errors === 0 && load.requests > 0;
        if (!result.ok)
          result.error =
            load.requests === 0
              ? `no request completed within the ${durationS} s run (one request took ${result.checkMs} ms)`
              : `${load.non2xx} non-2xx, ${result.errors} errors`;
      } catch (err) {
        result.error = errorText(err);
      }
      console.log(
        `  ${spec.name} (${spec.user}): ${result.ok ? `${result.requestsPerS} req/s, p95 ${result.latencyMs.p95} ms` : `FAIL ${result.error}`}`,
      );
    }
    run.ok = run.endpoints.every((e) => e.ok);
    if (!run.ok)
      run.error = run.endpoints
        .filter((e) => !e.ok)
        .map((e) => `${e.name}: ${e.error}`)
        .join('; ');
  } catch (err) {
    run.error = errorText(err);
    console.error(`api (${db}) failed: ${run.error}`);
  } finally {
    loader.stop();
    await server?.stop().catch(() => undefined);
  }
  run.profile = profiling.summarise();
  return run;
}

export const apiBenchmark: Benchmark = {
  name: 'api',
  description: 'HTTP API latency and throughput with autocannon at national scale',
  async run(opts) {
    const result = startResult(opts, 'api');
    const dbs =
      opts.dbs ?? (opts.size === 'full' ? (['system', 'embedded'] as const) : (['system'] as const));
    const runs: ApiRun[] = [];
    for (const db of dbs) runs.push(await runApiOnce(opts, db));
    const failed = runs.filter((r) => !r.ok);
    const written = result.finish({
      ok: failed.length === 0,
      ...(failed.length ? { error: failed.map((r) => `${r.db}: ${r.error}`).join('; ') } : {}),
      targets: { countsP95Ms: 20, eventsP95Ms: 20 },
      runs,
    });
    printTable(
      'API (autocannon on loopback)',
      written.runs.flatMap((r) =>
        r.endpoints.map((e) => ({
          db: r.db,
          endpoint: e.name,
          user: e.user,
          'req/s': round1(e.requestsPerS),
          'p50 ms': e.latencyMs.p50,
          'p95 ms': e.latencyMs.p95,
          'p99 ms': e.latencyMs.p99,
          'reply kB': e.replyBytes === null ? null : round1(e.replyBytes / 1024),
          result: e.ok ? 'ok' : `FAIL ${e.error}`,
        })),
      ),
    );
    return written.ok;
  },
};

runIfMain(import.meta.url, apiBenchmark);
