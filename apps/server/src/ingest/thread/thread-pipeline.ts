/**
 * The ingest pipeline in its own thread, seen from the main thread: starts ingest-thread.ts as a
 * `worker_threads` Worker and answers the {@link IngestPipeline} interface by messages to it
 * (protocol.ts), so the broker, the HTTP inbox and the offline jobs hand it work as they would the
 * pipeline itself (docs/decisions/ingest-thread.md). A message's `done` is called when the thread
 * reports it settled: after its commit, as in process. The thread's bus events are published on
 * `bus`, the channels it follows sent to it; its ingest counters are added to `metrics` as they come.
 *
 * The thread failing (an error it did not catch, an exit) ends the process by default: messages not
 * acknowledged are the broker's or the device's to send again, as after a crash.
 */
import { Worker } from 'node:worker_threads';
import type { DeviceRateLimit } from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { EventBus } from '../../bus/bus.ts';
import type { Config } from '../../config.ts';
import { type Pool, poolSpecOf } from '../../db/pool.ts';
import { applyMetricsDelta, type IngestMetrics, type RejectReason } from '../metrics.ts';
import type { IngestPipeline } from '../pipeline.ts';
import { type FromThread, type IngestThreadInit, TO_THREAD, type ToThread } from './protocol.ts';

export interface IngestThreadOptions {
  /** The main thread's pool: the thread opens its own on the same database and schema. */
  pool: Pool;
  /** Connections of the thread's pool (the pipeline's lanes and site loads). */
  poolMax: number;
  logLevel: Config['logLevel'];
  bus: EventBus;
  metrics: IngestMetrics;
  log: Pick<Logger, 'info' | 'error' | 'fatal'>;
  deviceRate?: DeviceRateLimit;
  /** The ingest lease this process holds (fenced in every write of the thread). */
  lease?: { name: string; epoch: number };
  /** Pin updates only for focused sites (the main thread's live hub publishes them on the bus). */
  focusedOnly: boolean;
  /** The thread failed; default: log and end the process. */
  onFailure?: (err: Error) => void;
}

export interface IngestThread {
  pipeline: IngestPipeline;
  /** Waits for the thread's work, stops it and ends its pool. */
  stop(): Promise<void>;
}

/** The Worker's bootstrap: tsx's loader first, then the TypeScript entry. */
function bootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./ingest-thread.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
}

/** Starts the ingest thread; resolves once its pipeline takes messages. */
export async function startIngestThread(o: IngestThreadOptions): Promise<IngestThread> {
  const init: IngestThreadInit = {
    pool: poolSpecOf(o.pool),
    poolMax: o.poolMax,
    logLevel: o.logLevel,
    deviceRate: o.deviceRate,
    lease: o.lease ?? null,
    focusedOnly: o.focusedOnly,
  };
  const worker = new Worker(bootstrap(), { eval: true, workerData: init });
  const send = (m: ToThread, transfer?: ArrayBuffer[]) => worker.postMessage(m, transfer);
  const offBus = TO_THREAD.map((channel) =>
    o.bus.subscribe(channel, (event) => send({ t: 'bus', channel, event })),
  );

  let nextId = 1;
  const pending = new Map<number, (refused?: RejectReason) => void>();
  const waits = new Map<number, () => void>();
  let stopping = false;
  const onFailure =
    o.onFailure ??
    ((err: Error) => {
      o.log.fatal({ err }, 'ingest thread failed: the process ends (unacknowledged messages come again)');
      process.exit(1);
    });

  // Device messages of one turn of the event loop, posted together.
  let ids: number[] = [];
  let topics: string[] = [];
  let payloads: (Buffer | string)[] = [];
  let rateChecked: number[] = [];
  let size = 0;
  let queued = false;
  function flush(): void {
    queued = false;
    if (ids.length === 0) return;
    // One buffer of its own (never a pooled slab: it is transferred), every payload copied in.
    const buf = Buffer.from(new ArrayBuffer(size));
    const ends: number[] = new Array(ids.length);
    let at = 0;
    for (let i = 0; i < payloads.length; i++) {
      const p = payloads[i] as Buffer | string;
      if (typeof p === 'string') at += buf.write(p, at);
      else {
        buf.set(p, at);
        at += p.byteLength;
      }
      ends[i] = at;
    }
    send({ t: 'messages', ids, topics, ends, buf: buf.buffer, rateChecked }, [buf.buffer]);
    ids = [];
    topics = [];
    payloads = [];
    rateChecked = [];
    size = 0;
  }

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromThread) => {
      switch (m.t) {
        case 'ready':
          resolve();
          return;
        case 'settled': {
          if (m.metrics) applyMetricsDelta(o.metrics, m.metrics);
          const reasons = m.refused.length > 0 ? new Map(m.refused) : null;
          for (const id of m.ids) {
            const done = pending.get(id);
            if (!done) continue;
            pending.delete(id);
            done(reasons?.get(id));
          }
          return;
        }
        case 'idle':
        case 'stopped':
          if (m.t === 'idle' && m.metrics) applyMetricsDelta(o.metrics, m.metrics);
          waits.get(m.id)?.();
          waits.delete(m.id);
          return;
        case 'lease-lost':
          o.log.error('ingest thread: the ingest lease is lost; it writes nothing more');
          return;
        case 'bus':
          o.bus.publish(m.channel, m.event as never);
          return;
      }
    });
    worker.on('error', (err) => {
      reject(err);
      if (!stopping) onFailure(err);
    });
    worker.on('exit', (code) => {
      for (const wake of waits.values()) wake();
      waits.clear();
      const err = new Error(`ingest thread exited with code ${code}`);
      reject(err);
      if (!stopping) onFailure(err);
    });
  });
  await ready;

  const ask = (t: 'idle' | 'stop') => {
    flush();
    const id = nextId++;
    return new Promise<void>((resolve) => {
      waits.set(id, resolve);
      send({ t, id });
    });
  };

  const pipeline: IngestPipeline = {
    handle(topic, payload, done, isRateChecked = false) {
      if (stopping) return;
      const id = nextId++;
      if (done) pending.set(id, done);
      ids.push(id);
      topics.push(topic);
      payloads.push(payload);
      rateChecked.push(isRateChecked ? 1 : 0);
      size += typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
      if (!queued) {
        queued = true;
        setImmediate(flush);
      }
    },
    enqueue(siteUid, job, done) {
      if (stopping) return;
      let id: number | null = null;
      if (done) {
        id = nextId++;
        pending.set(id, done);
      }
      send({ t: 'job', siteUid, job, id });
    },
    reject(reason, topic, comId, error) {
      send({ t: 'reject', reason, topic, comId, error });
    },
    idle: () => ask('idle'),
    // The thread's store overlays its own pending values; nothing is pending in this thread.
    pendingLatest: () => undefined,
  };

  return {
    pipeline,
    async stop() {
      if (stopping) return;
      stopping = true;
      await ask('stop');
      for (const off of offBus) off();
      await worker.terminate();
    },
  };
}
