/**
 * Hourly counts of battery terminal readings beyond the health values 42, 52 and 56 V
 * (docs/requirements.md#battery-health-history; migration 0521_battery_health_hourly). Same windowing
 * as the telemetry rollup: from its own watermark up to the last complete, settled hour, at most
 * `maxHours` per call; hours late readings touched are recomputed by jobs/rollup.ts rollupDirtyHours
 * with {@link healthRollupSql} (docs/requirements.md#late-data).
 */
import { hourStartOf, ROLLUP_SETTLE_MS } from '@towerwatch/domain';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';

const HOUR = 3_600_000;
export const HEALTH_WATERMARK = 'battery_health_hourly';

/**
 * The battery_health_hourly upsert of the readings `source` selects (`t`: one row per value, com_id, ts,
 * pin_name, value; raw or decoded).
 */
export function healthRollupSql(source: string): string {
  return `insert into battery_health_hourly (com_id, pin_name, hour, samples, le_42, le_52, ge_56)
     select t.com_id, t.pin_name, date_trunc('hour', t.ts), count(*), count(*) filter (where t.value <= 42),
            count(*) filter (where t.value <= 52), count(*) filter (where t.value >= 56)
       from ${source}
       join (select distinct com_id, pin_name from pin_configs where type = 'battery_terminal') pc
         on pc.com_id = t.com_id and pc.pin_name = t.pin_name
       group by t.com_id, t.pin_name, date_trunc('hour', t.ts)
     on conflict (com_id, pin_name, hour) do update set samples = excluded.samples, le_42 = excluded.le_42,
       le_52 = excluded.le_52, ge_56 = excluded.ge_56`;
}

/** Counts complete hours since the watermark; returns the hours done. */
export async function rollupBatteryHealth(
  db: Queryable,
  clock: Clock,
  opts: { maxHours?: number; lookbackHours?: number; keepDays?: number } = {},
): Promise<number> {
  const lastComplete = hourStartOf(clock.now().getTime() - ROLLUP_SETTLE_MS);
  const { rows } = await db.query<{ hour: string }>(
    "select value->>'hour' as hour from job_state where name = $1",
    [HEALTH_WATERMARK],
  );
  const lookback = (opts.lookbackHours ?? 0) * HOUR;
  const mark = rows[0]?.hour;
  const from = mark ? Math.min(Date.parse(mark), lastComplete - lookback) : lastComplete - 24 * HOUR;
  const to = Math.min(lastComplete, from + (opts.maxHours ?? 48) * HOUR);
  if (to <= from) return 0;
  await db.query(healthRollupSql('telemetry_readings_between($1, $2) t'), [new Date(from), new Date(to)]);
  await db.query(
    `insert into job_state (name, value, updated_at) values ($1, $2, now())
     on conflict (name) do update set value = excluded.value, updated_at = now()`,
    [HEALTH_WATERMARK, JSON.stringify({ hour: new Date(to).toISOString() })],
  );
  if (opts.keepDays)
    await db.query('delete from battery_health_hourly where hour < $1', [
      new Date(to - opts.keepDays * 24 * HOUR),
    ]);
  return (to - from) / HOUR;
}
