/**
 * Benchmark 2, alarm latency: while the ingest load runs at half of its measured maximum, probe
 * devices (own connections, own credentials) alternately raise and clear `high_temperature`
 * (am4 50 °C / 30 °C) and a /wss client signed in as `admin` times device publish → SITE_EVENT
 * received. The rate comes from --rate, else from <out>/ingest.json (same broker and database), else
 * a default of the size.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { demoDevicePassword } from '@towerwatch/fleet';
import mqtt, { type MqttClient } from 'mqtt';
import type WebSocket from 'ws';
import type { IngestRun } from './ingest.ts';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type BenchOptions, type BrokerKind, type DbKind, num, serverNodeFlags } from './lib/cli.ts';
import { openLiveSocket } from './lib/live.ts';
import { type ProfileSummary, serverProfiling } from './lib/profile.ts';
import { printTable, startResult } from './lib/results.ts';
import { runStep, type StepResult, startRig, WARM_TIMEOUT_MS, warmUp } from './lib/rig.ts';
import { login } from './lib/server.ts';
import { errorText, type Percentiles, percentiles, sleep, waitFor } from './lib/util.ts';

interface AlarmRun {
  broker: BrokerKind;
  db: DbKind;
  ok: boolean;
  error: string | null;
  loadRate: number;
  loadRateSource: string;
  probeSites: number;
  probesSent: number;
  probesReceived: number;
  latencyMs: Percentiles;
  load: StepResult | null;
  /** With --profile DIR: where the server's CPU went over the whole run (V8 CPU profile). */
  profile?: ProfileSummary[];
}

function combos(opts: BenchOptions): { broker: BrokerKind; db: DbKind }[] {
  if (opts.brokers || opts.dbs) {
    const out: { broker: BrokerKind; db: DbKind }[] = [];
    for (const broker of opts.brokers ?? ['embedded'])
      for (const db of opts.dbs ?? ['system']) out.push({ broker, db });
    return out;
  }
  if (opts.size === 'full')
    return [
      { broker: 'embedded', db: 'system' },
      { broker: 'mosquitto', db: 'system' },
    ];
  return [{ broker: 'embedded', db: 'system' }];
}

/** Half the highest sustained ingest rate measured for this broker and database, if any. */
function halfOfIngest(opts: BenchOptions, broker: BrokerKind, db: DbKind): number | null {
  const file = path.join(opts.outDir, 'ingest.json');
  if (!existsSync(file)) return null;
  try {
    const result = JSON.parse(readFileSync(file, 'utf8')) as { size?: string; runs?: IngestRun[] };
    if (result.size !== opts.size) return null;
    const run = result.runs?.find((r) => r.broker === broker && r.db === db && r.maxSustained);
    return run?.maxSustained ? Math.round(run.maxSustained.msgPerS / 2) : null;
  } catch {
    return null;
  }
}

function probePayload(msgId: string, ts: number, temperature: number): string {
  const readings = [
    ['am1', 230],
    ['am2', 231],
    ['am3', 229],
    ['am4', temperature],
    ['am6', 53.5],
  ].map(([pin, value]) => ({ pin, value }));
  return JSON.stringify({ msg_id: msgId, ts, readings });
}

