/** What every benchmark script exports, and running one script on its own. */
import { pathToFileURL } from 'node:url';
import { type BenchOptions, parseArgs } from './cli.ts';

export interface Benchmark {
  name: string;
  description: string;
  /** Runs, writes `<outDir>/<name>.json`, prints its table; resolves with the result's `ok`. */
  run(opts: BenchOptions): Promise<boolean>;
}

/** `tsx src/<name>.ts [--quick|--tiny] ...` runs that benchmark alone. */
export function runIfMain(moduleUrl: string, bench: Benchmark): void {
  const entry = process.argv[1];
  if (!entry || pathToFileURL(entry).href !== moduleUrl) return;
  bench
    .run(parseArgs(process.argv.slice(2)))
    .then((ok) => process.exit(ok ? 0 : 1))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
