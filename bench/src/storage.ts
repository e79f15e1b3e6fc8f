/**
 * Benchmark: storage per telemetry value (issue 20 scope 8). The real server (simulator off) migrates
 * its database; the benchmark loads `--devices` × `--days` device-minutes of the ingest load's 20
 * readings (random jitter, 2 decimals, one message per device and minute, written in time order as
 * ingest does) into the production table `telemetry`, copies them into the packed layouts of
 * lib/telemetry-layouts.ts (the last: the production compressed history, packed by the jobs role's
 * statement, which empties `telemetry`), vacuums, and reports per layout: bytes on disk (heap, TOAST, each index,
 * total) per message and per value, the extrapolation to one year of one-minute data for 50,000 sites,
 * and the power-data charts' typical read (one device, one day, one pin): time and buffers touched.
 * Every layout must return the same readings as the production table (else the result is not ok).
 */
import { comIdOfSiteIndex, NORMAL_PIN_NAMES } from '@towerwatch/fleet';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { type DbKind, num } from './lib/cli.ts';
import { randomValuesSql } from './lib/normal-readings.ts';
import { printTable, startResult } from './lib/results.ts';
import { type ServerHandle, startServer } from './lib/server.ts';
import { LAYOUTS, type LayoutSize, layoutSize } from './lib/telemetry-layouts.ts';
import { errorText, type Percentiles, percentiles } from './lib/util.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** The budget's scale: one message per site (one device) and minute for a year. */
const SITES = 50_000;
const MESSAGES_PER_YEAR = SITES * 525_600;
/** The pin the read asks for (the battery terminal voltage of the ingest load). */
const READ_PIN = 'am6';

interface LayoutResult extends LayoutSize {
  layout: string;
  table: string;
  buildS: number;
  /** Average stored size of the `pin_values` column per row (after compression). */
  valuesColumnBytesPerRow: number;
  /** TOAST compression methods found in that column's stored values (`none`: stored uncompressed). */
  valuesCompression: string;
  bytesPerMessage: number;
  bytesPerValue: number;
  /** Total of one year of one-minute data for 50,000 sites, TB (10^12 bytes). */
  yearAt50kSitesTB: number;
  read: { rows: number; sum: number; latencyMs: Percentiles; sharedBuffers: number };
}

