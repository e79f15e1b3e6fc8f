/**
 * The ingest thread's program (a `worker_threads` Worker started by thread-pipeline.ts): the site
 * store, the pipeline (lanes, batches, alarm engine, writes) and its own connections to PostgreSQL,
 * so their work and their heap are off the main thread, which keeps the broker's sockets, the live
 * hub and the API (docs/decisions/ingest-thread.md). The same core as the in-process and the NATS
 * ingest (ingest-role.ts createIngestCore); its bus events cross to the main thread's bus (protocol.ts
 * TO_THREAD for the other way).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EventBus } from '../../bus/bus.ts';
import { createInProcessBus } from '../../bus/in-process-bus.ts';
import { systemClock } from '../../clock.ts';
import { poolFromSpec } from '../../db/pool.ts';
import { leaseFence } from '../../db/role-lease.ts';
import { createSharedFocus } from '../../live/shared-focus.ts';
import { createLogger } from '../../logger.ts';
import { createIngestCore, followSiteConfig } from '../ingest-role.ts';
import { createIngestMetrics, type RejectReason, takeMetricsDelta } from '../metrics.ts';
import type { FromThread, IngestThreadInit, ToThread } from './protocol.ts';

/**
 * Engine work per batch and writer lanes in the ingest thread (the main thread's are 10 ms and 2): only
 * the pipeline waits on this thread's event loop. With the main thread's, the batches of a loaded
 * 2-core machine stayed small and the thread fell behind at 6,420 msg/s; with 4 lanes of 20 ms it kept
 * up (docs/decisions/ingest-thread.md).
 */
const THREAD_WORK_BUDGET_MS = 20;
const THREAD_LANES = 4;

const port = parentPort;
if (!port) throw new Error('ingest-thread.ts runs as a worker thread only');
const init = workerData as IngestThreadInit;
const post = (m: FromThread) => port.postMessage(m);

const log = createLogger(init.logLevel).child({ thread: 'ingest' });
const pool = poolFromSpec(init.pool, init.poolMax);
// The thread's bus: what it publishes goes to the main thread's bus too (the live hub, the access
// reconcile, dashboard counts); what the main thread sends is delivered here.
const local = createInProcessBus(log);
const bus: EventBus = {
  publish(channel, event) {
    post({ t: 'bus', channel, event });
    local.publish(channel, event);
  },
  subscribe: local.subscribe,
  close: local.close,
};
const focus = init.focusedOnly ? createSharedFocus(bus, { has: () => false }) : undefined;
const metrics = createIngestMetrics();
const lease = init.lease;
const core = createIngestCore({
  pool,
  bus,
  clock: systemClock,
  log,
  metrics,
  deviceRate: init.deviceRate,
  workBudgetMs: THREAD_WORK_BUDGET_MS,
  lanes: THREAD_LANES,
  focusedSites: focus,
  fence: lease ? leaseFence(lease.name, lease.epoch, () => post({ t: 'lease-lost' })) : undefined,
});
const { pipeline } = core;
const offConfig = followSiteConfig(bus, core.store, pipeline, systemClock);
focus?.request();

// What was settled since the last post, sent once the settling code yields (one post per chunk).
const lastCounts = new Map<string, number>();
let settledIds: number[] = [];
let refused: [number, RejectReason][] = [];
let flushQueued = false;
function flushSettled(): void {
  flushQueued = false;
  if (settledIds.length === 0) return;
  post({ t: 'settled', ids: settledIds, refused, metrics: takeMetricsDelta(metrics, lastCounts) });
  settledIds = [];
  refused = [];
}
function settle(id: number, reason?: RejectReason): void {
  settledIds.push(id);
  if (reason) refused.push([id, reason]);
  if (!flushQueued) {
    flushQueued = true;
    queueMicrotask(flushSettled);
  }
}

// Counts that no settled message carried (refusals the broker reported) reach the main thread too.
const metricsTimer = setInterval(() => {
  const delta = takeMetricsDelta(metrics, lastCounts);
  if (delta) post({ t: 'settled', ids: [], refused: [], metrics: delta });
}, 1000);
metricsTimer.unref();

port.on('message', (m: ToThread) => {
  switch (m.t) {
    case 'messages': {
      const bytes = Buffer.from(m.buf);
      let start = 0;
      for (let i = 0; i < m.ids.length; i++) {
        const id = m.ids[i] as number;
        const end = m.ends[i] as number;
        pipeline.handle(
          m.topics[i] as string,
          bytes.subarray(start, end),
          (reason) => settle(id, reason),
          m.rateChecked[i] === 1,
        );
        start = end;
      }
      return;
    }
    case 'job': {
      const id = m.id;
      pipeline.enqueue(m.siteUid, m.job, id === null ? undefined : () => settle(id));
      return;
    }
    case 'reject':
      pipeline.reject(m.reason, m.topic, m.comId, m.error);
      return;
    case 'idle':
      void pipeline.idle().then(() => {
        flushSettled();
        post({ t: 'idle', id: m.id, metrics: takeMetricsDelta(metrics, lastCounts) });
      });
      return;
    case 'stop':
      void (async () => {
        offConfig();
        clearInterval(metricsTimer);
        focus?.stop();
        await pipeline.idle();
        flushSettled();
        await bus.close();
        await pool.end();
        post({ t: 'stopped', id: m.id });
      })();
      return;
    case 'bus':
      local.publish(m.channel, m.event as never);
      return;
  }
});

post({ t: 'ready' });
