/**
 * Benchmark: heap bytes per site of the ingest's site state cache (issue 20 scope 7). Runs the
 * server's own profile script (`apps/server/src/ingest/site-memory-main.ts`, by path, like the other
 * benchmarks start `main.ts`) in a child process with `--expose-gc`: it fills a site store for N
 * demo-fleet sites, runs one warm-up message per device through the alarm engine and reports the heap
 * growth per site; a second, smaller run writes heap snapshots and gives the growth by constructor.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { num } from './lib/cli.ts';
import { printTable, startResult } from './lib/results.ts';
import { errorText, REPO_ROOT } from './lib/util.ts';

interface MemoryRun {
  sites: number;
  pinConfigsPerSite: number;
  alarmsPerSite: number;
  heapBytesPerSite: number;
  projected50kMB: number;
  loadMs: number;
  evaluateUsPerMessage: number;
  byConstructor: { name: string; count: number; bytesPerSite: number }[];
}

function profile(sites: number, snapshot: boolean): Promise<MemoryRun> {
  const script = path.join('apps', 'server', 'src', 'ingest', 'site-memory-main.ts');
  const args = ['--expose-gc', '--import', 'tsx', script, String(sites), ...(snapshot ? ['--snapshot'] : [])];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: REPO_ROOT, timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        const line = stdout.trim().split('\n').pop() ?? '';
        try {
          resolve(JSON.parse(line) as MemoryRun);
        } catch {
          reject(new Error(`no result from the profile script:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

export const siteStateMemoryBenchmark: Benchmark = {
  name: 'site-state-memory',
  description: 'heap bytes per site of the ingest site state cache (demo fleet, warm-up message applied)',
  async run(opts) {
    const result = startResult(opts, 'site-state-memory');
    const sites = num(opts, 'sites', { tiny: 100, quick: 5000, full: 50_000 });
    const snapshotSites = Math.min(
      sites,
      num(opts, 'snapshot-sites', { tiny: 100, quick: 2000, full: 2000 }),
    );
    let run: MemoryRun | null = null;
    let breakdown: MemoryRun | null = null;
    let error: string | undefined;
    try {
      run = await profile(sites, false);
      breakdown = await profile(snapshotSites, true);
    } catch (err) {
      error = `site-state-memory: ${errorText(err)}`;
    }
    if (run) {
      const { byConstructor: _, ...figures } = run;
      printTable('Site state cache', [figures]);
    }
    if (breakdown)
      printTable(
        `Heap growth by constructor (${snapshotSites} sites, bytes per site)`,
        breakdown.byConstructor,
      );
    result.finish({
      ok: run !== null && breakdown !== null,
      ...(error ? { error } : {}),
      run,
      byConstructor: breakdown?.byConstructor ?? [],
      snapshotSites,
    });
    return run !== null && breakdown !== null;
  },
};

runIfMain(import.meta.url, siteStateMemoryBenchmark);
