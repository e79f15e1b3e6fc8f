/** Description of the machine a result was measured on (goes into every result file). */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memTotalGb: number;
  memAvailableGb: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the benchmark started. */
  loadAverage: number[];
  mosquitto: string | null;
  /** How fast this machine was when the benchmark started (`machineSpeed`); absent in older files. */
  speed?: MachineSpeed;
}

/**
 * Calibration of the machine at the start of a benchmark, so that runs on VMs of the same kind can be
 * compared: the same code has measured up to 2× apart on two VMs that report the same CPU model
 * (docs/performance.md, "How it is measured" and "History"). Both figures are single-threaded
 * and take ~1 s each.
 */
export interface MachineSpeed {
  /** Iterations per second of a fixed JS workload like the server's per message (JSON and a hash). */
  cpuOpsPerS: number;
  /** 8 kB write + fdatasync per second in the temporary directory (what a commit waits for). */
  fsyncPerS: number;
}

const CALIBRATION_MS = 1000;
const CALIBRATION_ROUNDS = 5;

/** A device message of 20 readings, as the ingest benchmark publishes them. */
const SAMPLE_MESSAGE = JSON.stringify({
  ts: 1_764_000_000_000,
  msg_id: 123_456,
  pins: Array.from({ length: 20 }, (_, i) => ({ pin: `p${i}`, v: 48.25 + i })),
});

/**
 * Median of `CALIBRATION_ROUNDS` rounds after one discarded round (JIT warm-up); a VM's speed wanders
 * within a second, so this is a rough figure (31,000–56,000 in consecutive calls on one VM, 2026-11-25).
 */
function cpuOpsPerS(): number {
  const rounds: number[] = [];
  for (let round = 0; round <= CALIBRATION_ROUNDS; round++) {
    let ops = 0;
    const started = performance.now();
    while (performance.now() - started < CALIBRATION_MS / CALIBRATION_ROUNDS) {
      for (let i = 0; i < 100; i++) {
        const message = JSON.parse(SAMPLE_MESSAGE) as { pins: { pin: string; v: number }[] };
        const values = new Map(message.pins.map((p) => [p.pin, p.v * 1.01]));
        const text = JSON.stringify(Object.fromEntries(values));
        createHash('sha1').update(text).digest();
      }
      ops += 100;
    }
    if (round > 0) rounds.push((ops / (performance.now() - started)) * 1000);
  }
  rounds.sort((a, b) => a - b);
  return Math.round(rounds[Math.floor(rounds.length / 2)] ?? 0);
}

function fsyncPerS(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'towerwatch-bench-fsync-'));
  const fd = openSync(path.join(dir, 'probe'), 'w');
  const block = Buffer.alloc(8192, 1);
  let syncs = 0;
  const started = performance.now();
  try {
    while (performance.now() - started < CALIBRATION_MS) {
      writeSync(fd, block, 0, block.length, 0);
      fdatasyncSync(fd);
      syncs++;
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return Math.round((syncs / (performance.now() - started)) * 1000);
}

/** Measures `MachineSpeed` (~2 s, blocking: call it before any load starts). */
export function machineSpeed(): MachineSpeed {
  return { cpuOpsPerS: cpuOpsPerS(), fsyncPerS: fsyncPerS() };
}

const gb = (bytes: number) => Math.round((bytes / 1024 ** 3) * 10) / 10;

function mosquittoVersion(): string | null {
  try {
    const out = execFileSync('mosquitto', ['-h'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return out.split('\n')[0]?.trim() ?? null;
  } catch (err) {
    const text = String((err as { stdout?: string }).stdout ?? '');
    return text.split('\n')[0]?.trim() || null;
  }
}

export function machineInfo(): MachineInfo {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memTotalGb: gb(os.totalmem()),
    memAvailableGb: gb(os.freemem()),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100),
    mosquitto: mosquittoVersion(),
  };
}
