/** Small helpers shared by the benchmarks: ports, sleeping, percentiles, paths. */
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** bench/ */
export const BENCH_ROOT = path.join(REPO_ROOT, 'bench');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface Percentiles {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

/** Nearest-rank percentiles of `values` (milliseconds), rounded to 0.1. */
export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { n: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
    return round1(sorted[index] ?? 0);
  };
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: round1(sorted[sorted.length - 1] ?? 0),
    mean: round1(sum / sorted.length),
  };
}

export const round1 = (v: number) => Math.round(v * 10) / 10;

/** Message of an unknown thrown value. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Polls `check` every `intervalMs` until it returns true or `timeoutMs` passes; returns whether it did. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(intervalMs);
  }
}

/** A short random tag (msg_id prefixes, role names). */
export function randomTag(): string {
  return Math.random().toString(36).slice(2, 8);
}
