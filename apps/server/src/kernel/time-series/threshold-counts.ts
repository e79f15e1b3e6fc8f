/**
 * Readings beyond a battery health value per bucket (docs/requirements.md#battery-health-history),
 * with the same plan as `readSeries`: raw ranges count readings exactly; long ranges read the hourly
 * counts of `battery_health_hourly` up to its watermark and count the later hours from raw rows.
 */
import { type BatteryHealthValue, planSeries, type SeriesPlan } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { HEALTH_WATERMARK } from './health-rollup.ts';
import { bucketSql } from './series.ts';

const HOUR_MS = 3_600_000;

export interface ThresholdRequest {
  comId: string;
  pin: string;
  from: Date;
  until: Date;
  zoomMinutes: number;
  value: BatteryHealthValue;
}

export interface ThresholdBucket {
  time: Date;
  samples: number;
  beyond: number;
  min: number | null;
  max: number | null;
}

/** The condition of each health value, as SQL on a reading `r.v`, and its hourly count column. */
const CONDITIONS: Record<BatteryHealthValue, { sql: string; column: string }> = {
  42: { sql: 'r.v <= 42', column: 'le_42' },
  52: { sql: 'r.v <= 52', column: 'le_52' },
  56: { sql: 'r.v >= 56', column: 'ge_56' },
};

type Row = {
  b: number;
  samples: string | number;
  beyond: string | number;
  min: number | null;
  max: number | null;
};

export async function readThresholdCounts(
  db: Queryable,
  req: ThresholdRequest,
): Promise<{ plan: SeriesPlan; points: ThresholdBucket[] }> {
  const plan = planSeries(req.from, req.until, req.zoomMinutes);
  const cond = CONDITIONS[req.value];
  const raw = (fromParam: string) => `
    select x.ts, x.v from telemetry_values_of($1, array[$4::text], ${fromParam}, $3) x`;
  let rows: Row[];
  if (plan.source === 'raw') {
    ({ rows } = await db.query<Row>(
      `select ${bucketSql('r.ts', plan.bucketMinutes)} as b, count(*) as samples,
              count(*) filter (where ${cond.sql}) as beyond, min(r.v) as min, max(r.v) as max
         from (${raw('$2')}) r group by 1 order by 1`,
      [req.comId, req.from, req.until, req.pin],
    ));
  } else {
    const { rows: marks } = await db.query<{ hour: string | null }>(
      "select value->>'hour' as hour from job_state where name = $1",
      [HEALTH_WATERMARK],
    );
    const mark = marks[0]?.hour ? Date.parse(marks[0].hour) : req.from.getTime();
    const split = Math.min(
      req.until.getTime(),
      Math.max(req.from.getTime(), Math.floor(mark / HOUR_MS) * HOUR_MS),
    );
    ({ rows } = await db.query<Row>(
      `select ${bucketSql('y.hour', plan.bucketMinutes)} as b, sum(y.samples) as samples, sum(y.beyond) as beyond,
              min(y.min) as min, max(y.max) as max
         from (
           select h.hour, h.samples, h.${cond.column} as beyond, null::float8 as min, null::float8 as max
             from battery_health_hourly h
            where h.com_id = $1 and h.pin_name = $4 and h.hour >= $2 and h.hour < $5
           union all
           select date_trunc('hour', r.ts), count(*), count(*) filter (where ${cond.sql}), min(r.v), max(r.v)
             from (${raw('$5')}) r group by 1
         ) y group by 1 order by 1`,
      [req.comId, req.from, req.until, req.pin, new Date(split)],
    ));
    rows = await withRollupExtremes(db, req, plan, rows);
  }
  return {
    plan,
    points: rows.map((r) => ({
      time: new Date(Number(r.b) * 1000),
      samples: Number(r.samples),
      beyond: Number(r.beyond),
      min: r.min === null ? null : Number(r.min),
      max: r.max === null ? null : Number(r.max),
    })),
  };
}

/** Fills the buckets' min and max from the telemetry rollups (the health counts keep none). */
async function withRollupExtremes(
  db: Queryable,
  req: ThresholdRequest,
  plan: SeriesPlan,
  rows: Row[],
): Promise<Row[]> {
  const { rows: ext } = await db.query<{ b: number; min: number; max: number }>(
    `select ${bucketSql('h.hour', plan.bucketMinutes)} as b, min(h.min) as min, max(h.max) as max
       from telemetry_hourly h where h.com_id = $1 and h.pin_name = $2 and h.hour >= $3 and h.hour < $4 group by 1`,
    [req.comId, req.pin, req.from, req.until],
  );
  const byBucket = new Map(ext.map((e) => [Number(e.b), e]));
  return rows.map((r) => {
    const e = byBucket.get(Number(r.b));
    if (!e) return r;
    const min = r.min === null ? Number(e.min) : Math.min(Number(r.min), Number(e.min));
    const max = r.max === null ? Number(e.max) : Math.max(Number(r.max), Number(e.max));
    return { ...r, min, max };
  });
}
