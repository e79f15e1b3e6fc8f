/**
 * The ingest role on NATS JetStream (NATS_URL; docs/operations.md "Scale-out with NATS JetStream",
 * docs/decisions/nats-partitioned-ingest.md). Any number of worker processes share the partitions of
 * the device messages by partition leases in PostgreSQL (db/partition-leases.ts); for each partition
 * it owns, a worker runs one durable pull consumer (explicit ack) and feeds the pipeline in stream
 * order, so a device's messages keep their order; a message is acknowledged only after its commit (or
 * its counted refusal), and the pipeline's every write is fenced at the epochs of the partitions it
 * writes for, so a worker that lost a partition can never commit for it.
 *
 * The stream is the MQTT listener's own `$MQTT_msgs`: the PUBACK of a device's QoS 1 publish waits
 * for its store there (a Raft commit in a cluster; docs/decisions/nats-mqtt-puback-before-stream-store.md).
 * It has **interest retention**: a message is kept while a consumer whose filter matches it has not
 * acknowledged it, and dropped at once when stored if no consumer's filter matches. So every
 * partition always has a consumer: the first worker to start creates them all
 * ({@link ensurePartitionConsumers}), and a new owner creates its consumer before it deletes the
 * previous owner's.
 *
 * On taking a partition (epoch e) the worker reloads that partition's sites and replaces the
 * partition's consumer by a new one (`tw-p{p}-e{e}`, deliver all): it starts at the oldest message
 * of the partition nobody acknowledged — what the previous owner committed but did not acknowledge
 * is recognised by its message id and acknowledged without a second write. A per-epoch name keeps a
 * worker that has not noticed its loss from pulling the new owner's messages.
 */
import { MQTT_MSGS_STREAM, partitionFilter, partitionOf, streamSubjectToTopic } from '@towerwatch/contract';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  JSONCodec,
  nanos,
  type NatsConnection,
} from 'nats';
import type { Pool, Queryable } from '../../db/pool.ts';
import {
  atPartitionEpoch,
  createPartitionOwner,
  insertPartitionRows,
  type PartitionOwner,
  PartitionsLostError,
} from '../../db/partition-leases.ts';
import { LeaseLostError, sleep } from '../../db/role-lease.ts';
import type { IngestFence } from '../batch-commit.ts';
import type { IngestPipeline } from '../pipeline.ts';
import type { SiteStore } from '../site-store.ts';

