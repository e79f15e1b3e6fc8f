/**
 * The one time-series reader (docs/requirements.md#time-series), shared by power data and analytics:
 * one device's pins over [from, until), min / max / mean / count per bucket, buckets aligned to
 * Asia/Dhaka midnight. The domain's `planSeries` picks the bucket from `zoom` and the range:
 * - `raw`: buckets under an hour over short ranges, straight from the readings of the pins
 *   (`telemetry_values_of`, migration 0840: raw rows and the compressed days, of which only the pins'
 *   values are decoded);
 * - `hourly`: the hourly rollups (`telemetry_hourly`) for the hours the rollup job has done
 *   (its watermark), plus the same hourly aggregation computed from raw rows for the hours after it,
 *   so a fresh system and the current hour still show.
 * Several pins are summed per reading (e.g. the critical and non-critical DC load currents). Means are
 * summed as `numeric`: exact, so a bucket's mean does not depend on the order rows are read in (raw or
 * compressed, whatever the plan).
 */
import { planSeries, type SeriesPlan, seriesBucketStart } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

const HOUR_MS = 3_600_000;

export interface SeriesRequest {
  comId: string;
  /** Pin names; with several, their values of one reading (or one hour's means) are summed. */
  pins: readonly string[];
  from: Date;
  until: Date;
  zoomMinutes: number;
  /** Applied to every value: value × factor + offset. */
  factor?: number;
  offset?: number;
}

export interface SeriesBucket {
  time: Date;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface Series {
  plan: SeriesPlan;
  points: SeriesBucket[];
}

/** SQL of the bucket start (epoch seconds) of a timestamptz expression, Dhaka-aligned. */
export function bucketSql(tsExpr: string, bucketMinutes: number): string {
  const size = bucketMinutes * 60;
  // Same anchor as the domain's seriesBucketStart: Dhaka midnight, Dhaka Monday for weeks.
  const anchor = seriesBucketStart(0, bucketMinutes) / 1000;
  return `(floor((extract(epoch from ${tsExpr}) - (${anchor})) / ${size}) * ${size} + (${anchor}))`;
}

/** The hour up to which the rollup job has done its work (its watermark), or null. */
export async function rollupWatermark(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ hour: string | null }>(
    "select value->>'hour' as hour from job_state where name = 'telemetry_hourly'",
  );
  return rows[0]?.hour ? new Date(rows[0].hour) : null;
}

type Row = { b: number; min: number; max: number; avg: number; count: string | number };

/** Reads a series (see the file comment). */
export async function readSeries(db: Queryable, req: SeriesRequest): Promise<Series> {
  const plan = planSeries(req.from, req.until, req.zoomMinutes);
  const factor = req.factor ?? 1;
  const offset = req.offset ?? 0;
  let rows: Row[];
  if (plan.source === 'raw') {
    const res = await db.query<Row>(
      `select ${bucketSql('x.ts', plan.bucketMinutes)} as b, min(x.v) as min, max(x.v) as max,
              avg(x.v::numeric)::float8 as avg, count(*) as count
         from telemetry_values_of($1, $4, $2, $3) x group by 1 order by 1`,
      [req.comId, req.from, req.until, req.pins],
    );
    rows = res.rows;
  } else {
    rows = await hourlyRows(db, req, plan);
  }
  const points = rows.map((r) => ({
    time: new Date(Number(r.b) * 1000),
    min: Number(r.min) * factor + offset,
    max: Number(r.max) * factor + offset,
    avg: Number(r.avg) * factor + offset,
    count: Number(r.count),
  }));
  if (factor < 0) for (const p of points) [p.min, p.max] = [p.max, p.min];
  return { plan, points };
}

/** Rollup hours before the watermark, raw rows aggregated per hour after it, then into buckets. */
async function hourlyRows(db: Queryable, req: SeriesRequest, plan: SeriesPlan): Promise<Row[]> {
  const mark = await rollupWatermark(db);
  const from = req.from.getTime();
  const until = req.until.getTime();
  const split = Math.min(until, Math.max(from, Math.floor((mark?.getTime() ?? from) / HOUR_MS) * HOUR_MS));
  // One row per hour: min / max / mean / count of the (summed) pins.
  const hours = `
    select h.hour, sum(h.min) as min, sum(h.max) as max, sum(h.sum / h.count) as avg, max(h.count) as count
      from telemetry_hourly h
     where h.com_id = $1 and h.pin_name = any($4::text[]) and h.hour >= $2 and h.hour < $5
     group by h.hour
    union all
    select date_trunc('hour', x.ts), min(x.v), max(x.v), avg(x.v::numeric)::float8, count(*)
      from telemetry_values_of($1, $4, $5, $3) x group by 1`;
  const { rows } = await db.query<Row>(
    `select ${bucketSql('y.hour', plan.bucketMinutes)} as b, min(y.min) as min, max(y.max) as max,
            (sum(y.avg::numeric * y.count) / nullif(sum(y.count), 0))::float8 as avg, sum(y.count) as count
       from (${hours}) y group by 1 order by 1`,
    [req.comId, req.from, req.until, req.pins, new Date(split)],
  );
  return rows;
}
