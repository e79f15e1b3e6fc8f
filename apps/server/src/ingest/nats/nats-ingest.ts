/**
 * The ingest role on NATS JetStream (NATS_URL; docs/operations.md "Scale-out with NATS JetStream",
 * docs/decisions/nats-partitioned-ingest.md). Any number of worker processes share the partitions of
 * the device stream by partition leases in PostgreSQL (db/partition-leases.ts); for each partition it
 * owns, a worker runs one durable pull consumer (explicit ack) and feeds the pipeline in stream order,
 * so a device's messages keep their order; a message is acknowledged only after its commit (or its
 * counted refusal), and the pipeline's every write is fenced at the epochs of the partitions it writes
 * for, so a worker that lost a partition can never commit for it.
 *
 * On taking a partition (epoch e) the worker reloads that partition's sites and replaces the
 * partition's consumer by a new one (`tw-p{p}-e{e}`, deliver all): the stream is a work queue (a
 * message is removed once acknowledged), so the new consumer starts at the oldest message nobody
 * acknowledged — what the previous owner committed but did not acknowledge is recognised by its
 * message id and acknowledged without a second write.
 */
import { partitionFilter, partitionOf, streamSubjectToTopic } from '@towerwatch/contract';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  nanos,
  type NatsConnection,
} from 'nats';
import type { Pool } from '../../db/pool.ts';
import { createPartitionOwner, type PartitionOwner, PartitionsLostError } from '../../db/partition-leases.ts';
import { LeaseLostError, sleep } from '../../db/role-lease.ts';
import type { IngestFence } from '../batch-commit.ts';
import type { IngestPipeline } from '../pipeline.ts';
import type { SiteStore } from '../site-store.ts';

export interface NatsIngestDeps {
  nc: NatsConnection;
  pool: Pool;
  stream: string;
  partitions: number;
  ackWaitMs: number;
  ttlMs: number;
  log: {
    info(o: object, m?: string): void;
    warn(o: object, m?: string): void;
    error(o: object, m?: string): void;
  };
  /** Builds the site store and the pipeline with the partition leases' fence. */
  createCore(fence: IngestFence): { store: SiteStore; pipeline: IngestPipeline };
}

export interface NatsIngest {
  owner: PartitionOwner;
  store: SiteStore;
  pipeline: IngestPipeline;
  /** Messages handed to the pipeline and not acknowledged yet. */
  inFlight(): number;
  stop(): Promise<void>;
}

/** A consumed partition: its message loop and the messages not settled yet. */
interface Consumed {
  messages: { stop(): void };
  pending: Set<JsMsg>;
  stopped: boolean;
}

/** Most messages a partition's consumer has delivered and not had acknowledged (back-pressure). */
const MAX_ACK_PENDING = 1000;
/** Messages a partition's pull requests ask for at once. */
const PULL_BATCH = 200;
/** How long giving a partition up (rebalancing, shutdown) waits for its messages in flight to settle. */
const DRAIN_MS = 15_000;

const consumerName = (partition: number, epoch: number) => `tw-p${partition}-e${epoch}`;

/** The fence the pipeline gets: the partition leases of the com_ids it writes for. */
function partitionFence(o: PartitionOwner, partitions: number): IngestFence {
  return async (tx, comIds) => {
    const byPartition = new Map<number, string[]>();
    for (const comId of comIds) {
      const p = partitionOf(comId, partitions);
      const list = byPartition.get(p);
      if (list) list.push(comId);
      else byPartition.set(p, [comId]);
    }
    try {
      await o.fence(tx, byPartition.keys());
    } catch (err) {
      if (!(err instanceof PartitionsLostError)) throw err;
      const only = new Set([...err.partitions].flatMap((p) => byPartition.get(p) ?? []));
      throw new LeaseLostError(`ingest partitions ${[...err.partitions].join(',')}`, -1, only);
    }
  };
}

