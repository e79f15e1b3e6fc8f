/**
 * Device offline detection (issue 4): a device that sent nothing for DEVICE_OFFLINE_MINUTES
 * (default 15) raises device_online (not normal) on its site. The check runs through the site's
 * ingest worker (a `tick` job), so it is ordered with the device's messages; time is the injected clock.
 */
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/pool.ts';
import type { IngestPipeline } from '../ingest/pipeline.ts';

export interface OfflineJobDeps {
  db: Queryable;
  pipeline: Pick<IngestPipeline, 'enqueue' | 'idle'>;
  clock: Clock;
  offlineMinutes: number;
  /**
   * NATS ingest: only the sites whose first device (by com_id) is in a partition this worker owns
   * (ingest/nats/); omitted = every site.
   */
  owns?: (comId: string) => boolean;
}

/** Queues a check for every site with a device silent for the offline time; returns the sites. */
export async function runOfflineCheck(deps: OfflineJobDeps): Promise<string[]> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.offlineMinutes * 60_000);
  const { rows: all } = await deps.db.query<{ site_uid: string; first: string }>(
    `select d.site_uid, (select min(x.com_id) from devices x where x.site_uid = d.site_uid) as first
       from devices d
      where d.online and d.site_uid is not null and d.last_seen_at is not null and d.last_seen_at <= $1
      group by d.site_uid`,
    [cutoff],
  );
  const { owns } = deps;
  const rows = owns ? all.filter((r) => owns(r.first)) : all;
  for (const r of rows) {
    deps.pipeline.enqueue(r.site_uid, { kind: 'tick', receivedAt: now, offlineMinutes: deps.offlineMinutes });
  }
  return rows.map((r) => r.site_uid);
}

/** Runs the check every `intervalMs` (default 60 s); returns the stop function. */
export function scheduleOfflineCheck(
  deps: OfflineJobDeps & { intervalMs?: number; onError(err: unknown): void },
): () => void {
  const timer = setInterval(() => {
    runOfflineCheck(deps).catch(deps.onError);
  }, deps.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
