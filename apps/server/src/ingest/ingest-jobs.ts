/**
 * The periodic work around an ingest role (ingest/wire.ts, the NATS worker ingest/nats/nats-role.ts,
 * the jobs role): offline detection, refusal counts, rollups.
 */
import type { FocusedSites } from '../bus/bus.ts';
import { type OfflineJobDeps, runOfflineCheck, scheduleOfflineCheck } from '../jobs/offline.ts';
import { pruneIngestMessages, pruneRollups, runHourlyRollups } from '../jobs/rollup.ts';
import { fillRunningTotals } from '../kernel/time-series/index.ts';
import type { Kernel } from '../kernel/types.ts';
import { rollupSiteDays } from '../modules/analytics/index.ts';
import { flushDeviceRejections } from './device-rejections.ts';
import type { HttpInbox } from './http-inbox.ts';
import type { IngestMetrics } from './metrics.ts';

/** What the ingest role is started from (the composition root's container provides it). */
export interface IngestContainer extends Kernel {
  readonly ingestMetrics: IngestMetrics;
  /** HTTP ingest hands its messages to this process's pipeline through it. */
  readonly deviceInbox?: HttpInbox;
  /** Every focused site of the deployment, when this process knows them all (composition.ts). */
  readonly focusedSites?: FocusedSites;
}

export const onIngestJobError = (c: Kernel) => (err: unknown) => c.log.error({ err }, 'ingest job failed');

/**
 * The periodic work of an active ingest process: offline detection (of the sites `owns` says, NATS
 * ingest: its partitions') and the flush of refusal counts; returns the stop function.
 */
export async function startIngestJobs(
  c: IngestContainer,
  pipeline: OfflineJobDeps['pipeline'],
  owns?: (comId: string) => boolean,
): Promise<() => Promise<void>> {
  const offlineDeps = {
    db: c.pool,
    pipeline,
    clock: c.clock,
    offlineMinutes: c.config.deviceOfflineMinutes,
    owns,
  };
  await runOfflineCheck(offlineDeps).catch(onIngestJobError(c));
  const stopOffline = scheduleOfflineCheck({ ...offlineDeps, onError: onIngestJobError(c) });
  const flushRejections = () => flushDeviceRejections(c.pool, c.ingestMetrics).catch(onIngestJobError(c));
  const timer = setInterval(() => void flushRejections(), 15_000);
  timer.unref();
  return async () => {
    stopOffline();
    clearInterval(timer);
    await flushRejections();
  };
}

/**
 * Hourly and daily rollups (and what late data marked), de-duplication cleanup: run by the active
 * ingest process with the jobs role, or (NATS ingest) by the jobs lease holder. Returns the stop
 * function: no run starts after it, and it waits for the run in flight to end its current step
 * (a stopping process ends its pool right after: a run must not outlive it).
 */
export function startRollupJobs(c: Kernel): () => Promise<void> {
  const keepDays = c.config.telemetryRetentionMonths * 31 * 2;
  const steps = [
    () => runHourlyRollups(c.pool, c.clock, { keepDays }),
    // Hourly rows without running totals (of before migration 0910, or written by another writer, e.g.
    // the demo history's seed): a few devices a statement until none is left or the jobs stop.
    () => fillRunningTotals(c.pool, { stop: () => stopped }),
    () =>
      rollupSiteDays(c.pool, c.clock, {
        initialDays: c.config.dailyRollup.backfillDays,
        maxDays: c.config.dailyRollup.daysPerRun,
      }),
    () => pruneIngestMessages(c.pool, c.clock),
    () => pruneRollups(c.pool, c.clock, keepDays),
  ];
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped || running) return;
    running = (async () => {
      for (const step of steps) {
        if (stopped) return;
        await step();
      }
    })()
      .catch((err: unknown) => c.log.error({ err }, 'rollup job failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, 10 * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
