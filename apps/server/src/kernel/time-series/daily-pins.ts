/**
 * Daily pin rollups (migration 0711_daily_rollups, docs/requirements.md#daily-rollups): per device pin
 * and Asia/Dhaka day the min, max, sum and count of its hourly rollups and its readings at or below
 * 42 V (battery terminals). Recomputed from the hourly rollups: by the daily job for a new day, and for
 * the days whose hours late readings changed (jobs/rollup.ts rollupDirtyHours).
 */
import { dhakaDayEnd, dhakaDayStart } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

/** Recomputes `pin_daily` of Asia/Dhaka day `day` (`YYYY-MM-DD`), for `comIds` only when given. */
export async function rollupPinDay(db: Queryable, day: string, comIds?: readonly string[]): Promise<void> {
  const only = (n: number) => (comIds ? `and com_id = any($${n}::text[])` : '');
  await db.query(`delete from pin_daily where day = $1::date ${only(2)}`, comIds ? [day, comIds] : [day]);
  const params: unknown[] = [dhakaDayStart(day), dhakaDayEnd(day), day];
  if (comIds) params.push(comIds);
  await db.query(
    `with h as (
       select com_id, pin_name, min(min) as mn, max(max) as mx, sum(sum) as s, sum(count) as c
         from telemetry_hourly where hour >= $1 and hour < $2 ${only(4)} group by com_id, pin_name),
     b as (
       select com_id, pin_name, sum(le_42)::int as n
         from battery_health_hourly where hour >= $1 and hour < $2 ${only(4)} group by com_id, pin_name)
     insert into pin_daily (com_id, pin_name, day, min, max, sum, count, le_42)
     select h.com_id, h.pin_name, $3::date, h.mn, h.mx, h.s, h.c, b.n
       from h left join b on b.com_id = h.com_id and b.pin_name = h.pin_name`,
    params,
  );
}
