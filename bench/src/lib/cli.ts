/**
 * Command line of `npm run bench -- [names...] [--quick | --tiny] [--out DIR] [--db embedded,system]
 * [--broker embedded,mosquitto] [--engine nats --workers N] [--key value ...]`. `--tiny` is the configuration the test uses
 * (seconds, not a measurement); `--quick` finishes the whole suite in under 3 minutes.
 */
import path from 'node:path';
import { BENCH_ROOT } from './util.ts';

export type Size = 'tiny' | 'quick' | 'full';
export type DbKind = 'embedded' | 'system';
/** `nats`: NATS JetStream with ingest workers (`--engine nats --workers N`; the ingest benchmark). */
export type BrokerKind = 'embedded' | 'mosquitto' | 'nats';

export interface BenchOptions {
  size: Size;
  /** Where `<name>.json` is written (default bench/results). */
  outDir: string;
  /** Databases to run against; undefined = the benchmark's default. */
  dbs: DbKind[] | undefined;
  brokers: BrokerKind[] | undefined;
  /** Other `--key value` flags (benchmark specific, e.g. `--devices 1000`). */
  flags: Map<string, string>;
  /** Benchmark names given on the command line. */
  names: string[];
}

function list<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  what: string,
): T[] | undefined {
  if (value === undefined) return undefined;
  const items = value === 'both' || value === 'all' ? [...allowed] : value.split(',').map((v) => v.trim());
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item))
      throw new Error(`--${what}: unknown '${item}' (one of ${allowed.join(', ')})`);
  }
  return items as T[];
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const flags = new Map<string, string>();
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      names.push(arg);
      continue;
    }
    // Split at the first '=' only: a value may hold '=' itself (`--node-flags=--max-semi-space-size=64`).
    const eq = arg.indexOf('=');
    const key = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (key === 'quick' || key === 'tiny') {
      flags.set(key, 'true');
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new Error(`--${key} needs a value`);
    if (inline === undefined) i++;
    flags.set(key, value);
  }
  const size: Size = flags.has('tiny') ? 'tiny' : flags.has('quick') ? 'quick' : 'full';
  const outDir = path.resolve(flags.get('out') ?? path.join(BENCH_ROOT, 'results'));
  const dbs = list(flags.get('db'), ['embedded', 'system'] as const, 'db');
  const engine = flags.get('engine');
  if (engine !== undefined && engine !== 'nats') throw new Error(`--engine: unknown '${engine}' (nats)`);
  const brokers: BrokerKind[] | undefined = engine
    ? ['nats']
    : list(flags.get('broker'), ['embedded', 'mosquitto'] as const, 'broker');
  for (const key of ['quick', 'tiny', 'out', 'db', 'broker', 'engine']) flags.delete(key);
  return { size, outDir, dbs, brokers, flags, names };
}

/** A numeric flag, or the default of the current size. */
export function num(opts: BenchOptions, key: string, defaults: Record<Size, number>): number {
  const raw = opts.flags.get(key);
  if (raw === undefined) return defaults[opts.size];
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`--${key}: not a number: ${raw}`);
  return value;
}

/** `--warm off` skips the warm-up of the API, fan-out and web benchmarks (every device reporting once). */
export function warmEnabled(opts: BenchOptions): boolean {
  const v = opts.flags.get('warm');
  return !(v === 'off' || v === 'false' || v === '0' || v === 'no');
}

/**
 * `--node-flags "…"`: extra node/V8 flags of the server process (space-separated, e.g.
 * `--node-flags=--max-semi-space-size=64`), for measuring runtime settings; recorded in the result.
 */
export function serverNodeFlags(opts: BenchOptions): string[] {
  return (opts.flags.get('node-flags') ?? '').split(/\s+/).filter((flag) => flag.length > 0);
}
