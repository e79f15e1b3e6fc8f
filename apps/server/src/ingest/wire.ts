/**
 * Starts the ingest role and its periodic jobs from the container (called by composition's
 * startRoles): embedded broker or MQTT_URL, pipeline, command dispatcher, offline detection; and,
 * with the jobs role, hourly and daily rollups (and what late data marked), de-duplication cleanup and command time-outs.
 *
 * One ingest process writes at a time (docs/operations.md "Two ingest processes"): it holds the
 * `ingest` lease (db/role-lease.ts), fenced in every write transaction. A second process on the same
 * database waits as a standby (no broker, no subscription, HTTP ingest answers 503) and starts all of
 * the above when it takes the lease over; a process that loses its lease stops them and waits again.
 */
import { deviceRateLimit } from '@towerwatch/domain';
import type { FocusedSites } from '../bus/bus.ts';
import { runLeasedRole } from '../db/leased-role.ts';
import type { RoleLease } from '../db/role-lease.ts';
import { runOfflineCheck, scheduleOfflineCheck } from '../jobs/offline.ts';
import { pruneIngestMessages, pruneRollups, runHourlyRollups } from '../jobs/rollup.ts';
import type { Kernel } from '../kernel/types.ts';
import { rollupSiteDays } from '../modules/analytics/index.ts';
import { flushDeviceRejections } from './device-rejections.ts';
import type { HttpInbox } from './http-inbox.ts';
import { startIngestRole } from './ingest-role.ts';
import type { IngestMetrics } from './metrics.ts';

/** What the ingest role is started from (the composition root's container provides it). */
export interface IngestContainer extends Kernel {
  readonly ingestMetrics: IngestMetrics;
  /** HTTP ingest hands its messages to this process's pipeline through it. */
  readonly deviceInbox?: HttpInbox;
  /** Every focused site of the deployment, when this process knows them all (composition.ts). */
  readonly focusedSites?: FocusedSites;
}

/** The lease every ingest process of a database competes for. */
const INGEST_LEASE = 'ingest';

/**
 * Starts ingest: active at once when no other process holds the ingest lease, else as a standby
 * (in the background); returns its stop function.
 */
export function startIngest(c: IngestContainer): Promise<() => Promise<void>> {
  return runLeasedRole({
    pool: c.pool,
    name: INGEST_LEASE,
    ttlMs: c.config.leaseTtlS * 1000,
    log: c.log,
    mqttClientId: c.config.mqttUrl ? c.config.mqttSession.clientId : undefined,
    start: (lease) => startActive(c, lease),
  });
}

/** The ingest role of the lease holder; returns its stop function. */
async function startActive(c: IngestContainer, lease: RoleLease): Promise<() => Promise<void>> {
  const role = await startIngestRole({
    pool: c.pool,
    bus: c.bus,
    clock: c.clock,
    log: c.log,
    tokenSecret: c.config.tokenSecret,
    mqttUrl: c.config.mqttUrl,
    mqttPort: c.config.mqttPort,
    // Resume the session the lease names, so a takeover gets what the broker queued for the last holder.
    mqttSession: { ...c.config.mqttSession, clientId: lease.mqttClientId ?? c.config.mqttSession.clientId },
    metrics: c.ingestMetrics,
    deviceRate: deviceRateLimit(c.config.deviceMaxMsgPerS),
    focusedSites: c.focusedSites,
    fence: (tx) => lease.fence(tx),
  });
  c.deviceInbox?.attach(role.pipeline);
  const onError = (err: unknown) => c.log.error({ err }, 'ingest job failed');
  const offlineDeps = {
    db: c.pool,
    pipeline: role.pipeline,
    clock: c.clock,
    offlineMinutes: c.config.deviceOfflineMinutes,
  };
  await runOfflineCheck(offlineDeps).catch(onError);
  const stopOffline = scheduleOfflineCheck({ ...offlineDeps, onError });
  const timers: NodeJS.Timeout[] = [];
  const flushRejections = () => flushDeviceRejections(c.pool, c.ingestMetrics).catch(onError);
  timers.push(setInterval(() => void flushRejections(), 15_000));
  if (c.config.roles.includes('jobs')) {
    const hourly = async () => {
      await runHourlyRollups(c.pool, c.clock, { keepDays: c.config.telemetryRetentionMonths * 31 * 2 });
      await rollupSiteDays(c.pool, c.clock, {
        initialDays: c.config.dailyRollup.backfillDays,
        maxDays: c.config.dailyRollup.daysPerRun,
      });
      await pruneIngestMessages(c.pool, c.clock);
      await pruneRollups(c.pool, c.clock, c.config.telemetryRetentionMonths * 31 * 2);
    };
    void hourly().catch(onError);
    timers.push(setInterval(() => void hourly().catch(onError), 10 * 60_000));
    timers.push(setInterval(() => void role.commands.expire().catch(onError), 15_000));
  }
  for (const t of timers) t.unref();
  return async () => {
    c.deviceInbox?.attach(null);
    stopOffline();
    for (const t of timers) clearInterval(t);
    await role.stop();
    await flushRejections();
  };
}
