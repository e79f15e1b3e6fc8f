/**
 * Hourly telemetry rollups (min, max, sum, count per pin and hour) for charts and reports over long
 * ranges, and cleanup of the ingest de-duplication window. The rollup rolls every hour from the
 * watermark (job_state 'telemetry_hourly') up to the last complete hour (once it has settled,
 * ROLLUP_SETTLE_MS), and recomputes exactly the hours late readings touched: ingest marks them in
 * `telemetry_dirty_hours` (docs/requirements.md#late-data), `rollupDirtyHours` recomputes and unmarks
 * them in one transaction, however late they came. Telemetry rows are packed per message (pin_names /
 * pin_values arrays, migration 0301_telemetry_packed); the rollups read them one row per value with the
 * compressed days (`telemetry_readings_between`, `telemetry_readings_of`, migration 0840).
 */
import { dhakaDate, hourStartOf, ROLLUP_SETTLE_MS } from '@towerwatch/domain';
import type { Clock } from '../clock.ts';
import { type Pool, type Queryable, withTransaction } from '../db/pool.ts';
import {
  healthRollupSql,
  hourlyRunsSql,
  recomputeRunningTotals,
  rollupBatteryHealth,
  rollupPinDay,
} from '../kernel/time-series/index.ts';
import { markLatePackedDays } from './compress.ts';

const HOUR = 3_600_000;
const WATERMARK = 'telemetry_hourly';

/**
 * The telemetry_hourly upsert of the readings `source` selects (`t`: one row per value, com_id, ts,
 * pin_name, value; raw or decoded). A recomputed hour replaces its row. With `runsFrom` (the first hour
 * of a run of consecutive hours, the SQL of its instant), the rows get their running totals
 * (kernel/time-series/running-totals.ts) continued from each pin's last row before it; without, a new
 * row has none and a replaced row keeps its old ones (the caller recomputes them).
 */
function hourlySql(source: string, runsFrom?: string): string {
  const runs = runsFrom
    ? {
        columns: ', run_sum, run_count',
        select: `, ${hourlyRunsSql(runsFrom)}`,
        set: ', run_sum = excluded.run_sum, run_count = excluded.run_count',
      }
    : { columns: '', select: ' from g', set: '' };
  return `with g as (
       select t.com_id, t.pin_name, date_trunc('hour', t.ts) as hour, min(t.value) as min, max(t.value) as max,
              sum(t.value) as sum, count(*) as count
         from ${source}
        group by t.com_id, t.pin_name, date_trunc('hour', t.ts))
     insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count${runs.columns})
     select g.com_id, g.pin_name, g.hour, g.min, g.max, g.sum, g.count${runs.select}
     on conflict (com_id, pin_name, hour) do update set min = excluded.min, max = excluded.max,
       sum = excluded.sum, count = excluded.count${runs.set}`;
}

/** The last hour a rollup may cover at `now`: complete and settled. */
export function lastRollupHour(now: number): number {
  return hourStartOf(now - ROLLUP_SETTLE_MS);
}

/**
 * Rolls up complete hours since the watermark (at most `maxHours` per call); returns hours done.
 * `lookbackHours` re-rolls hours before the watermark on purpose (a backfill); late readings need
 * none (see {@link rollupDirtyHours}).
 */
