/**
 * The NATS engine of a benchmark server (`--engine nats --workers N`; docs/operations.md "Scale-out
 * with NATS JetStream"): a nats-server of its own (free loopback ports, JetStream in a temp dir, the
 * contract's device subject mapping of {@link BENCH_NATS_PARTITIONS} partitions), and N ingest worker
 * processes (`ROLES=ingest`) beside the benchmark's server (`ROLES=api,live,jobs`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsSubjectMappings } from '@towerwatch/contract';
import pg from 'pg';
import { freePort, REPO_ROOT, sleep } from './util.ts';

/** Partitions of the benchmark's device stream (`BENCH_NATS_PARTITIONS`, default 64). */
export const BENCH_NATS_PARTITIONS = Number(process.env.BENCH_NATS_PARTITIONS ?? 64);
/**
 * `BENCH_NATS_PROF_PORT`: nats-server serves Go's pprof there (`/debug/pprof/profile?seconds=30` for a
 * CPU profile, `…/mutex`, `…/block`) to see where its time goes during a run.
 */
const PROF_PORT = process.env.BENCH_NATS_PROF_PORT;

export interface BenchNats {
  url: string;
  mqttUrl: string;
  /** The nats-server process (its CPU is the broker's). */
  pid: number;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the benchmark's nats-server. */
export async function startBenchNats(): Promise<BenchNats> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-bench-nats-'));
  const config = path.join(dir, 'nats.conf');
  writeFileSync(
    config,
    [
      `server_name: tw-bench-${port}`,
      `listen: 127.0.0.1:${port}`,
      `jetstream { store_dir: "${path.join(dir, 'js')}" }`,
      `mqtt { listen: 127.0.0.1:${mqttPort} }`,
      PROF_PORT ? `prof_port: ${Number(PROF_PORT)}` : '',
      natsSubjectMappings(BENCH_NATS_PARTITIONS),
      '',
    ].join('\n'),
  );
  const binary = process.env.BENCH_NATS_SERVER ?? '/usr/sbin/nats-server';
  const child = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const deadline = Date.now() + 30_000;
  while (!(await listening(port)) || !(await listening(mqttPort))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`nats-server did not listen in 30 s: ${stderr}`);
    await sleep(50);
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    pid: child.pid as number,
    async stop() {
      process.off('exit', kill);
      await halt(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchWorkers {
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * Starts `count` ingest workers with the server's environment (`env`: NATS_URL, TOKEN_SECRET, …) on
 * `databaseUrl`; resolves once each answers /healthz.
 */
export async function startBenchWorkers(
  env: Record<string, string | undefined>,
  databaseUrl: string,
  count: number,
  nodeFlags: string[],
): Promise<BenchWorkers> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(halt));
  };
  try {
    for (let w = 0; w < count; w++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-bench-worker-'));
      const child = spawn(
        process.execPath,
        [...nodeFlags, '--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')],
        {
          cwd: REPO_ROOT,
          env: { ...env, ROLES: 'ingest', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
      children.push(child);
      let output = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
      });
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`ingest worker ${w} exited (${child.exitCode}): ${output}`);
        const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        if (res?.ok) break;
        if (Date.now() > deadline) throw new Error(`ingest worker ${w} did not become healthy: ${output}`);
        await sleep(200);
      }
    }
    await waitBalanced(databaseUrl, count, children);
  } catch (err) {
    await stop();
    throw err;
  }
  return { pids: () => children.map((c) => c.pid as number), stop };
}

/**
 * Waits until the workers hold every partition, none more than its share ⌈N/W⌉ (the workers' own
 * aim: 22, 22 and 20 of 64 for three), for 3 s in a row: a step
 * measured while partitions still move between workers (a hand-over stops a partition for up to its
 * drain) would measure the hand-over, not the ingest.
 */
async function waitBalanced(databaseUrl: string, workers: number, children: ChildProcess[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 180_000;
    let stableSince: number | null = null;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from partition_leases where expires_at > now() and holder is not null group by holder',
      );
      const counts = rows.map((r) => r.n);
      const even =
        counts.length === workers &&
        counts.reduce((a, b) => a + b, 0) === BENCH_NATS_PARTITIONS &&
        Math.max(...counts) <= Math.ceil(BENCH_NATS_PARTITIONS / workers);
      if (!even) stableSince = null;
      else if (stableSince === null) stableSince = Date.now();
      else if (Date.now() - stableSince >= 3000) return;
      if (children.some((c) => c.exitCode !== null)) throw new Error('an ingest worker exited');
      if (Date.now() > deadline)
        throw new Error(
          `the partitions were not balanced over ${workers} workers in 180 s: ${counts.join(',')}`,
        );
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}
