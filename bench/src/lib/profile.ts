/**
 * Summary of V8 CPU profiles (`node --cpu-prof`): self time per function (and per package or
 * source area), to say where the server spends its CPU under load.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readProfile } from './profile-window.ts';
import { errorText } from './util.ts';

export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Share of the samples that were idle (waiting for I/O). */
  idlePct: number;
  topFunctions: { fn: string; where: string; selfPct: number }[];
  /** Self time by area: a package under node_modules, a workspace folder, or node internals. */
  byArea: { area: string; selfPct: number }[];
}

function areaOf(url: string): string {
  if (!url) return '(native/V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const m = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+)/.exec(url);
  return m?.[1] ?? url;
}

export function summariseProfile(file: string, top = 25): ProfileSummary {
  const profile = readProfile(file);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((s, v) => s + v, 0) || 1;
  const fns = new Map<string, { fn: string; where: string; us: number }>();
  const areas = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    const where = url
      ? `${url.replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName}@${where}`;
    const entry = fns.get(key) ?? { fn: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    fns.set(key, entry);
    const area = areaOf(url);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const pct = (us: number) => Math.round((us / total) * 1000) / 10;
  return {
    file: path.basename(file),
    totalMs: Math.round(total / 1000),
    idlePct: pct(idle),
    topFunctions: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, selfPct: pct(f.us) })),
    byArea: [...areas.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([area, us]) => ({ area, selfPct: pct(us) })),
  };
}

/** Summaries of every `.cpuprofile` in `dir`. */
export function summariseProfiles(dir: string): ProfileSummary[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => summariseProfile(path.join(dir, f)));
}

/**
 * `--profile DIR` of a benchmark run: the node flags that make the server write V8 CPU profiles into
 * DIR/<label> (none without the flag) after the run's `nodeFlags` (cli.ts `serverNodeFlags`), and the
 * summary of what it wrote once the server stopped.
 */
export function serverProfiling(
  profileDir: string | undefined,
  label: string,
  nodeFlags: readonly string[] = [],
): { nodeArgs: string[] | undefined; summarise: () => ProfileSummary[] | undefined } {
  if (!profileDir)
    return { nodeArgs: nodeFlags.length > 0 ? [...nodeFlags] : undefined, summarise: () => undefined };
  const dir = path.resolve(profileDir, label);
  return {
    nodeArgs: [...nodeFlags, '--cpu-prof', '--cpu-prof-dir', dir],
    summarise: () => {
      try {
        return summariseProfiles(dir);
      } catch (err) {
        console.error(`profile: ${errorText(err)}`);
        return undefined;
      }
    },
  };
}