/** Loads the device-minutes into `telemetry` ending at the last whole hour, time-major like ingest. */
async function loadTelemetry(server: ServerHandle, devices: number, days: number, until: number) {
  const comIds = Array.from({ length: devices }, (_, i) => comIdOfSiteIndex(i));
  await server.pool.query('truncate telemetry'); // the demo seed's history is not part of the sample
  // One day per statement keeps each transaction moderate; devices report a few seconds past the minute.
  for (let d = days; d > 0; d--) {
    await server.pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values)
       select c, $2::timestamptz + m * interval '1 minute' + (i % 50) * interval '1 second', $3::text[],
              ${randomValuesSql()}
         from generate_series(0, 1439) m cross join unnest($1::text[]) with ordinality u(c, i)
        order by m, i`,
      [comIds, new Date(until - d * DAY), NORMAL_PIN_NAMES],
    );
  }
  return { comIds, messages: devices * days * 1440 };
}

/** Runs the layout's read `requests` times; buffers from one EXPLAIN (ANALYZE, BUFFERS). */
async function timeRead(server: ServerHandle, sql: string, args: unknown[], requests: number) {
  const times: number[] = [];
  let rows: { v: number | null }[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    rows = (await server.pool.query<{ v: number | null }>(sql, args)).rows;
    times.push(performance.now() - t0);
  }
  const { rows: plan } = await server.pool.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `explain (analyze, buffers, format json) ${sql}`,
    args,
  );
  const top = plan[0]?.['QUERY PLAN'][0].Plan ?? {};
  return {
    rows: rows.length,
    sum: Math.round(rows.reduce((s, r) => s + (r.v ?? 0), 0) * 100) / 100,
    latencyMs: percentiles(times),
    sharedBuffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
  };
}

export const storageBenchmark: Benchmark = {
  name: 'storage',
  description: 'bytes on disk per telemetry value and the one-day read, production vs packed layouts',
  async run(opts) {
    const result = startResult(opts, 'storage');
    const devices = num(opts, 'devices', { tiny: 4, quick: 50, full: 200 });
    const days = num(opts, 'days', { tiny: 1, quick: 3, full: 14 });
    const requests = num(opts, 'requests', { tiny: 3, quick: 20, full: 50 });
    const db: DbKind = opts.dbs?.[0] ?? 'system';
    let server: ServerHandle | null = null;
    const layouts: LayoutResult[] = [];
    let messages = 0;
    let pgVersion = '';
    let toastCompression = '';
    let error: string | undefined;
    try {
      // The sample is packed by the benchmark itself (the last layout), not by the jobs role.
      server = await startServer({ db, broker: 'embedded', env: { TELEMETRY_COMPRESS_AFTER_DAYS: '3660' } });
      pgVersion = server.pgVersion;
      toastCompression =
        (
          await server.pool.query<{ c: string }>('select current_setting($1) as c', [
            'default_toast_compression',
          ])
        ).rows[0]?.c ?? '';
      const until = Math.floor(Date.now() / (60 * MINUTE)) * 60 * MINUTE;
      const t0 = performance.now();
      const loaded = await loadTelemetry(server, devices, days, until);
      messages = loaded.messages;
      const loadS = (performance.now() - t0) / 1000;
      const values = messages * NORMAL_PIN_NAMES.length;
      const readArgs = [
        loaded.comIds[Math.floor(devices / 2)],
        new Date(until - DAY),
        new Date(until),
        READ_PIN,
      ];
      for (const layout of LAYOUTS) {
        const b0 = performance.now();
        for (const sql of layout.build ?? []) await server.pool.query(sql);
        await server.pool.query(`vacuum (analyze) ${layout.table}`);
        const buildS = layout.build ? (performance.now() - b0) / 1000 : loadS;
        const size = await layoutSize(server.pool, layout.table);
        const column = layout.valuesColumn ?? 'pin_values';
        const { rows: col } = await server.pool.query<{ b: number; c: string }>(
          `select avg(pg_column_size(${column}))::float8 as b,
                  string_agg(distinct coalesce(pg_column_compression(${column}), 'none'), ',') as c from ${layout.table}`,
        );
        layouts.push({
          layout: layout.name,
          table: layout.table,
          buildS: Math.round(buildS * 10) / 10,
          ...size,
          bytesPerMessage: Math.round((size.totalBytes / messages) * 10) / 10,
          bytesPerValue: Math.round((size.totalBytes / values) * 100) / 100,
          yearAt50kSitesTB: Math.round(((size.totalBytes / messages) * MESSAGES_PER_YEAR) / 1e10) / 100,
          valuesColumnBytesPerRow: Math.round(col[0]?.b ?? 0),
          valuesCompression: col[0]?.c ?? '',
          read: await timeRead(server, layout.read, readArgs, requests),
        });
      }
      const [prod, ...packed] = layouts;
      for (const l of packed) {
        // real[] keeps ~7 significant digits: the sums may differ in the last cents over a day.
        if (l.read.rows !== prod?.read.rows || Math.abs(l.read.sum - prod.read.sum) > 0.05)
          throw new Error(
            `${l.layout}: read ${l.read.rows} rows (sum ${l.read.sum}), production ${prod?.read.rows} (sum ${prod?.read.sum})`,
          );
      }
    } catch (err) {
      error = errorText(err);
      console.error(err);
    } finally {
      await server?.stop();
    }
    const mb = (b: number) => Math.round(b / 104857.6) / 10;
    printTable(
      `telemetry storage, ${devices} devices × ${days} days = ${messages} messages of ${NORMAL_PIN_NAMES.length} values (${db} PostgreSQL ${pgVersion}, TOAST ${toastCompression})`,
      layouts.map((l) => ({
        layout: l.layout,
        'heap MB': mb(l.heapBytes),
        'toast MB': mb(l.toastBytes),
        'index MB': mb(l.indexBytes),
        'total MB': mb(l.totalBytes),
        'B/msg': l.bytesPerMessage,
        'B/value': l.bytesPerValue,
        'TB/yr 50k': l.yearAt50kSitesTB,
        'read p50 ms': l.read.latencyMs.p50,
        'read p95 ms': l.read.latencyMs.p95,
        buffers: l.read.sharedBuffers,
        rows: l.read.rows,
      })),
    );
    const ok = error === undefined && layouts.length === LAYOUTS.length;
    result.finish({
      ok,
      ...(error ? { error } : {}),
      db,
      pgVersion,
      toastCompression,
      devices,
      days,
      messages,
      valuesPerMessage: NORMAL_PIN_NAMES.length,
      yearScale: { sites: SITES, messagesPerYear: MESSAGES_PER_YEAR },
      readPin: READ_PIN,
      requests,
      layouts,
    });
    return ok;
  },
};

runIfMain(import.meta.url, storageBenchmark);
