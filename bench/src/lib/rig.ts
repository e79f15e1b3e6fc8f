/**
 * The ingest rig shared by the ingest and alarm benchmarks: a server with the national fleet loaded,
 * MQTT load generators for its devices, a probe tracker timing sampled messages from device time to
 * their committed row (persisted.ts), and one measured load step (publish at a rate, wait for the server to drain,
 * count what was persisted).
 */
import { comIdOfSiteIndex, type DemoFleet } from '@towerwatch/fleet';
import type { BrokerKind, DbKind } from './cli.ts';
import { type FleetLoad, loadFleet } from './dataset.ts';
import { ProbeTracker, persistedCounts, waitDrained } from './persisted.ts';
import { coresUsed, sampleCpu } from './proc.ts';
import { type PublisherPool, startPublishers } from './publishers.ts';
import { eventLoopDelay, internalMqttCredentials, type ServerHandle, startServer } from './server.ts';
import { errorText, type Percentiles, sleep } from './util.ts';

/** How long the warm-up may take to be processed, per size. */
export const WARM_TIMEOUT_MS = { tiny: 15_000, quick: 120_000, full: 600_000 } as const;

/** Readings in every load message. */
export const VALUES_PER_MESSAGE = 20;

export interface RigOptions {
  db: DbKind;
  broker: BrokerKind;
  /** Sites loaded (the demo fleet generator). */
  sites: number;
  /** Devices publishing load (the first N com_ids, excluding the reserved sites). */
  devices: number;
  /** Sites at the end of the fleet kept out of the load (alarm probes). */
  reserve?: number;
  processes: number;
  /** Connections in shared mode; when devices ≤ this, each device gets its own connection. */
  connections: number;
  logLevel?: string;
  /** Extra node arguments of the server (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Extra environment of the server. */
  env?: Record<string, string>;
  /** broker `nats`: ingest worker processes. */
  workers?: number;
}

export interface Rig {
  server: ServerHandle;
  fleet: DemoFleet;
  fleetLoad: FleetLoad;
  publishers: PublisherPool;
  mode: 'device' | 'shared';
  comIds: string[];
  /** Messages sent without error so far (all steps and the warm-up); every one must be persisted. */
  published: number;
  /** Other messages and values sent to the server by the benchmark (e.g. alarm probes). */
  extra: { messages: number; values: number };
  stop(): Promise<void>;
}

