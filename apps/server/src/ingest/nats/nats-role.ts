/**
 * The ingest role of a NATS worker process (NATS_URL; docs/operations.md "Scale-out with NATS
 * JetStream"): the device stream (created when missing), the partitions this worker owns
 * (nats-ingest.ts), the command dispatcher over core NATS (the device's MQTT `cmd` subscription on
 * the NATS server receives it), offline detection for the sites of its partitions, command time-outs.
 * HTTP ingest is not attached (it answers 503): its messages would bypass the partitions.
 */
import { partitionOf, STREAM_SUBJECTS, topicToSubject } from '@towerwatch/contract';
import { hostname } from 'node:os';
import { deviceRateLimit } from '@towerwatch/domain';
import { connect, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import type { NatsConfig } from '../../config.ts';
import { createIngestCore, type IngestCore } from '../ingest-role.ts';
import { type IngestContainer, startIngestJobs } from '../ingest-jobs.ts';
import { startNatsIngest } from './nats-ingest.ts';
import { internalNatsCredentials } from './device-auth.ts';

/** Creates the device stream when it is missing (every worker tries; the same config is idempotent). */
async function ensureDeviceStream(nc: NatsConnection, nats: NatsConfig, log: IngestContainer['log']) {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(nats.stream).catch(() => null);
  if (info) {
    if (info.config.retention !== RetentionPolicy.Workqueue)
      log.error({ stream: nats.stream }, 'nats ingest: the device stream is not a work queue');
    return;
  }
  await jsm.streams.add({
    name: nats.stream,
    subjects: STREAM_SUBJECTS,
    // A message is removed once a worker acknowledged it (after its commit): what is left is the
    // backlog, kept however long the workers are away (up to the server's disk).
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    num_replicas: nats.replicas,
  });
  log.info({ stream: nats.stream, replicas: nats.replicas }, 'nats ingest: device stream created');
}

export async function startNatsIngestRole(
  c: IngestContainer,
  nats: NatsConfig,
): Promise<() => Promise<void>> {
  const nc = await connect({
    servers: nats.servers,
    ...internalNatsCredentials(c.config.tokenSecret),
    name: `towerwatch-ingest-${hostname()}-${process.pid}`,
    maxReconnectAttempts: -1,
  });
  await ensureDeviceStream(nc, nats, c.log);
  let core: IngestCore | null = null;
  const ingest = await startNatsIngest({
    nc,
    pool: c.pool,
    stream: nats.stream,
    partitions: nats.partitions,
    ackWaitMs: nats.ackWaitS * 1000,
    ttlMs: c.config.leaseTtlS * 1000,
    log: c.log,
    createCore: (fence) => {
      core = createIngestCore({
        pool: c.pool,
        bus: c.bus,
        clock: c.clock,
        log: c.log,
        metrics: c.ingestMetrics,
        deviceRate: deviceRateLimit(c.config.deviceMaxMsgPerS),
        focusedSites: c.focusedSites,
        fence,
      });
      return core;
    },
  });
  const started = core as IngestCore | null;
  if (!started) throw new Error('nats ingest: no pipeline');
  const { commands, stop: stopCommands } = await started.startCommands(async (topic, payload) =>
    nc.publish(topicToSubject(topic), payload),
  );
  const stopJobs = await startIngestJobs(c, ingest.pipeline, (comId) =>
    ingest.owner.owned().has(partitionOf(comId, nats.partitions)),
  );
  const expire = setInterval(() => {
    commands.expire().catch((err: unknown) => c.log.error({ err }, 'commands: expiry failed'));
  }, 15_000);
  expire.unref();
  return async () => {
    clearInterval(expire);
    stopCommands();
    await ingest.stop();
    await ingest.pipeline.idle();
    await stopJobs();
    await nc.drain();
  };
}
