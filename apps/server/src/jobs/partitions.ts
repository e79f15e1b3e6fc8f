/**
 * Telemetry partition maintenance (jobs role): keeps monthly partitions created ahead and drops the
 * ones older than the retention. See docs/operations.md "Partitioning and retention".
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/pool.ts';

/** The monthly partitions (`<parent>_yYYYYmMM`) of a partitioned table of the current schema. */
async function monthlyPartitions(db: Queryable, parent: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i
     join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     join pg_namespace n on n.oid = p.relnamespace
     where p.relname = $1 and n.nspname = current_schema() and c.relname ~ ('^' || $1 || '_y[0-9]{4}m[0-9]{2}$')`,
    [parent],
  );
  return rows.map((r) => r.name);
}

/**
 * Creates partitions for last month .. 3 months ahead; drops monthly partitions past retention, raw
 * (`telemetry`) and packed (`telemetry_days`, by the month of the Asia/Dhaka day).
 */
export async function maintainTelemetryPartitions(
  db: Queryable,
  opts: { clock: Clock; retentionMonths: number; log?: Pick<Logger, 'info'> },
): Promise<{ created: number; dropped: string[] }> {
  const now = opts.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const { rows } = await db.query<{ n: number }>('select ensure_telemetry_partitions($1::date, 5) as n', [
    from.toISOString().slice(0, 10),
  ]);
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - opts.retentionMonths, 1));
  const keepFrom = `telemetry_y${oldest.getUTCFullYear()}m${String(oldest.getUTCMonth() + 1).padStart(2, '0')}`;
  const parts = await monthlyPartitions(db, 'telemetry');
  // The packed days (telemetry_days_yYYYYmMM, migration 0820) of a month go with its raw rows.
  const packed = await monthlyPartitions(db, 'telemetry_days');
  const dropped: string[] = [];
  for (const name of [...parts, ...packed]) {
    // names sort chronologically (telemetry_yYYYYmMM, telemetry_days_yYYYYmMM)
    if (name.replace('telemetry_days_', 'telemetry_') < keepFrom) {
      await db.query(`drop table if exists "${name}"`);
      dropped.push(name);
    }
  }
  const created = rows[0]?.n ?? 0;
  if (created || dropped.length) opts.log?.info({ created, dropped }, 'telemetry partitions maintained');
  return { created, dropped };
}