export async function startRig(o: RigOptions): Promise<Rig> {
  const server = await startServer({
    db: o.db,
    broker: o.broker,
    logLevel: o.logLevel,
    nodeArgs: o.nodeArgs,
    env: o.env,
    workers: o.workers,
  });
  try {
    // Which com_ids publish load, which are reserved (probes), and which sign in on their own.
    const all = Array.from({ length: o.sites }, (_, i) => comIdOfSiteIndex(i));
    const reserve = o.reserve ?? 0;
    const comIds = all.slice(0, Math.max(0, all.length - reserve)).slice(0, o.devices);
    const credentialed = new Set(all.slice(all.length - reserve));
    if (comIds.length <= o.connections) for (const c of comIds) credentialed.add(c);
    const fleetLoad = await loadFleet(server.pool, o.sites, credentialed);
    const mode = comIds.length <= o.connections ? 'device' : 'shared';
    const creds = o.broker === 'embedded' && mode === 'shared' ? internalMqttCredentials() : {};
    const publishers = await startPublishers({
      processes: o.processes,
      url: server.mqttUrl,
      mode,
      ...creds,
      comIds,
      connections: o.connections,
      probeEvery: 100,
    });
    return {
      server,
      fleet: fleetLoad.fleet,
      fleetLoad,
      publishers,
      mode,
      comIds,
      published: 0,
      extra: { messages: 0, values: 0 },
      async stop() {
        await publishers.stop().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop().catch(() => undefined);
    throw err;
  }
}

export interface StepResult {
  targetRate: number;
  durationS: number;
  published: number;
  /** Broker-acknowledged messages per second over the publishing window. */
  achievedRate: number;
  /** Ticks on which a connection's QoS 1 window was full (the broker/server pushed back). */
  blocked: number;
  /** Publisher connections the broker had closed by the end of the step (they do not reconnect). */
  connectionsClosed: number;
  drainMs: number | null;
  /** Messages and values persisted in total, and how many are missing against what was published. */
  persistedMessages: number;
  persistedValues: number;
  lostMessages: number;
  lostValues: number;
  latencyMs: Percentiles;
  probesMissing: number;
  /** Cores used during the publishing window (1 = one core busy). */
  serverCores: number;
  dbCores: number;
  /** A separate broker process's cores (nats-server); 0 for the embedded broker (in the server). */
  brokerCores: number;
  loadGeneratorCores: number;
  /** PostgreSQL WAL written per persisted message over the step and its drain (bytes). */
  walBytesPerMessage: number | null;
  serverRssMb: number;
  dbRssMb: number;
  /**
   * The server's event-loop delay while publishing (ms; GET /metrics, window reset at the step's
   * start): how long the main thread held up timers and I/O. Null when not readable.
   */
  eventLoopDelayP50Ms: number | null;
  eventLoopDelayP99Ms: number | null;
  eventLoopDelayMaxMs: number | null;
  /**
   * What the server's database connections were doing, sampled every 200 ms while publishing:
   * average number of connections per `state` / wait event (`active:cpu` = running a query).
   */
  dbActivity: Record<string, number>;
  pass: boolean;
  reason: string | null;
}

export interface StepOptions {
  rate: number;
  durationMs: number;
  drainTimeoutMs: number;
  maxP99Ms: number;
}

/** The database's current WAL position in bytes (null when not readable). */
async function walLsn(server: Rig['server']): Promise<number | null> {
  try {
    const { rows } = await server.pool.query<{ b: string }>(
      "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as b",
    );
    return rows[0] ? Number(rows[0].b) : null;
  } catch {
    return null;
  }
}

/** One load step: publish at `rate` for `durationMs`, drain, verify every message was persisted. */
export async function runStep(rig: Rig, o: StepOptions): Promise<StepResult> {
  const { server, publishers } = rig;
  const tracker = new ProbeTracker(server);
  const probeEvery = Math.max(1, Math.round(o.rate / 200));
  const pids = server.serverPids();
  const dbPids = await server.dbPids();
  const loadPids = publishers.pids;
  const brokerPids = server.brokerPids();
  const walBefore = await walLsn(server);
  const persistedBefore = (await persistedCounts(server)).messages;
  const before = [sampleCpu(pids), sampleCpu(dbPids), sampleCpu(loadPids), sampleCpu(brokerPids)] as const;
  let maxRss = server.rssMb();
  let maxDbRss = await server.dbRssMb();
  const rssTimer = setInterval(() => {
    maxRss = Math.max(maxRss, server.rssMb());
  }, 500);
  tracker.start();
  // Starts a new event-loop delay window on the server (this reading covers the time before the step).
  await eventLoopDelay(server.baseUrl);
  const activity = new Map<string, number>();
  let activitySamples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const { rows } = await server.pool.query<{ k: string; n: number }>(
          `select state || ':' || coalesce(wait_event_type || '/' || wait_event, 'cpu') as k, count(*)::int as n
           from pg_stat_activity where application_name = 'towerwatch' and usename = current_user group by 1`,
        );
        activitySamples++;
        for (const r of rows) activity.set(r.k, (activity.get(r.k) ?? 0) + r.n);
      } catch {
        // skip this sample
      }
      await sleep(200);
    }
  })();
  const totals = await publishers.run(o.rate, o.durationMs, { onProbes: tracker.add, probeEvery });
  const delay = await eventLoopDelay(server.baseUrl);
  sampling = false;
  await sampler;
  const after = [sampleCpu(pids), sampleCpu(dbPids), sampleCpu(loadPids), sampleCpu(brokerPids)] as const;
  // Every message sent without an error must be persisted, acknowledged yet or not: the embedded
  // broker acknowledges after the commit, so a server behind its load acknowledges late.
  rig.published += totals.sent - totals.failed;
  const drainMs = await waitDrained(server, rig.published + rig.extra.messages, o.drainTimeoutMs);
  clearInterval(rssTimer);
  maxDbRss = Math.max(maxDbRss, await server.dbRssMb());
  const { latency, missing } = await tracker.finish(drainMs === null ? 1000 : 5000);
  const counts = await persistedCounts(server);
  const walAfter = await walLsn(server);
  const stepMessages = counts.messages - persistedBefore;
  const lostMessages = rig.published + rig.extra.messages - counts.messages;
  const lostValues = rig.published * VALUES_PER_MESSAGE + rig.extra.values - counts.values;
  // Messages acknowledged per second of sending: the embedded broker acknowledges after the commit,
  // so the last acknowledgements arrive after the publishing window (their lateness is the latency).
  const achievedRate = Math.round((totals.acked / Math.max(o.durationMs, totals.sendMs)) * 1000);
  const reasons: string[] = [];
  if (totals.closed > 0)
    reasons.push(
      `${totals.closed} of ${publishers.connections} publisher connections closed by the broker (${totals.notSent} messages not sent)`,
    );
  if (totals.failed > 0) reasons.push(`${totals.failed} publishes failed`);
  if (totals.acked < 0.97 * o.rate * (o.durationMs / 1000))
    reasons.push(`only ${achievedRate} msg/s acknowledged by the broker`);
  if (drainMs === null) reasons.push(`not drained within ${o.drainTimeoutMs} ms after the step`);
  if (lostMessages !== 0 || lostValues !== 0)
    reasons.push(`${lostMessages} messages / ${lostValues} values not persisted`);
  if (missing > 0) reasons.push(`${missing} probes never seen`);
  if (latency.p99 === null || latency.p99 > o.maxP99Ms)
    reasons.push(`p99 ${latency.p99} ms > ${o.maxP99Ms} ms`);
  return {
    targetRate: o.rate,
    durationS: o.durationMs / 1000,
    published: totals.acked,
    achievedRate,
    blocked: totals.blocked,
    connectionsClosed: totals.closed,
    drainMs,
    persistedMessages: counts.messages,
    persistedValues: counts.values,
    lostMessages,
    lostValues,
    latencyMs: latency,
    probesMissing: missing,
    serverCores: coresUsed(before[0], after[0]),
    dbCores: coresUsed(before[1], after[1]),
    brokerCores: coresUsed(before[3], after[3]),
    loadGeneratorCores: coresUsed(before[2], after[2]),
    walBytesPerMessage:
      walBefore !== null && walAfter !== null && stepMessages > 0
        ? Math.round((walAfter - walBefore) / stepMessages)
        : null,
    serverRssMb: maxRss,
    dbRssMb: maxDbRss,
    eventLoopDelayP50Ms: delay?.p50Ms ?? null,
    eventLoopDelayP99Ms: delay?.p99Ms ?? null,
    eventLoopDelayMaxMs: delay?.maxMs ?? null,
    dbActivity: Object.fromEntries(
      [...activity.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => [k, Math.round((n / Math.max(1, activitySamples)) * 100) / 100]),
    ),
    pass: reasons.length === 0,
    reason: reasons.length ? reasons.join('; ') : null,
  };
}

