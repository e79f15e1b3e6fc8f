/**
 * Benchmark 1, ingest: N devices publish QoS 1 `pins` messages (20 values each) through the broker
 * (embedded aedes and/or Mosquitto) into the real server; the rate is ramped step by step and the
 * highest rate is reported at which every message is persisted (rows counted), the broker kept up and
 * p99 device time → committed stays under 1 s. Server and database CPU and memory are recorded.
 */
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type BenchOptions, type BrokerKind, type DbKind, num, serverNodeFlags } from './lib/cli.ts';
import { waitDrained } from './lib/persisted.ts';
import { type ProfileSummary, serverProfiling } from './lib/profile.ts';
import { nextRate } from './lib/ramp.ts';
import { printTable, type Row, startResult } from './lib/results.ts';
import {
  runStep,
  type StepResult,
  startRig,
  VALUES_PER_MESSAGE,
  WARM_TIMEOUT_MS,
  warmUp,
} from './lib/rig.ts';
import { errorText } from './lib/util.ts';

export interface IngestRun {
  broker: BrokerKind;
  db: DbKind;
  /** broker `nats`: ingest worker processes (`--workers`). */
  workers?: number;
  ok: boolean;
  error: string | null;
  pgVersion: string | null;
  sites: number;
  devices: number;
  connections: number;
  connectionMode: 'device' | 'shared' | null;
  fleetLoadS: number | null;
  warmUp: { messages: number; seconds: number } | null;
  steps: StepResult[];
  /** Why the ramp stopped before its last step (a failed step's backlog did not drain), if it did. */
  rampEnded?: string;
  /** With --profile DIR: where the server's CPU went over the whole run (V8 CPU profile). */
  profile?: ProfileSummary[];
  /** The highest passing step, or null when none passed. */
  maxSustained: {
    msgPerS: number;
    valuesPerS: number;
    p99Ms: number | null;
    serverCores: number;
    dbCores: number;
    serverRssMb: number;
    eventLoopDelayP99Ms: number | null;
    eventLoopDelayMaxMs: number | null;
    brokerCores?: number;
    msgPerSPerCore?: number | null;
    walBytesPerMessage?: number | null;
  } | null;
}

/** Broker × database combinations of each size (override with --broker / --db). */
function combos(opts: BenchOptions): { broker: BrokerKind; db: DbKind }[] {
  if (opts.brokers || opts.dbs) {
    const out: { broker: BrokerKind; db: DbKind }[] = [];
    for (const broker of opts.brokers ?? ['embedded'])
      for (const db of opts.dbs ?? ['system']) out.push({ broker, db });
    return out;
  }
  if (opts.size === 'full')
    return [
      { broker: 'embedded', db: 'embedded' },
      { broker: 'embedded', db: 'system' },
      { broker: 'mosquitto', db: 'system' },
    ];
  return [{ broker: 'embedded', db: 'system' }];
}