async function runAlarmOnce(opts: BenchOptions, broker: BrokerKind, db: DbKind): Promise<AlarmRun> {
  const sites = num(opts, 'sites', { tiny: 30, quick: 1000, full: 50_000 });
  const devices = num(opts, 'devices', { tiny: 20, quick: 1000, full: 50_000 });
  const connections = num(opts, 'connections', { tiny: 20, quick: 200, full: 2000 });
  const probeSites = num(opts, 'probe-sites', { tiny: 3, quick: 20, full: 100 });
  const durationMs = num(opts, 'seconds', { tiny: 3, quick: 8, full: 60 }) * 1000;
  const intervalMs = num(opts, 'probe-interval-ms', { tiny: 250, quick: 100, full: 100 });
  const flagRate = opts.flags.get('rate');
  const measured = halfOfIngest(opts, broker, db);
  const loadRate = flagRate
    ? Number(flagRate)
    : (measured ?? num(opts, 'default-rate', { tiny: 20, quick: 100, full: 250 }));
  const run: AlarmRun = {
    broker,
    db,
    ok: false,
    error: null,
    loadRate,
    loadRateSource: flagRate ? '--rate' : measured ? 'half of ingest.json max' : 'default (no ingest result)',
    probeSites,
    probesSent: 0,
    probesReceived: 0,
    latencyMs: percentiles([]),
    load: null,
  };
  let rig: Awaited<ReturnType<typeof startRig>> | null = null;
  const profiling = serverProfiling(
    opts.flags.get('profile'),
    `alarm-${broker}-${db}`,
    serverNodeFlags(opts),
  );
  const probeClients: MqttClient[] = [];
  let socket: WebSocket | null = null;
  try {
    console.log(`alarm: ${broker}/${db}: load ${loadRate} msg/s, ${probeSites} probe sites`);
    rig = await startRig({
      db,
      broker,
      sites,
      devices,
      processes: opts.size === 'tiny' ? 1 : 2,
      connections,
      reserve: probeSites,
      nodeArgs: profiling.nodeArgs,
    });
    const warm = await warmUp(rig, Math.min(2000, Math.max(loadRate, 100)), WARM_TIMEOUT_MS[opts.size]);
    if (warm.error) throw new Error(warm.error);
    const probes = rig.fleet.devices.slice(-probeSites);
    for (const device of probes) {
      probeClients.push(
        await mqtt.connectAsync(rig.server.mqttUrl, {
          clientId: `${device.com_id}`,
          username: device.com_id,
          password: demoDevicePassword(device.com_id),
          clean: true,
          reconnectPeriod: 0,
        }),
      );
    }
    const pending = new Map<string, number>();
    const latencies: number[] = [];
    const token = await login(rig.server.baseUrl, 'admin');
    socket = await openLiveSocket(rig.server.wsUrl, token, (message, receivedAt) => {
      if (message.event !== LIVE_EVENTS.SITE_EVENT) return;
      const p = message.payload as { siteUid?: string; name?: string; active?: boolean };
      if (p.name !== 'high_temperature') return;
      const key = `${p.siteUid}|${p.active}`;
      const sentAt = pending.get(key);
      if (sentAt === undefined) return;
      pending.delete(key);
      latencies.push(receivedAt - sentAt);
    });
    // Each probe site starts normal (site state loaded, alarm rows created) before it is timed.
    let seq = 0;
    const publishProbe = (index: number, temperature: number) => {
      const device = probes[index];
      const client = probeClients[index];
      if (!device || !client) return 0;
      const ts = Date.now();
      seq++;
      if (rig) {
        rig.extra.messages += 1;
        rig.extra.values += 5;
      }
      client.publish(
        `tw/v1/dev/${device.com_id}/pins`,
        probePayload(`${device.com_id}-p${seq}`, ts, temperature),
        {
          qos: 1,
        },
      );
      return ts;
    };
    for (let i = 0; i < probes.length; i++) publishProbe(i, 30);
    await sleep(opts.size === 'tiny' ? 1500 : 3000);
    const high = new Array<boolean>(probes.length).fill(false);
    // Probes are sent while the load publishes (not during its drain, which counts the rows).
    const loopEnd = Date.now() + durationMs - intervalMs;
    const loop = (async () => {
      let i = 0;
      while (Date.now() < loopEnd) {
        const index = i % probes.length;
        const device = probes[index];
        const raise = !high[index];
        const siteUid = device ? device.site_uid : '';
        const key = `${siteUid}|${raise}`;
        if (!pending.has(key)) {
          high[index] = raise;
          const ts = publishProbe(index, raise ? 50 : 30);
          pending.set(key, ts);
          run.probesSent++;
        }
        i++;
        await sleep(intervalMs);
      }
    })();
    run.load = await runStep(rig, {
      rate: loadRate,
      durationMs,
      drainTimeoutMs: Math.max(3000, durationMs / 2),
      maxP99Ms: 1000,
    });
    await loop;
    await waitFor(() => pending.size === 0, 5000, 50);
    run.probesReceived = latencies.length;
    run.latencyMs = percentiles(latencies);
    if (run.probesReceived === 0)
      throw new Error('no alarm event reached the live socket (alarm engine or live fan-out not working?)');
    run.ok = true;
  } catch (err) {
    run.error = errorText(err);
    console.error(`alarm (${broker}/${db}) failed: ${run.error}`);
  } finally {
    socket?.terminate();
    await Promise.all(probeClients.map((c) => c.endAsync(true).catch(() => undefined)));
    await rig?.stop().catch(() => undefined);
  }
  run.profile = profiling.summarise();
  return run;
}

export const alarmBenchmark: Benchmark = {
  name: 'alarm',
  description: 'device publish → SITE_EVENT on a /wss client, at half the ingest maximum',
  async run(opts) {
    const result = startResult(opts, 'alarm');
    const runs: AlarmRun[] = [];
    for (const { broker, db } of combos(opts)) runs.push(await runAlarmOnce(opts, broker, db));
    const failed = runs.filter((r) => !r.ok);
    const written = result.finish({
      ok: failed.length === 0,
      ...(failed.length ? { error: failed.map((r) => `${r.broker}/${r.db}: ${r.error}`).join('; ') } : {}),
      targets: { p99Ms: 100 },
      runs,
    });
    printTable(
      'Alarm latency (device publish → SITE_EVENT on /wss) under ingest load',
      written.runs.map((r) => ({
        broker: r.broker,
        db: r.db,
        'load msg/s': r.load?.achievedRate ?? r.loadRate,
        'load lost': r.load?.lostMessages ?? null,
        probes: `${r.probesReceived}/${r.probesSent}`,
        'p50 ms': r.latencyMs.p50,
        'p95 ms': r.latencyMs.p95,
        'p99 ms': r.latencyMs.p99,
        'max ms': r.latencyMs.max,
        'loop p99 ms': r.load?.eventLoopDelayP99Ms ?? null,
        'loop max ms': r.load?.eventLoopDelayMaxMs ?? null,
        result: r.ok ? 'ok' : `FAIL ${r.error}`,
      })),
    );
    return written.ok;
  },
};

runIfMain(import.meta.url, alarmBenchmark);
