/**
 * `npm run bench -- [names...] [--quick | --tiny] [--out DIR] [--db ...] [--broker ...]`: runs the
 * benchmarks (all by default, in order) and writes bench/results/<name>.json for each.
 */
import { accessBenchmark } from './access.ts';
import { alarmBenchmark } from './alarm.ts';
import { alarmConsoleBenchmark } from './alarm-console.ts';
import { analyticsBenchmark } from './analytics.ts';
import { apiBenchmark } from './api.ts';
import { fanoutBenchmark } from './fanout.ts';
import { ingestBenchmark } from './ingest.ts';
import type { Benchmark } from './lib/bench.ts';
import { parseArgs } from './lib/cli.ts';
import { powerBenchmark } from './power.ts';
import { siteStateMemoryBenchmark } from './site-state-memory.ts';
import { slaBenchmark } from './sla.ts';
import { storageBenchmark } from './storage.ts';
import { telemetryWriteBenchmark } from './telemetry-write.ts';
import { webBenchmark } from './web.ts';

export const BENCHMARKS: readonly Benchmark[] = [
  ingestBenchmark,
  alarmBenchmark,
  apiBenchmark,
  fanoutBenchmark,
  webBenchmark,
  accessBenchmark,
  powerBenchmark,
  analyticsBenchmark,
  slaBenchmark,
  storageBenchmark,
  telemetryWriteBenchmark,
  siteStateMemoryBenchmark,
  alarmConsoleBenchmark,
];

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const unknown = opts.names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    console.error(
      `unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  const selected = opts.names.length ? BENCHMARKS.filter((b) => opts.names.includes(b.name)) : BENCHMARKS;
  const started = performance.now();
  const outcome: { name: string; ok: boolean }[] = [];
  for (const bench of selected) {
    console.log(`\n=== ${bench.name}: ${bench.description} (${opts.size}) ===`);
    let ok = false;
    try {
      ok = await bench.run(opts);
    } catch (err) {
      console.error(`${bench.name} crashed:`, err);
    }
    outcome.push({ name: bench.name, ok });
  }
  console.log(`\nDone in ${Math.round((performance.now() - started) / 1000)} s:`);
  for (const o of outcome) console.log(`  ${o.name.padEnd(8)} ${o.ok ? 'ok' : 'FAILED (see its JSON)'}`);
  process.exit(outcome.every((o) => o.ok) ? 0 : 1);
}

void main();
