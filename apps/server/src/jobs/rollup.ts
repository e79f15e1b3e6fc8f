/**
 * Hourly telemetry rollups (min, max, sum, count per pin and hour) for charts and reports over long
 * ranges, and cleanup of the ingest de-duplication window. The rollup recomputes every hour from
 * the watermark (job_state 'telemetry_hourly') up to the last complete hour, plus the hours late
 * readings touched (a late batch is re-rolled because recomputation replaces the row). Telemetry rows
 * are packed per message (pin_names / pin_values arrays, migration 0301_telemetry_packed), unnested here.
 */
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/pool.ts';

const HOUR = 3_600_000;
const WATERMARK = 'telemetry_hourly';

/** Rolls up complete hours since the watermark (at most `maxHours` per call); returns hours done. */
export async function rollupTelemetry(
  db: Queryable,
  clock: Clock,
  opts: { maxHours?: number; lookbackHours?: number } = {},
): Promise<number> {
  const now = clock.now().getTime();
  const lastComplete = Math.floor(now / HOUR) * HOUR;
  const { rows } = await db.query<{ value: { hour: string } }>(
    'select value from job_state where name = $1',
    [WATERMARK],
  );
  const lookback = (opts.lookbackHours ?? 2) * HOUR;
  const from = rows[0]
    ? Math.min(Date.parse(rows[0].value.hour), lastComplete - lookback)
    : lastComplete - 24 * HOUR;
  const to = Math.min(lastComplete, from + (opts.maxHours ?? 48) * HOUR);
  if (to <= from) return 0;
  await db.query(
    `insert into telemetry_hourly (com_id, pin_name, hour, min, max, sum, count)
     select t.com_id, r.pin_name, date_trunc('hour', t.ts), min(r.value), max(r.value), sum(r.value), count(*)
     from telemetry t cross join lateral unnest(t.pin_names, t.pin_values) as r(pin_name, value)
     where t.ts >= $1 and t.ts < $2
     group by t.com_id, r.pin_name, date_trunc('hour', t.ts)
     on conflict (com_id, pin_name, hour) do update set min = excluded.min, max = excluded.max,
       sum = excluded.sum, count = excluded.count`,
    [new Date(from), new Date(to)],
  );
  await db.query(
    `insert into job_state (name, value, updated_at) values ($1, $2, now())
     on conflict (name) do update set value = excluded.value, updated_at = now()`,
    [WATERMARK, JSON.stringify({ hour: new Date(to).toISOString() })],
  );
  return (to - from) / HOUR;
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