/** Every device sends one message (first-message costs: site state loaded, alarm rows created). */
export async function warmUp(
  rig: Rig,
  rate: number,
  timeoutMs: number,
): Promise<{ messages: number; seconds: number; error: string | null }> {
  const started = performance.now();
  try {
    const totals = await rig.publishers.run(rate, Math.ceil((rig.comIds.length / rate) * 1000) + 60_000, {
      total: rig.comIds.length,
    });
    rig.published += totals.sent - totals.failed;
    const drained = await waitDrained(rig.server, rig.published, timeoutMs);
    const counts = await persistedCounts(rig.server);
    const error =
      totals.closed > 0
        ? `${totals.closed} publisher connections were closed by the broker during the warm-up (${totals.notSent} messages not sent; a backlog longer than 1.5 × the keep-alive?)`
        : drained === null
          ? `the server did not process the warm-up messages within ${timeoutMs} ms (ingest not working?)`
          : counts.messages < rig.published
            ? `only ${counts.messages} of ${rig.published} warm-up messages persisted`
            : null;
    return { messages: totals.acked, seconds: Math.round((performance.now() - started) / 100) / 10, error };
  } catch (err) {
    return {
      messages: 0,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      error: errorText(err),
    };
  }
}

export interface LoadedServer {
  server: ServerHandle;
  fleet: DemoFleet;
  fleetLoad: FleetLoad;
  /** null when skipped (`--warm off`). */
  warmUp: { messages: number; seconds: number } | null;
}

/**
 * `VACUUM ANALYZE` of every table of the server's schema: what autovacuum does within a minute or two
 * of a bulk change on a production database (planner statistics, and the visibility map that
 * index-only scans need). The warm-up writes a million alarm rows and flips every device online; the
 * system PostgreSQL of the bench machines runs with `autovacuum = off`, so without this the reads
 * measured next would be planned on the statistics of an empty fleet (docs/performance.md, "How it
 * is measured").
 */
export async function settleStatistics(server: ServerHandle): Promise<void> {
  const { rows } = await server.pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = current_schema()`,
  );
  if (rows.length > 0) await server.pool.query(`vacuum (analyze) ${rows.map((r) => r.name).join(', ')}`);
}

/**
 * A server holding the national fleet in a realistic state: every device has reported once through
 * MQTT (latest values, alarm rows, device liveness written by the real ingest path), so counts and
 * site lists read what they would in production. Used by the API, fan-out and web benchmarks.
 */
export async function startLoadedServer(o: {
  db: DbKind;
  sites: number;
  env?: Record<string, string>;
  warmTimeoutMs: number;
  /** false: skip the warm-up (no device has reported: no alarm rows or latest values). */
  warm?: boolean;
  /** Extra node flags of the server process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<LoadedServer> {
  const rig = await startRig({
    db: o.db,
    broker: 'embedded',
    sites: o.sites,
    devices: o.sites,
    processes: 1,
    connections: 50,
    env: o.env,
    nodeArgs: o.nodeArgs,
  });
  try {
    const warm = o.warm === false ? null : await warmUp(rig, 2000, o.warmTimeoutMs);
    if (warm?.error) throw new Error(warm.error);
    await rig.publishers.stop();
    if (warm) await settleStatistics(rig.server);
    return {
      server: rig.server,
      fleet: rig.fleet,
      fleetLoad: rig.fleetLoad,
      warmUp: warm ? { messages: warm.messages, seconds: warm.seconds } : null,
    };
  } catch (err) {
    await rig.stop().catch(() => undefined);
    throw err;
  }
}
