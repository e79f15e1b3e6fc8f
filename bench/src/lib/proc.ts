/**
 * CPU and memory of processes from /proc (Linux): the server process, and the PostgreSQL processes
 * serving it (the embedded PostgreSQL's process tree, or the system server's backends of our role).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of `pid` in seconds; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` in MiB; 0 when it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Every descendant of `pid` (children, grandchildren, ...). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    for (const child of parents.get(next) ?? []) {
      out.push(child);
      stack.push(child);
    }
  }
  return out;
}

/** A CPU reading: process seconds per process and the wall clock. */
export interface CpuSample {
  at: number;
  seconds: Map<number, number>;
}

export function sampleCpu(pids: readonly number[]): CpuSample {
  return { at: performance.now(), seconds: new Map(pids.map((pid) => [pid, cpuSeconds(pid)])) };
}

/**
 * Cores used between two samples (1.0 = one core fully busy), over the processes present in both.
 * A process that ended in between (it reads 0, or a new process took its pid and reads less) is left
 * out: its time in the window is unknown, and counting it made the figure negative.
 */
export function coresUsed(a: CpuSample, b: CpuSample): number {
  const wall = (b.at - a.at) / 1000;
  if (wall <= 0) return 0;
  let busy = 0;
  for (const [pid, end] of b.seconds) {
    const start = a.seconds.get(pid);
    if (start !== undefined && end >= start) busy += end - start;
  }
  return Math.round((busy / wall) * 100) / 100;
}
