/**
 * Benchmark 4, live fan-out: thousands of /wss sockets of several companies (operators who see every
 * site, two KTBL accounts, FTB) held by child processes; site events are produced through the real
 * path (a `pins` message raising or clearing high_temperature → ingest → alarm engine → live hub) at
 * increasing rates, and the sockets count deliveries per second and time SITE_EVENT from device time
 * to arrival.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import mqtt from 'mqtt';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num, serverNodeFlags, warmEnabled } from './lib/cli.ts';
import { type ProfileSummary, serverProfiling } from './lib/profile.ts';
import { printTable, startResult } from './lib/results.ts';
import { startLoadedServer, WARM_TIMEOUT_MS } from './lib/rig.ts';
import {
  eventLoopDelay,
  internalMqttCredentials,
  login,
  type ServerHandle,
  serverCpuSeconds,
} from './lib/server.ts';
import { BENCH_ROOT, errorText, type Percentiles, sleep } from './lib/util.ts';
import type { WsChildMessage, WsParentMessage } from './load/ws-clients.ts';

/** Socket share per demo account (sums to 1). ktbl and super see KTBL's sites, ftb FTB's, admin/ops all. */
const ACCOUNTS: readonly [username: string, share: number, sees: 'all' | 'ktbl' | 'ftb'][] = [
  ['admin', 0.1, 'all'],
  ['ops', 0.1, 'all'],
  ['ktbl', 0.35, 'ktbl'],
  ['super', 0.25, 'ktbl'],
  ['ftb', 0.2, 'ftb'],
];

interface FanoutStep {
  targetEventsPerS: number;
  eventsPublished: number;
  durationS: number;
  /** SITE_EVENT messages the sockets should get (events × sockets allowed to see the site). */
  expectedSiteEvents: number;
  siteEvents: number;
  siteEventsPerS: number;
  /** Every live message (site events, status updates, counts) delivered per second. */
  deliveriesPerS: number;
  byEvent: Record<string, number>;
  latencyMs: Percentiles;
  serverRssMb: number;
  socketsClosed: number;
  /** The server's event-loop delay while the step's events were published (ms; null: not readable). */
  eventLoopDelayP50Ms: number | null;
  eventLoopDelayP99Ms: number | null;
  eventLoopDelayMaxMs: number | null;
}

interface FanoutRun {
  db: DbKind;
  ok: boolean;
  error: string | null;
  sites: number;
  sockets: number;
  socketsFailed: number;
  openS: number | null;
  serverRssAfterOpenMb: number | null;
  /** Every device reported once before (null: skipped with --warm off). */
  warmUp: { messages: number; seconds: number } | null;
  steps: FanoutStep[];
  /** CPU seconds of the server process per wall second during each step (same order as steps). */
  serverCores?: number[];
  /** With --profile DIR: where the server's CPU went over the whole run (V8 CPU profile). */
  profile?: ProfileSummary[];
}

