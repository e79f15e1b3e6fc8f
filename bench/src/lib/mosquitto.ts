/**
 * The Mosquitto the benchmarks run against: a Mosquitto process of their own on a free loopback port,
 * configured as docs/operations.md asks of a production broker for the server's ingest session
 * (`max_queued_messages 0`: no limit on what the session may hold), so that a step the server cannot
 * keep up with shows a backlog in the broker, not messages the broker acknowledged and then dropped
 * (the machine's Mosquitto runs with the default limit of 1,000, which dropped acknowledged messages
 * in the failing steps of 2026-11-25). `BENCH_MOSQUITTO_URL` points the benchmarks at another broker
 * instead. Started once per process on first use and stopped when the process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './util.ts';

/** The settings of the benchmarks' Mosquitto; the listener line is added per start. */
export const BENCH_MOSQUITTO_SETTINGS = [
  'allow_anonymous true',
  // docs/operations.md: the ingest session holds whatever arrives while the server is behind.
  'max_queued_messages 0',
  // The benchmark measures throughput, not broker restarts: nothing written to disk.
  'persistence false',
  'log_dest stderr',
  'log_type error',
  'log_type warning',
] as const;

const MOSQUITTO_BINARIES = ['/usr/sbin/mosquitto', 'mosquitto'];

let running: Promise<string> | null = null;
let stopRunning: (() => void) | null = null;

/** URL of the benchmarks' Mosquitto (started on the first call). */
export function benchMosquittoUrl(): Promise<string> {
  const external = process.env.BENCH_MOSQUITTO_URL;
  if (external) return Promise.resolve(external);
  running ??= startMosquitto();
  return running;
}

/**
 * Stops the benchmarks' Mosquitto if this process started one (tests call it in `afterAll`: a test
 * worker may be ended without its `exit` event).
 */
export async function stopBenchMosquitto(): Promise<void> {
  const started = running;
  if (!started) return;
  await started.catch(() => undefined);
  stopRunning?.();
  running = null;
  stopRunning = null;
}

async function startMosquitto(): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-bench-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(config, [`listener ${port} 127.0.0.1`, ...BENCH_MOSQUITTO_SETTINGS, ''].join('\n'));
  let output = '';
  let child: ChildProcess | null = null;
  for (const binary of MOSQUITTO_BINARIES) {
    child = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    const spawned = await new Promise<boolean>((resolve) => {
      child?.once('spawn', () => resolve(true));
      child?.once('error', () => resolve(false));
    });
    if (spawned) break;
    child = null;
  }
  if (!child) throw new Error(`mosquitto not found (tried ${MOSQUITTO_BINARIES.join(', ')})`);
  const proc = child;
  proc.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
    // Warnings (e.g. "Outgoing messages are being dropped") must be seen in the benchmark's output.
    process.stderr.write(`mosquitto: ${chunk.toString('utf8')}`);
  });
  const stop = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  stopRunning = () => {
    process.removeListener('exit', stop);
    stop();
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (proc.exitCode !== null) throw new Error(`mosquitto exited (${proc.exitCode}): ${output}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error(`mosquitto did not listen on ${port} within 10 s: ${output}`);
    }
    await sleep(50);
  }
  // Not a reason to keep the benchmark's process alive.
  proc.unref();
  (proc.stderr as net.Socket | null)?.unref();
  return `mqtt://127.0.0.1:${port}`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
