/**
 * Micro-benchmark: writing one ingest batch's telemetry (issue 20 scope 4), `--batch` messages of the
 * ingest load's 20 readings (every 50th message with a shorter pin set), three ways
 * (lib/telemetry-writers.ts): (a) the statement before issue 20, (b) COPY FROM STDIN through
 * pg-copy-streams, (c) typed parameters built as literal strings (the server's writer since). The variants take turns, batch by
 * batch, on one connection to the real server's migrated database (simulator off). Per batch: CPU of
 * this Node process (building the parameters, pg's encoding, the protocol) and of the database backend,
 * and wall time. The stored rows of every variant must be identical (else the result is not ok).
 */
import { comIdOfSiteIndex, normalReadings } from '@towerwatch/fleet';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num } from './lib/cli.ts';
import { cpuSeconds } from './lib/proc.ts';
import { printTable, startResult } from './lib/results.ts';
import { type ServerHandle, startServer } from './lib/server.ts';
import {
  copyWriter,
  currentWriter,
  type TelemetryRow,
  typedWriter,
  type Writer,
} from './lib/telemetry-writers.ts';
import { errorText, type Percentiles, percentiles } from './lib/util.ts';

const DAY = 86_400_000;
const VARIANTS: readonly [name: string, writer: Writer][] = [
  ['before (unnest, text literals)', currentWriter],
  ['copy (pg-copy-streams)', copyWriter],
  ['typed (flat float8[] + offsets, now used)', typedWriter],
];

interface VariantResult {
  variant: string;
  batches: number;
  nodeCpuMs: Percentiles;
  dbCpuMs: Percentiles;
  wallMs: Percentiles;
  /** md5 of the variant's stored rows (times relative to its own start). */
  digest: string;
}

/** Batch `b` of `size` messages starting at `start` (one message per device, a second apart per batch). */
function buildBatch(b: number, size: number, start: number): TelemetryRow[] {
  return Array.from({ length: size }, (_, i) => {
    const readings = normalReadings(b * size + i);
    const kept = i % 50 === 49 ? readings.slice(0, 10) : readings;
    return {
      comId: comIdOfSiteIndex(i),
      ts: new Date(start + b * 1000 + (i % 997)),
      pinNames: kept.map((r) => r.pin),
      values: kept.map((r) => r.value),
    };
  });
}

export const telemetryWriteBenchmark: Benchmark = {
  name: 'telemetry-write',
  description:
    "one ingest batch's telemetry written three ways: per-row literals (before), COPY, typed parameters (now)",
  async run(opts) {
    const result = startResult(opts, 'telemetry-write');
    const size = num(opts, 'batch', { tiny: 200, quick: 2000, full: 2000 });
    const batches = num(opts, 'batches', { tiny: 2, quick: 20, full: 100 });
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    let server: ServerHandle | null = null;
    const variants: VariantResult[] = [];
    let error: string | undefined;
    try {
      server = await startServer({ db, broker: 'embedded' });
      const client = await server.pool.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        const backend = rows[0]?.pid ?? 0;
        // Each variant writes the same batches a day apart, inside the partitions the server keeps.
        const base = Math.floor((Date.now() - 10 * DAY) / 1000) * 1000;
        const samples = VARIANTS.map(() => ({
          node: [] as number[],
          db: [] as number[],
          wall: [] as number[],
        }));
        // Batch -1 warms every variant up (statement paths, JIT of the builders); not recorded.
        for (let b = -1; b < batches; b++) {
          for (const [v, [, writer]] of VARIANTS.entries()) {
            const rows = buildBatch(b, size, base + v * DAY);
            const cpu0 = process.cpuUsage();
            const db0 = cpuSeconds(backend);
            const t0 = performance.now();
            await writer(client, rows);
            const wall = performance.now() - t0;
            const cpu = process.cpuUsage(cpu0);
            if (b < 0) continue;
            const s = samples[v];
            s?.node.push((cpu.user + cpu.system) / 1000);
            s?.db.push((cpuSeconds(backend) - db0) * 1000);
            s?.wall.push(wall);
          }
        }
        for (const [v, [name]] of VARIANTS.entries()) {
          const from = new Date(base + v * DAY - 2000);
          const { rows: d } = await client.query<{ digest: string }>(
            `select md5(string_agg(concat_ws('|', com_id, extract(epoch from ts - $1::timestamptz), pin_names, pin_values),
                    ',' order by ts, com_id)) as digest
               from telemetry where ts >= $1 and ts < $1::timestamptz + interval '12 hours'`,
            [from],
          );
          const s = samples[v] ?? { node: [], db: [], wall: [] };
          variants.push({
            variant: name,
            batches,
            nodeCpuMs: percentiles(s.node),
            dbCpuMs: percentiles(s.db),
            wallMs: percentiles(s.wall),
            digest: d[0]?.digest ?? '',
          });
        }
      } finally {
        client.release();
      }
      const digests = new Set(variants.map((v) => v.digest));
      if (digests.size !== 1)
        throw new Error(`the variants stored different rows: ${[...digests].join(', ')}`);
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    printTable(
      `telemetry write, ${batches} batches of ${size} messages per variant (${db} PostgreSQL), ms per batch`,
      variants.map((v) => ({
        variant: v.variant,
        'node cpu p50': v.nodeCpuMs.p50,
        'node cpu p95': v.nodeCpuMs.p95,
        'db cpu p50': v.dbCpuMs.p50,
        'db cpu p95': v.dbCpuMs.p95,
        'wall p50': v.wallMs.p50,
        'wall p95': v.wallMs.p95,
      })),
    );
    const ok = error === undefined && variants.length === VARIANTS.length;
    result.finish({ ok, ...(error ? { error } : {}), db, batchSize: size, batches, variants });
    return ok;
  },
};

runIfMain(import.meta.url, telemetryWriteBenchmark);
