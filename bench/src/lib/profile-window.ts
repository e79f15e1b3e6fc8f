/**
 * Where the main thread's busy time went within a time window of a V8 CPU profile (`--cpu-prof`):
 * self and inclusive shares per function, and the busy stretches longer than a threshold (the
 * stalls behind latency tails). `summariseProfile` covers a whole run, loading included; this reads
 * only the measured part (e.g. the last 65 s of an alarm run).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  fn: string;
  pct: number;
}

export interface Stall {
  /** Seconds from the profile's start. */
  atS: number;
  ms: number;
  /** Inclusive shares of the stretch's samples. */
  top: Share[];
}

export interface ProfileWindow {
  fromS: number;
  toS: number;
  /** Share of the window's samples that were not idle. */
  busyPct: number;
  /** Shares of the busy time. */
  self: Share[];
  inclusive: Share[];
  stalls: Stall[];
}

/** Frames that are on nearly every stack and say nothing. */
const PLUMBING = new Set(['(root)', 'processTicksAndRejections', 'runMicrotasks']);
const IDLE = new Set(['(idle)', '(program)']);

function frameName(n: ProfileNode): string {
  const { functionName, url, lineNumber } = n.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

function top(m: Map<string, number>, total: number, n: number): Share[] {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, us]) => ({ fn, pct: Math.round((us / total) * 1000) / 10 }));
}

/**
 * The window from `lastS` seconds before the profile's end to `skipEndS` before it (the server's
 * shutdown is left out that way), or from `fromS` to `toS` seconds after its start. Stalls: busy
 * stretches (no idle sample) longer than `stallMs`.
 */
export function profileWindow(
  profile: CpuProfile,
  opts: { lastS?: number; skipEndS?: number; fromS?: number; toS?: number; stallMs?: number; top?: number },
): ProfileWindow {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    let s = stacks.get(id);
    if (!s) {
      s = [];
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
        const node = byId.get(x);
        if (node && !PLUMBING.has(node.callFrame.functionName)) s.push(frameName(node));
      }
      stacks.set(id, s);
    }
    return s;
  };
  const times: number[] = [];
  let t = 0;
  for (const dt of profile.timeDeltas) {
    t += dt;
    times.push(t);
  }
  const end = (times.at(-1) ?? 0) / 1e6;
  const fromS = opts.fromS ?? end - (opts.lastS ?? end);
  const toS = opts.toS ?? end - (opts.skipEndS ?? 0);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const stalls: Stall[] = [];
  let stretch: { from: number; to: number; frames: Map<string, number>; us: number } | null = null;
  let all = 0;
  let busy = 0;
  const closeStretch = () => {
    if (stretch && (stretch.to - stretch.from) * 1000 > (opts.stallMs ?? 80)) {
      stalls.push({
        atS: Math.round(stretch.from * 10) / 10,
        ms: Math.round((stretch.to - stretch.from) * 1000),
        top: top(stretch.frames, stretch.us, 8),
      });
    }
    stretch = null;
  };
  profile.samples.forEach((id, i) => {
    const at = (times[i] ?? 0) / 1e6;
    const us = profile.timeDeltas[i] ?? 0;
    if (at < fromS || at >= toS) return;
    all += us;
    const node = byId.get(id);
    if (!node || IDLE.has(node.callFrame.functionName)) {
      closeStretch();
      return;
    }
    busy += us;
    const stack = stackOf(id);
    const leaf = stack[0] ?? frameName(node);
    self.set(leaf, (self.get(leaf) ?? 0) + us);
    stretch ??= { from: at, to: at, frames: new Map(), us: 0 };
    stretch.to = at;
    stretch.us += us;
    for (const frame of new Set(stack)) {
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + us);
      stretch.frames.set(frame, (stretch.frames.get(frame) ?? 0) + us);
    }
  });
  closeStretch();
  const n = opts.top ?? 25;
  return {
    fromS: Math.round(fromS * 10) / 10,
    toS: Math.round(toS * 10) / 10,
    busyPct: all ? Math.round((busy / all) * 1000) / 10 : 0,
    self: top(self, busy || 1, n),
    inclusive: top(inclusive, busy || 1, n * 2),
    stalls: stalls.sort((a, b) => b.ms - a.ms),
  };
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}
