/**
 * The ingest role of a NATS worker process (NATS_URL; docs/operations.md "Scale-out with NATS
 * JetStream"): the MQTT listener's message stream `$MQTT_msgs` (created when missing, as the MQTT
 * listener would), the partitions this worker owns (nats-ingest.ts), the command dispatcher over
 * core NATS (the device's MQTT `cmd` subscription on the NATS server receives it), offline detection
 * for the sites of its partitions, command time-outs, and HTTP ingest (http-inbox.ts: published to
 * the stream where a device's message lands).
 */
import { MQTT_MSGS_STREAM, MQTT_MSGS_SUBJECTS, partitionOf, topicToSubject } from '@towerwatch/contract';
import { hostname } from 'node:os';
import { deviceRateLimit } from '@towerwatch/domain';
import { connect, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import type { NatsConfig } from '../../config.ts';
import { createIngestCore, type IngestCore } from '../ingest-role.ts';
import { type IngestContainer, startIngestJobs } from '../ingest-jobs.ts';
import { startNatsIngest } from './nats-ingest.ts';
import { checkPartitionMapping } from './partition-check.ts';
import { internalNatsCredentials } from './device-auth.ts';

/**
 * Creates `$MQTT_msgs` when the MQTT listener has not yet (it does when the first MQTT client of the
 * account connects) with the listener's own config, so the partition consumers exist before any device
 * publishes. Replicas: NATS_REPLICAS, to match `mqtt { stream_replicas }` of the cluster config.
 */
async function ensureMqttMsgsStream(nc: NatsConnection, nats: NatsConfig, log: IngestContainer['log']) {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(MQTT_MSGS_STREAM).catch(() => null);
  if (!info) {
    await jsm.streams
      .add({
        name: MQTT_MSGS_STREAM,
        subjects: MQTT_MSGS_SUBJECTS,
        retention: RetentionPolicy.Interest,
        storage: StorageType.File,
        num_replicas: nats.replicas,
      })
      .then(() => log.info({ replicas: nats.replicas }, 'nats ingest: $MQTT_msgs stream created'))
      // Created meanwhile by the MQTT listener or another worker.
      .catch(() => jsm.streams.info(MQTT_MSGS_STREAM));
    return;
  }
  const replicas = 1 + (info.cluster?.replicas?.length ?? 0);
  if (info.config.retention !== RetentionPolicy.Interest || replicas !== nats.replicas)
    log.error(
      { retention: info.config.retention, replicas, expected: nats.replicas },
      'nats ingest: $MQTT_msgs is not the interest stream of NATS_REPLICAS replicas it should be',
    );
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
  await checkPartitionMapping(nc, nats.partitions).catch(async (err: unknown) => {
    await nc.close();
    throw err;
  });
  await ensureMqttMsgsStream(nc, nats, c.log);
  let core: IngestCore | null = null;
  const ingest = await startNatsIngest({
    nc,
    pool: c.pool,
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