export async function rollupTelemetry(
  db: Queryable,
  clock: Clock,
  opts: { maxHours?: number; lookbackHours?: number } = {},
): Promise<number> {
  const now = clock.now().getTime();
  const lastComplete = lastRollupHour(now);
  const { rows } = await db.query<{ value: { hour: string } }>(
    'select value from job_state where name = $1',
    [WATERMARK],
  );
  const lookback = (opts.lookbackHours ?? 0) * HOUR;
  const from = rows[0]
    ? Math.min(Date.parse(rows[0].value.hour), lastComplete - lookback)
    : lastComplete - 24 * HOUR;
  const to = Math.min(lastComplete, from + (opts.maxHours ?? 48) * HOUR);
  if (to <= from) return 0;
  await db.query(hourlySql('telemetry_readings_between($1, $2) t', '$1::timestamptz'), [
    new Date(from),
    new Date(to),
  ]);
  // Hours after these (a watermark moved back, hours rolled in parts): their totals follow.
  const { rows: after } = await db.query('select 1 from telemetry_hourly where hour >= $1 limit 1', [
    new Date(to),
  ]);
  if (after.length > 0) {
    const { rows: later } = await db.query<{ com_id: string }>(
      'select distinct com_id from telemetry_hourly where hour >= $1',
      [new Date(from)],
    );
    const comIds = later.map((r) => r.com_id);
    await recomputeRunningTotals(
      db,
      comIds,
      comIds.map(() => new Date(from)),
    );
  }
  await db.query(
    `insert into job_state (name, value, updated_at) values ($1, $2, now())
     on conflict (name) do update set value = excluded.value, updated_at = now()`,
    [WATERMARK, JSON.stringify({ hour: new Date(to).toISOString() })],
  );
  return (to - from) / HOUR;
}

/**
 * Recomputes the hours late readings marked (`telemetry_dirty_hours`) in both hourly rollups
 * (telemetry_hourly, battery_health_hourly) and the daily pin rollup of their days, and unmarks them, `batch` hours per transaction (a mark
 * written meanwhile stays for the next run). Returns the hours recomputed.
 */
export async function rollupDirtyHours(pool: Pool, opts: { batch?: number; maxBatches?: number } = {}) {
  let done = 0;
  for (let i = 0; i < (opts.maxBatches ?? 100); i++) {
    const n = await withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<{ com_id: string; hour: Date }>(
        `delete from telemetry_dirty_hours where (com_id, hour) in (
           select com_id, hour from telemetry_dirty_hours order by hour limit $1 for update skip locked)
         returning com_id, hour`,
        [opts.batch ?? 2000],
      );
      if (rows.length === 0) return 0;
      const source = `unnest($1::text[], $2::timestamptz[]) as d(com_id, hour)
        cross join lateral telemetry_readings_of(d.com_id, d.hour, d.hour + interval '1 hour') t`;
      const comIds = rows.map((r) => r.com_id);
      const hours = rows.map((r) => r.hour);
      await tx.query(hourlySql(source), [comIds, hours]);
      // The running totals of the recomputed hours and of every later hour of those devices.
      await recomputeRunningTotals(tx, comIds, hours);
      await tx.query(healthRollupSql(source), [comIds, hours]);
      // Late readings of days packed already go into their packed day on the next compression run.
      await markLatePackedDays(tx, comIds, hours);
      // The daily pin rollups of the days those hours belong to.
      const days = new Map<string, Set<string>>();
      for (const r of rows) {
        const day = dhakaDate(r.hour);
        days.set(day, (days.get(day) ?? new Set()).add(r.com_id));
      }
      for (const [day, comIds] of days) await rollupPinDay(tx, day, [...comIds]);
      return rows.length;
    });
    done += n;
    if (n === 0) break;
  }
  return done;
}

/**
 * One run of the jobs role's hourly rollups: new complete hours of both rollups, then the hours late
 * readings marked. `keepDays`: battery health rows older than this are deleted.
 */
export async function runHourlyRollups(pool: Pool, clock: Clock, opts: { keepDays?: number } = {}) {
  await rollupTelemetry(pool, clock);
  await rollupBatteryHealth(pool, clock, opts.keepDays ? { keepDays: opts.keepDays } : {});
  return rollupDirtyHours(pool);
}

/** Deletes de-duplication ids older than `days` (a device retries within minutes, not days). */
export async function pruneIngestMessages(db: Queryable, clock: Clock, days = 7): Promise<number> {
  const res = await db.query('delete from ingest_messages where received_at < $1', [
    new Date(clock.now().getTime() - days * 86_400_000),
  ]);
  return res.rowCount ?? 0;
}

/** Deletes hourly rollups older than `days` (default: kept twice as long as raw telemetry). */
export async function pruneRollups(db: Queryable, clock: Clock, days: number): Promise<number> {
  const res = await db.query('delete from telemetry_hourly where hour < $1', [
    new Date(clock.now().getTime() - days * 86_400_000),
  ]);
  return res.rowCount ?? 0;
}