/** Replaces the partition's consumer by this epoch's (see the file comment). */
async function replaceConsumer(
  jsm: JetStreamManager,
  d: NatsIngestDeps,
  partition: number,
  epoch: number,
): Promise<void> {
  const config = {
    durable_name: consumerName(partition, epoch),
    filter_subject: partitionFilter(partition),
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(d.ackWaitMs),
    max_ack_pending: MAX_ACK_PENDING,
  };
  if (epoch > 1) await jsm.consumers.delete(d.stream, consumerName(partition, epoch - 1)).catch(() => false);
  try {
    await jsm.consumers.add(d.stream, config);
  } catch {
    // An older epoch's consumer is left (a work queue allows one consumer per subject): remove them all.
    const prefix = `tw-p${partition}-e`;
    for await (const c of jsm.consumers.list(d.stream))
      if (c.name.startsWith(prefix) && c.name !== config.durable_name)
        await jsm.consumers.delete(d.stream, c.name).catch(() => false);
    await jsm.consumers.add(d.stream, config);
  }
}

export async function startNatsIngest(d: NatsIngestDeps): Promise<NatsIngest> {
  const jsm = await d.nc.jetstreamManager();
  const js = d.nc.jetstream();
  const consumed = new Map<number, Consumed>();

  const stopConsuming = (partition: number): Consumed | undefined => {
    const c = consumed.get(partition);
    if (!c) return undefined;
    consumed.delete(partition);
    c.stopped = true;
    c.messages.stop();
    return c;
  };

  async function consume(partition: number, epoch: number): Promise<void> {
    stopConsuming(partition);
    // Another worker may have written these sites while this one did not own them.
    store.invalidateDevices((comId) => partitionOf(comId, d.partitions) === partition);
    await replaceConsumer(jsm, d, partition, epoch);
    const consumer = await js.consumers.get(d.stream, consumerName(partition, epoch));
    const messages = await consumer.consume({ max_messages: PULL_BATCH });
    const c: Consumed = { messages, pending: new Set(), stopped: false };
    consumed.set(partition, c);
    void (async () => {
      for await (const m of messages) {
        if (c.stopped) break;
        const topic = streamSubjectToTopic(m.subject);
        if (!topic) {
          d.log.warn({ subject: m.subject }, 'nats ingest: not a device subject; dropped');
          m.term();
          continue;
        }
        c.pending.add(m);
        // Acknowledged once committed or refused (counted): never before the commit.
        pipeline.handle(topic, Buffer.from(m.data), () => {
          c.pending.delete(m);
          m.ack();
        });
      }
    })().catch((err: unknown) => d.log.error({ err, partition }, 'nats ingest: consumer loop failed'));
  }

  const owner = createPartitionOwner({
    pool: d.pool,
    partitions: d.partitions,
    ttlMs: d.ttlMs,
    log: d.log,
    onTake: consume,
    onLost: (partition) => {
      // Nothing more of it is acknowledged by this worker: the new owner receives it again.
      stopConsuming(partition)?.pending.clear();
    },
    onRelease: async (partition) => {
      const c = stopConsuming(partition);
      const deadline = Date.now() + DRAIN_MS;
      while (c && c.pending.size > 0 && Date.now() < deadline) await sleep(20);
    },
  });
  const { store, pipeline } = d.createCore(partitionFence(owner, d.partitions));
  await owner.start();

  // In-progress acks: a message waiting for a slow commit is not redelivered meanwhile.
  const working = setInterval(
    () => {
      for (const c of consumed.values()) for (const m of c.pending) m.working();
    },
    Math.max(1000, d.ackWaitMs / 3),
  );
  working.unref();

  return {
    owner,
    store,
    pipeline,
    inFlight: () => [...consumed.values()].reduce((n, c) => n + c.pending.size, 0),
    async stop() {
      clearInterval(working);
      await owner.stop();
    },
  };
}