export async function runIngestOnce(opts: BenchOptions, broker: BrokerKind, db: DbKind): Promise<IngestRun> {
  const sites = num(opts, 'sites', { tiny: 30, quick: 1000, full: 50_000 });
  const devices = num(opts, 'devices', { tiny: 20, quick: 1000, full: 50_000 });
  const connections = num(opts, 'connections', { tiny: 20, quick: 200, full: 2000 });
  const processes = num(opts, 'processes', { tiny: 1, quick: 2, full: 2 });
  const startRate = num(opts, 'start-rate', { tiny: 40, quick: 200, full: 250 });
  const factor = num(opts, 'factor', { tiny: 2, quick: 2, full: 1.5 });
  const maxSteps = num(opts, 'steps', { tiny: 1, quick: 3, full: 13 });
  // Bisection steps between the last pass and the first failure (full: the maximum to ~1/8 of the gap).
  const refinements = num(opts, 'refinements', { tiny: 0, quick: 0, full: 2 });
  const stepMs = num(opts, 'step-seconds', { tiny: 1.5, quick: 4, full: 20 }) * 1000;
  const workers = broker === 'nats' ? num(opts, 'workers', { tiny: 1, quick: 1, full: 1 }) : undefined;
  const run: IngestRun = {
    broker,
    db,
    ...(workers ? { workers } : {}),
    ok: false,
    error: null,
    pgVersion: null,
    sites,
    devices,
    connections: 0,
    connectionMode: null,
    fleetLoadS: null,
    warmUp: null,
    steps: [],
    maxSustained: null,
  };
  let rig: Awaited<ReturnType<typeof startRig>> | null = null;
  const profiling = serverProfiling(opts.flags.get('profile'), `${broker}-${db}`, serverNodeFlags(opts));
  try {
    console.log(
      `ingest: ${broker} broker${workers ? ` (${workers} ingest workers)` : ''}, ${db} PostgreSQL: starting the server, loading ${sites} sites`,
    );
    rig = await startRig({
      db,
      broker,
      sites,
      devices,
      processes,
      connections,
      nodeArgs: profiling.nodeArgs,
      workers,
    });
    run.pgVersion = rig.server.pgVersion;
    run.fleetLoadS = rig.fleetLoad.seconds;
    run.connections = rig.publishers.connections;
    run.connectionMode = rig.mode;
    run.devices = rig.comIds.length;
    const warm = await warmUp(rig, Math.min(startRate, 2000), WARM_TIMEOUT_MS[opts.size]);
    run.warmUp = { messages: warm.messages, seconds: warm.seconds };
    if (warm.error) throw new Error(warm.error);
    const ramp = { startRate, factor, refinements, resolution: 0.1 };
    const tried: { rate: number; pass: boolean }[] = [];
    for (let i = 0; i < maxSteps; i++) {
      const rate = nextRate(tried, ramp);
      if (rate === null) break;
      console.log(`ingest: step ${i + 1}: ${rate} msg/s for ${stepMs / 1000} s`);
      const step = await runStep(rig, {
        rate,
        durationMs: stepMs,
        drainTimeoutMs: Math.max(3000, stepMs / 2),
        maxP99Ms: 1000,
      });
      run.steps.push(step);
      tried.push({ rate, pass: step.pass });
      console.log(
        `  ${step.pass ? 'pass' : 'FAIL'}: ${step.achievedRate} msg/s, p99 ${step.latencyMs.p99} ms, server ${step.serverCores} cores, db ${step.dbCores} cores${step.reason ? ` (${step.reason})` : ''}`,
      );
      if (step.drainMs === null) {
        // The backlog is still being processed: let it finish (≤ 2 min) before another step. A step
        // started on top of a backlog would not measure its own rate, so the ramp ends there.
        const drained = await waitDrained(rig.server, rig.published + rig.extra.messages, 120_000);
        if (drained === null) {
          run.rampEnded = `the backlog of step ${i + 1} was not processed within 120 s after it`;
          console.log(`ingest: ${run.rampEnded}: no further steps`);
          break;
        }
      }
    }
    const best = run.steps.filter((s) => s.pass).sort((a, b) => b.achievedRate - a.achievedRate)[0];
    run.maxSustained = best
      ? {
          msgPerS: best.achievedRate,
          valuesPerS: best.achievedRate * VALUES_PER_MESSAGE,
          p99Ms: best.latencyMs.p99,
          serverCores: best.serverCores,
          dbCores: best.dbCores,
          serverRssMb: best.serverRssMb,
          eventLoopDelayP99Ms: best.eventLoopDelayP99Ms,
          eventLoopDelayMaxMs: best.eventLoopDelayMaxMs,
          brokerCores: best.brokerCores,
          msgPerSPerCore: perCore(best),
          walBytesPerMessage: best.walBytesPerMessage,
        }
      : null;
    run.ok = true;
  } catch (err) {
    run.error = errorText(err);
    console.error(`ingest (${broker}/${db}) failed: ${run.error}`);
  } finally {
    await rig?.stop().catch((err: unknown) => console.error(`stopping: ${errorText(err)}`));
  }
  run.profile = profiling.summarise();
  return run;
}

/** Messages per second per busy core of the write path (server and workers, database, separate broker). */
function perCore(s: StepResult): number | null {
  const cores = s.serverCores + s.dbCores + (s.brokerCores ?? 0);
  return cores > 0 ? Math.round(s.achievedRate / cores) : null;
}

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  description: 'MQTT ingest throughput (QoS 1, 20 values/message) with every message persisted',
  async run(opts) {
    const result = startResult(opts, 'ingest');
    const runs: IngestRun[] = [];
    for (const { broker, db } of combos(opts)) runs.push(await runIngestOnce(opts, broker, db));
    const failed = runs.filter((r) => !r.ok);
    const written = result.finish({
      ok: failed.length === 0,
      ...(failed.length ? { error: failed.map((r) => `${r.broker}/${r.db}: ${r.error}`).join('; ') } : {}),
      targets: { msgPerS: 10_000, valuesPerS: 200_000, p99Ms: 1000 },
      runs,
    });
    printTable(
      'Ingest (QoS 1, 20 values per message): highest sustained rate with nothing lost and p99 < 1 s',
      written.runs.flatMap((r): Row[] =>
        r.steps.length === 0
          ? [{ broker: r.broker, db: r.db, rate: null, result: r.error ?? 'no steps' }]
          : r.steps.map((s) => ({
              broker: r.broker,
              db: r.db,
              'target msg/s': s.targetRate,
              'msg/s': s.achievedRate,
              'values/s': s.achievedRate * VALUES_PER_MESSAGE,
              'p50 ms': s.latencyMs.p50,
              'p99 ms': s.latencyMs.p99,
              lost: s.lostMessages,
              'server cores': s.serverCores,
              'db cores': s.dbCores,
              'broker cores': s.brokerCores,
              // Messages per second per core of the write path (server + workers, database, broker).
              'msg/s per core': perCore(s),
              'WAL B/msg': s.walBytesPerMessage,
              'load cores': s.loadGeneratorCores,
              'rss MB': s.serverRssMb,
              'loop p99 ms': s.eventLoopDelayP99Ms,
              'loop max ms': s.eventLoopDelayMaxMs,
              result: s.pass ? 'pass' : `FAIL ${s.reason}`,
            })),
      ),
    );
    for (const r of written.runs) {
      console.log(
        `  max sustained ${r.broker}/${r.db}: ${r.maxSustained ? `${r.maxSustained.msgPerS} msg/s (${r.maxSustained.valuesPerS} values/s), p99 ${r.maxSustained.p99Ms} ms` : 'none'}`,
      );
    }
    return written.ok;
  },
};

runIfMain(import.meta.url, ingestBenchmark);
