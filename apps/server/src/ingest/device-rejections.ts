/**
 * Adds the refusals counted per device since the last flush to device_rejections (the device health
 * screen's "refused messages by reason", docs/requirements.md#device-monitoring). The ingest role runs
 * it every 15 s and when it stops; the API reads the table, so every process's counts add up.
 */
import type { Queryable } from '../db/pool.ts';
import type { IngestMetrics } from './metrics.ts';

/** Writes and clears the pending counts; returns how many (device, reason) rows it added to. */
export async function flushDeviceRejections(db: Queryable, metrics: IngestMetrics): Promise<number> {
  if (metrics.byDevice.size === 0) return 0;
  const pending = metrics.byDevice;
  metrics.byDevice = new Map();
  const comIds: string[] = [];
  const reasons: string[] = [];
  const counts: number[] = [];
  const lastAt: Date[] = [];
  const errors: (string | null)[] = [];
  for (const [comId, byReason] of pending)
    for (const [reason, e] of byReason) {
      comIds.push(comId);
      reasons.push(reason);
      counts.push(e.count);
      lastAt.push(e.lastAt);
      errors.push(e.lastError ? e.lastError.slice(0, 500) : null);
    }
  await db.query(
    `insert into device_rejections (com_id, reason, count, last_at, last_error)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[])
     on conflict (com_id, reason) do update set count = device_rejections.count + excluded.count,
       last_at = greatest(device_rejections.last_at, excluded.last_at),
       last_error = coalesce(excluded.last_error, device_rejections.last_error)`,
    [comIds, reasons, counts, lastAt, errors],
  );
  return comIds.length;
}