function percentilesOfHistogram(histogram: number[]): Percentiles {
  const n = histogram.reduce((s, c) => s + c, 0);
  if (n === 0) return { n: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  const at = (q: number) => {
    const rank = Math.ceil(q * n);
    let seen = 0;
    for (let ms = 0; ms < histogram.length; ms++) {
      seen += histogram[ms] ?? 0;
      if (seen >= rank) return ms;
    }
    return histogram.length - 1;
  };
  let max = 0;
  let sum = 0;
  histogram.forEach((c, ms) => {
    if (c > 0) max = ms;
    sum += c * ms;
  });
  return { n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max, mean: Math.round((sum / n) * 10) / 10 };
}

function request<T extends WsChildMessage['type']>(
  child: ChildProcess,
  message: WsParentMessage,
  type: T,
): Promise<Extract<WsChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: WsChildMessage) => {
      if (m.type === type) {
        child.off('message', onMessage);
        resolve(m as Extract<WsChildMessage, { type: T }>);
      } else if (m.type === 'error') {
        child.off('message', onMessage);
        reject(new Error(m.error));
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function runFanoutOnce(opts: Parameters<Benchmark['run']>[0], db: DbKind): Promise<FanoutRun> {
  const sites = num(opts, 'sites', { tiny: 40, quick: 1000, full: 50_000 });
  const socketCount = num(opts, 'sockets', { tiny: 10, quick: 200, full: 2000 });
  const processes = num(opts, 'processes', { tiny: 1, quick: 2, full: 2 });
  const stepMs = num(opts, 'step-seconds', { tiny: 2, quick: 4, full: 15 }) * 1000;
  const rates = (opts.flags.get('rates') ?? { tiny: '5', quick: '10,40', full: '10,20,40,80' }[opts.size])
    .split(',')
    .map(Number);
  const run: FanoutRun = {
    db,
    ok: false,
    error: null,
    sites,
    sockets: 0,
    socketsFailed: 0,
    openS: null,
    serverRssAfterOpenMb: null,
    warmUp: null,
    steps: [],
  };
  let server: ServerHandle | null = null;
  const children: ChildProcess[] = [];
  const profiling = serverProfiling(opts.flags.get('profile'), `fanout-${db}`, serverNodeFlags(opts));
  try {
    console.log(`fanout: ${db} PostgreSQL, ${sites} sites, ${socketCount} sockets`);
    const loaded = await startLoadedServer({
      db,
      sites,
      warmTimeoutMs: WARM_TIMEOUT_MS[opts.size],
      warm: warmEnabled(opts),
      nodeArgs: profiling.nodeArgs,
    });
    server = loaded.server;
    run.warmUp = loaded.warmUp;
    const { fleet } = loaded;
    // Per socket: the token of its account (one sign-in per account, shared by its sockets).
    const tokens = new Map<string, string>();
    for (const [username] of ACCOUNTS) tokens.set(username, await login(server.baseUrl, username));
    const socketAccounts: (typeof ACCOUNTS)[number][] = [];
    for (const account of ACCOUNTS) {
      const count = Math.round(account[1] * socketCount);
      for (let i = 0; i < count; i++) socketAccounts.push(account);
    }
    const seeing = { all: 0, ktbl: 0, ftb: 0 };
    for (const [, , sees] of socketAccounts) seeing[sees]++;
    const started = performance.now();
    for (let p = 0; p < processes; p++) {
      const child = fork(path.join(BENCH_ROOT, 'src', 'load', 'ws-clients.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
    }
    const opened = await Promise.all(
      children.map((child, p) =>
        request(
          child,
          {
            cmd: 'open',
            wsUrl: server?.wsUrl ?? '',
            tokens: socketAccounts
              .filter((_, i) => i % children.length === p)
              .map(([u]) => tokens.get(u) ?? ''),
          },
          'opened',
        ),
      ),
    );
    run.openS = Math.round((performance.now() - started) / 100) / 10;
    run.sockets = opened.reduce((s, o) => s + o.sockets, 0);
    run.socketsFailed = opened.reduce((s, o) => s + o.failed, 0);
    run.serverRssAfterOpenMb = server.rssMb();
    if (run.sockets === 0)
      throw new Error(`no live socket could sign in: ${opened.map((o) => o.error).join('; ')}`);
    // Event sites: the first sites of the fleet (KTBL, FTB and the other companies mixed).
    const eventSites = fleet.sites.slice(0, Math.min(fleet.sites.length, 400));
    const client = await mqtt.connectAsync(server.mqttUrl, {
      ...internalMqttCredentials(),
      clientId: `bench-fanout-${process.pid}`,
      clean: true,
      reconnectPeriod: 0,
    });
    const state = new Map<string, { seq: number; high: boolean }>();
    const publish = (index: number, high: boolean) => {
      const site = eventSites[index % eventSites.length];
      if (!site) return null;
      const s = state.get(site.com_id) ?? { seq: 0, high: false };
      s.seq++;
      s.high = high;
      state.set(site.com_id, s);
      const ts = Date.now();
      const readings = [
        { pin: 'am1', value: 230 },
        { pin: 'am2', value: 231 },
        { pin: 'am3', value: 229 },
        { pin: 'am4', value: high ? 50 : 30 },
        { pin: 'am6', value: 53.5 },
      ];
      client.publish(
        `tw/v1/dev/${site.com_id}/pins`,
        JSON.stringify({ msg_id: `${site.com_id}-f${s.seq}`, ts, readings }),
        { qos: 1 },
      );
      return site;
    };
    // Every event site reports normal first (state loaded, alarm rows created), then it is measured.
    for (let i = 0; i < eventSites.length; i++) publish(i, false);
    await sleep({ tiny: 2000, quick: 3000, full: 5000 }[opts.size]);
    let cursor = 0;
    for (const rate of rates) {
      await Promise.all(children.map((c) => request(c, { cmd: 'report' }, 'report')));
      for (const c of children) c.send({ cmd: 'reset' } satisfies WsParentMessage);
      let expected = 0;
      let published = 0;
      let maxRss = server.rssMb();
      await eventLoopDelay(server.baseUrl); // a new event-loop delay window for this step
      const cpuStart = serverCpuSeconds(server);
      const stepStart = performance.now();
      while (performance.now() - stepStart < stepMs) {
        const due = Math.floor(((performance.now() - stepStart) / 1000) * rate) - published;
        for (let k = 0; k < due; k++) {
          const index = cursor++;
          const site = eventSites[index % eventSites.length];
          const high = !(state.get(site?.com_id ?? '')?.high ?? false);
          const sent = publish(index, high);
          if (!sent) continue;
          published++;
          expected +=
            seeing.all +
            (sent.company === 'ktbl' ? seeing.ktbl : 0) +
            (sent.company === 'ftb' ? seeing.ftb : 0);
        }
        maxRss = Math.max(maxRss, server.rssMb());
        await sleep(10);
      }
      const delay = await eventLoopDelay(server.baseUrl);
      run.serverCores = [
        ...(run.serverCores ?? []),
        Math.round(((serverCpuSeconds(server) - cpuStart) / ((performance.now() - stepStart) / 1000)) * 100) /
          100,
      ];
      // Let the last events arrive: until every expected SITE_EVENT is in or none came for 2 s (≤ 20 s).
      let reports = await Promise.all(children.map((c) => request(c, { cmd: 'report' }, 'report')));
      const waitStart = performance.now();
      let lastCount = -1;
      let lastChange = performance.now();
      while (performance.now() - waitStart < 20_000) {
        const got = reports.reduce((s, r) => s + r.siteEvents, 0);
        if (got >= expected) break;
        if (got !== lastCount) {
          lastCount = got;
          lastChange = performance.now();
        } else if (performance.now() - lastChange > 2000) break;
        await sleep(250);
        reports = await Promise.all(children.map((c) => request(c, { cmd: 'report' }, 'report')));
      }
      const histogram = new Array<number>(reports[0]?.histogram.length ?? 0).fill(0);
      const byEvent: Record<string, number> = {};
      for (const r of reports) {
        r.histogram.forEach((c, i) => {
          histogram[i] = (histogram[i] ?? 0) + c;
        });
        for (const [k, v] of Object.entries(r.byEvent)) byEvent[k] = (byEvent[k] ?? 0) + v;
      }
      const siteEvents = reports.reduce((s, r) => s + r.siteEvents, 0);
      const messages = reports.reduce((s, r) => s + r.messages, 0);
      const seconds = stepMs / 1000;
      const step: FanoutStep = {
        targetEventsPerS: rate,
        eventsPublished: published,
        durationS: seconds,
        expectedSiteEvents: expected,
        siteEvents,
        siteEventsPerS: Math.round(siteEvents / seconds),
        deliveriesPerS: Math.round(messages / seconds),
        byEvent,
        latencyMs: percentilesOfHistogram(histogram),
        serverRssMb: maxRss,
        socketsClosed: reports.reduce((s, r) => s + r.closed, 0),
        eventLoopDelayP50Ms: delay?.p50Ms ?? null,
        eventLoopDelayP99Ms: delay?.p99Ms ?? null,
        eventLoopDelayMaxMs: delay?.maxMs ?? null,
      };
      run.steps.push(step);
      console.log(
        `  ${rate} events/s: ${step.siteEventsPerS} SITE_EVENT/s (${siteEvents}/${expected}), ${step.deliveriesPerS} messages/s, p99 ${step.latencyMs.p99} ms`,
      );
    }
    await client.endAsync(true);
    if (run.steps.every((s) => s.siteEvents === 0))
      throw new Error('no SITE_EVENT reached any socket (ingest, alarm engine or live hub not working?)');
    run.ok = true;
  } catch (err) {
    run.error = errorText(err);
    console.error(`fanout (${db}) failed: ${run.error}`);
  } finally {
    for (const child of children) {
      if (child.connected) child.send({ cmd: 'close' } satisfies WsParentMessage);
    }
    await sleep(200);
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await server?.stop().catch(() => undefined);
  }
  run.profile = profiling.summarise();
  return run;
}

export const fanoutBenchmark: Benchmark = {
  name: 'fanout',
  description: 'live /wss fan-out: deliveries/s and latency to thousands of sockets',
  async run(opts) {
    const result = startResult(opts, 'fanout');
    const runs: FanoutRun[] = [];
    for (const db of opts.dbs ?? (['system'] as const)) runs.push(await runFanoutOnce(opts, db));
    const failed = runs.filter((r) => !r.ok);
    const written = result.finish({
      ok: failed.length === 0,
      ...(failed.length ? { error: failed.map((r) => `${r.db}: ${r.error}`).join('; ') } : {}),
      targets: { deliveriesPerS: 50_000, p99Ms: 200, sockets: 2000 },
      runs,
    });
    printTable(
      'Live fan-out (SITE_EVENT device time → socket)',
      written.runs.flatMap((r) =>
        r.steps.map((s) => ({
          db: r.db,
          sockets: r.sockets,
          'events/s': s.targetEventsPerS,
          'SITE_EVENT/s': s.siteEventsPerS,
          'got/expected': `${s.siteEvents}/${s.expectedSiteEvents}`,
          'all msgs/s': s.deliveriesPerS,
          'p50 ms': s.latencyMs.p50,
          'p95 ms': s.latencyMs.p95,
          'p99 ms': s.latencyMs.p99,
          'rss MB': s.serverRssMb,
          'loop p99 ms': s.eventLoopDelayP99Ms,
          'loop max ms': s.eventLoopDelayMaxMs,
        })),
      ),
    );
    return written.ok;
  },
};

runIfMain(import.meta.url, fanoutBenchmark);
