/** Description of the machine a result was measured on (goes into every result file). */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

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