export interface NatsIngestDeps {
  nc: NatsConnection;
  pool: Pool;
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
/**
 * How long a pull request waits on the server: the client re-pulls after two missed idle heartbeats
 * (half of it each), so a consumer whose leader node died is pulled from its new leader within this.
 */
const PULL_EXPIRES_MS = 5000;
/** How long giving a partition up (rebalancing, shutdown) waits for its messages in flight to settle. */
const DRAIN_MS = 15_000;

/** The partition's consumer at `epoch`; `rewind` > 0 for its replacements after a lost delivery. */
const consumerName = (partition: number, epoch: number, rewind = 0) =>
  `tw-p${partition}-e${epoch}${rewind > 0 ? `-r${rewind}` : ''}`;

/** The fence the pipeline gets: the partition leases of the com_ids it writes for. */
function partitionFence(o: PartitionOwner, partitions: number): IngestFence {
  const byPartition = (comIds: ReadonlySet<string>) => {
    const map = new Map<number, string[]>();
    for (const comId of comIds) {
      const p = partitionOf(comId, partitions);
      const list = map.get(p);
      if (list) list.push(comId);
      else map.set(p, [comId]);
    }
    return map;
  };
  const fence = async (tx: Queryable, comIds: ReadonlySet<string>) => {
    const parts = byPartition(comIds);
    try {
      await o.fence(tx, parts.keys());
    } catch (err) {
      if (!(err instanceof PartitionsLostError)) throw err;
      const only = new Set([...err.partitions].flatMap((p) => parts.get(p) ?? []));
      throw new LeaseLostError(`ingest partitions ${[...err.partitions].join(',')}`, -1, only);
    }
  };
  return Object.assign(fence, {
    rows: (comIds: ReadonlySet<string>) => o.fenceRows(byPartition(comIds).keys()),
  });
}

const consumerConfig = (d: NatsIngestDeps, partition: number, name: string) => ({
  durable_name: name,
  filter_subject: partitionFilter(partition),
  ack_policy: AckPolicy.Explicit,
  // The oldest message of the partition not acknowledged (an interest stream keeps only those).
  deliver_policy: DeliverPolicy.All,
  // In-progress acks extend it while a message waits for its commit.
  ack_wait: nanos(d.ackWaitMs),
  max_ack_pending: MAX_ACK_PENDING,
  // No max_deliver: a message is redelivered until it is committed or refused, never given up.
});

/**
 * Names of the partitions' consumers on the stream, by partition. By the JetStream API's names
 * request (nats.js has none for consumers): a cluster answers it from its assignments, where a full
 * consumer list asks every consumer's leader for its state.
 */
async function consumersByPartition(nc: NatsConnection): Promise<Map<number, string[]>> {
  const byPartition = new Map<number, string[]>();
  const codec = JSONCodec<{ consumers?: string[] | null; total?: number; error?: { description: string } }>();
  for (let offset = 0; ; ) {
    const reply = codec.decode(
      (await nc.request(`$JS.API.CONSUMER.NAMES.${MQTT_MSGS_STREAM}`, JSON.stringify({ offset }))).data,
    );
    if (reply.error) throw new Error(`consumer names of ${MQTT_MSGS_STREAM}: ${reply.error.description}`);
    const names = reply.consumers ?? [];
    for (const name of names) {
      const match = /^tw-p(\d+)-e\d+(-r\d+)?$/.exec(name);
      if (!match) continue;
      const p = Number(match[1]);
      byPartition.set(p, [...(byPartition.get(p) ?? []), name]);
    }
    offset += names.length;
    if (names.length === 0 || offset >= (reply.total ?? 0)) return byPartition;
  }
}

/**
 * Gives every partition without one a consumer (`tw-p{p}-e{current epoch}`, the one its owner uses),
 * before this worker takes any: from then on no device message is dropped for want of interest. Run
 * by every worker at start-up (idempotent: the same name and config is accepted again).
 */
async function ensurePartitionConsumers(d: NatsIngestDeps): Promise<number> {
  const jsm = await d.nc.jetstreamManager();
  await insertPartitionRows(d.pool, d.partitions);
  const existing = await consumersByPartition(d.nc);
  let created = 0;
  for (let p = 0; p < d.partitions; p++) {
    if (existing.has(p)) continue;
    await atPartitionEpoch(d.pool, p, async (epoch) => {
      await jsm.consumers.add(MQTT_MSGS_STREAM, consumerConfig(d, p, consumerName(p, epoch)));
    });
    created++;
  }
  return created;
}

/** Replaces the partition's consumer by `name`: created first, so the partition keeps interest. */
async function replaceConsumer(
  jsm: JetStreamManager,
  d: NatsIngestDeps,
  partition: number,
  name: string,
): Promise<void> {
  await jsm.consumers.add(MQTT_MSGS_STREAM, consumerConfig(d, partition, name));
  // Earlier epochs' consumers: what only they had not acknowledged is still needed by this one.
  const others = (await consumersByPartition(d.nc)).get(partition) ?? [];
  for (const other of others)
    if (other !== name) await jsm.consumers.delete(MQTT_MSGS_STREAM, other).catch(() => false);
}

export async function startNatsIngest(d: NatsIngestDeps): Promise<NatsIngest> {
  const jsm = await d.nc.jetstreamManager();
  const js = d.nc.jetstream();
  const consumed = new Map<number, Consumed>();
  /** Partitions between a lost delivery and their new consumer (rewindPartition). */
  const rewinding = new Set<number>();

  const stopConsuming = (partition: number): Consumed | undefined => {
    rewinding.delete(partition);
    const c = consumed.get(partition);
    if (!c) return undefined;
    consumed.delete(partition);
    c.stopped = true;
    c.messages.stop();
    return c;
  };

  async function consume(partition: number, epoch: number, rewind = 0): Promise<void> {
    stopConsuming(partition);
    // Another worker may have written these sites while this one did not own them.
    if (rewind === 0) store.invalidateDevices((comId) => partitionOf(comId, d.partitions) === partition);
    const name = consumerName(partition, epoch, rewind);
    await replaceConsumer(jsm, d, partition, name);
    const consumer = await js.consumers.get(MQTT_MSGS_STREAM, name);
    const messages = await consumer.consume({ max_messages: PULL_BATCH, expires: PULL_EXPIRES_MS });
    const c: Consumed = { messages, pending: new Set(), stopped: false };
    consumed.set(partition, c);
    let delivered = 0;
    void (async () => {
      for await (const m of messages) {
        if (c.stopped) break;
        if (m.info.deliverySequence !== delivered + 1) {
          // A delivery was lost (e.g. the consumer's leader node died with it in flight): JetStream
          // would redeliver it only after ack_wait, after later messages of its devices. Stop here,
          // let what came before settle, and start over with a new consumer, which begins at the
          // oldest message not acknowledged — in order.
          d.log.warn(
            { partition, consumer: name, expected: delivered + 1, got: m.info.deliverySequence },
            'nats ingest: a delivery was lost; the partition is consumed again from its oldest unacknowledged message',
          );
          void rewindPartition(partition, epoch, rewind + 1, c);
          break;
        }
        delivered = m.info.deliverySequence;
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

  async function rewindPartition(partition: number, epoch: number, rewind: number, c: Consumed) {
    if (consumed.get(partition) !== c) return;
    stopConsuming(partition);
    rewinding.add(partition);
    const deadline = Date.now() + DRAIN_MS;
    while (c.pending.size > 0 && Date.now() < deadline) await sleep(20);
    // Until it works, unless the partition was lost, released or taken again meanwhile.
    while (rewinding.has(partition) && owner.owned().get(partition) === epoch) {
      try {
        await consume(partition, epoch, rewind);
        return;
      } catch (err) {
        d.log.error({ err, partition }, 'nats ingest: could not consume the partition again; retrying');
        // consume() cleared the mark; still this worker's at this epoch: try again.
        if (consumed.has(partition)) return;
        rewinding.add(partition);
        await sleep(1000);
      }
    }
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
  const created = await ensurePartitionConsumers(d);
  if (created > 0) d.log.info({ created }, 'nats ingest: partition consumers created');
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
