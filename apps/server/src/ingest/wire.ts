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
import { runLeasedRole } from '../db/leased-role.ts';
import type { RoleLease } from '../db/role-lease.ts';
import { type IngestContainer, onIngestJobError, startIngestJobs, startRollupJobs } from './ingest-jobs.ts';
import { startIngestRole } from './ingest-role.ts';
import { startThreadedIngestRole } from './thread/threaded-role.ts';

/** The lease every ingest process of a database competes for. */
const INGEST_LEASE = 'ingest';

/**
 * Starts ingest: active at once when no other process holds the ingest lease, else as a standby
 * (in the background); returns its stop function.
 */
export async function startIngest(c: IngestContainer): Promise<() => Promise<void>> {
  if (c.config.nats) {
    // Scale-out on NATS JetStream: partition leases replace the single-writer lease.
    const { startNatsIngestRole } = await import('./nats/nats-role.ts');
    const { startNatsDeviceIdentity } = await import('./nats/device-identity.ts');
    const stopRole = await startNatsIngestRole(c, c.config.nats);
    // Device logins nats-server refused are counted; the devices' last wills reach the stream.
    const stopIdentity = await startNatsDeviceIdentity(c, c.config.nats);
    return async () => {
      await stopIdentity();
      await stopRole();
    };
  }
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
  const deps = {
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
  };
  // The pipeline in its own thread (docs/decisions/ingest-thread.md), fenced with the same lease.
  const role = c.config.ingestThread
    ? await startThreadedIngestRole({
        ...deps,
        logLevel: c.config.logLevel,
        poolMax: c.config.dbPoolMax,
        lease: { name: lease.name, epoch: lease.epoch },
      })
    : await startIngestRole({ ...deps, fence: lease.fence });
  c.deviceInbox?.attach(role.pipeline);
  const stopJobs = await startIngestJobs(c, role.pipeline);
  const timers: NodeJS.Timeout[] = [];
  const stopRollups = c.config.roles.includes('jobs') ? startRollupJobs(c) : null;
  if (stopRollups)
    timers.push(setInterval(() => void role.commands.expire().catch(onIngestJobError(c)), 15_000));
  for (const t of timers) t.unref();
  return async () => {
    c.deviceInbox?.attach(null);
    for (const t of timers) clearInterval(t);
    await stopRollups?.();
    await role.stop();
    c.deviceInbox?.release();
    await stopJobs();
  };
}
