/**
 * The ingest pipeline: MQTT payload → decode (contract schemas) → device's site → a writer lane
 * (sites are spread over a few lanes by hash; a lane handles its jobs strictly in order, so a device's
 * and a site's messages keep their order) → one transaction for every job the lane gathered, across
 * sites: de-duplication on (com_id, msg_id), alarm engine (in memory, per site), multi-row writes →
 * after the commit: live fan-out on the bus and the message acknowledgements (`done`). Never throws on
 * bad input: refusals are counted and logged with topic and com_id.
 *
 * Batching: an idle lane waits `windowMs` (5 ms) to gather jobs; while a transaction runs, new jobs
 * queue and go together into the next one (group commit), at most `maxBatch` per transaction and at
 * most `workBudgetMs` of engine work (batch.ts BATCH_WORK_BUDGET_MS): the jobs a batch leaves go
 * back to the head of the queue, in order, for the next one.
 * A failed transaction is retried (nothing acknowledged, site state reloaded) until it commits;
 * only when PostgreSQL rejects the data itself (SQLSTATE class 22/23) or the engine throws are the
 * sites retried one by one and the failing site's jobs counted as failed and dropped.
 *
 * Deferred writes (docs/decisions/pin-latest-write-cap.md): latest pin values go to `pin_latest` at most
 * `latestPerBatch` rows per transaction, oldest first (the rest wait in memory and are overlaid when
 * a site is reloaded); a device's `last_seen_at` is refreshed at most every `livenessRefreshMs`
 * unless its online flag changes.
 *
 * Here: lanes, scheduling, retries, device → site routing. One transaction: batch.ts; a lane's
 * deferred writes: lane.ts; the job type: site-job.ts; refusals: rejections.ts.
 */
import { decodeDevicePayload, parseDeviceTopic } from '@towerwatch/contract';
import { deviceMessageTime } from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { RelayedDeviceRates } from '../broker/device-rates.ts';
import type { EventBus, FocusedSites } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Pool } from '../db/pool.ts';
import { LeaseLostError } from '../db/role-lease.ts';
import { createBatchProcessor } from './batch.ts';
import type { IngestFence } from './batch-commit.ts';
import { createLane, type Entry, type Lane, pendingLatestIn } from './lane.ts';
import type { IngestMetrics, RejectReason } from './metrics.ts';
import { CLAIMS_CONFLICT } from './persist.ts';
import { createRejecter } from './rejections.ts';
import { fenceKeyOf, type SiteJob } from './site-job.ts';
import type { DeviceSite, PendingLatest, SiteStore } from './site-store.ts';

export interface IngestPipelineDeps {
  pool: Pool;
  store: SiteStore;
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  metrics: IngestMetrics;
  /** Most jobs written in one transaction (default 2000). */
  maxBatch?: number;
  /** Engine work per batch in ms (default batch.ts BATCH_WORK_BUDGET_MS). */
  workBudgetMs?: number;
  /** Monotonic ms clock the work budget is measured with (default `performance.now`). */
  workClock?: () => number;
  /** How long an idle lane waits to gather jobs before it writes (default 5 ms). */
  windowMs?: number;
  /** Writer lanes (transactions in flight at once, sites split by hash; default 2). */
  lanes?: number;
  /** Most latest values (`pin_latest` rows) written per transaction (default 1000). */
  latestPerBatch?: number;
  /** A seen device's `last_seen_at` is written at most this often (default 30 s). */
  livenessRefreshMs?: number;
  /**
   * Per-device message rate by device time (the message's own `ts`) and the topic's com_id, for
   * relayed messages (an external broker, HTTP ingest; the embedded broker limits the authenticated
   * device's connection itself): over it, a message of a registered device is refused as
   * `rate_limited`. Omitted: not limited.
   */
  rates?: RelayedDeviceRates;
  /**
   * The ingest lease's fence, first in every write transaction (db/role-lease.ts). When it fails the
   * pipeline stops: nothing more is written or acknowledged (the lease's holder gets them again).
   * A partition lease's (NATS ingest) fails for some com_ids only (`LeaseLostError.only`): their
   * jobs are dropped unacknowledged (the partition's new owner gets them again), the rest is written.
   */
  fence?: IngestFence;
  /**
   * The sites some live socket is focused on, when this process knows every such socket (no shared
   * bus): pin-update messages are then built only for them. Omitted = built for every site.
   */
  focusedSites?: FocusedSites;
}

export interface IngestPipeline {
  /**
   * Takes one MQTT message. Never throws. `done` is called once the message is settled: committed,
   * refused (counted; the reason is passed for `rate_limited` and `unknown_device`) or, for data
   * PostgreSQL rejects, counted as failed — never before the commit. `rateChecked`: the message comes
   * from a device connection the embedded broker already holds to the rate.
   */
  handle(
    topic: string,
    payload: Buffer | string,
    done?: (refused?: RejectReason) => void,
    rateChecked?: boolean,
  ): void;
  /** Queues a job for a site directly (offline checks, settings changes). */
  enqueue(siteUid: string, job: SiteJob, done?: () => void): void;
  /** Resolves when every queued message has been processed and every deferred write is written. */
  idle(): Promise<void>;
  /** Records a refusal (also used by the broker for forbidden topics and bad logins). */
  reject(reason: RejectReason, topic: string, comId: string | null, error?: string): void;
  /** Latest values of a device not written to `pin_latest` yet (the site store overlays them). */
  pendingLatest(comId: string): Iterable<PendingLatest> | undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** PostgreSQL refused the data itself (data exception, constraint violation): retrying cannot help. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
    return code.startsWith('22') || code.startsWith('23');
  // Not a database or network error: the engine or the mapping threw on this data.
  if (typeof code === 'string') return false;
  const message = err instanceof Error ? err.message : String(err);
  return !/connect|terminat|timeout|ECONN|EPIPE|pool/i.test(message);
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function createIngestPipeline(deps: IngestPipelineDeps): IngestPipeline {
  const { metrics, log, rates } = deps;
  const maxBatch = deps.maxBatch ?? 2000;
  const windowMs = deps.windowMs ?? 5;
  const lanes: Lane[] = Array.from({ length: Math.max(1, deps.lanes ?? 2) }, createLane);
  const laneOf = (siteUid: string) => lanes[hashOf(siteUid) % lanes.length] as Lane;
  const deviceChains = new Map<string, Promise<void>>();
  const reject = createRejecter(metrics, log);
  /** The lease was lost (another ingest process writes now): nothing more is written or acknowledged. */
  let fenced = false;
  const processBatch = createBatchProcessor({
    ...deps,
    reject,
    latestPerBatch: deps.latestPerBatch ?? 1000,
    livenessRefreshMs: deps.livenessRefreshMs ?? 30_000,
  });

  function enqueue(siteUid: string, job: SiteJob, done?: () => void): void {
    if (fenced) return;
    const lane = laneOf(siteUid);
    lane.queue.push({ siteUid, job, done });
    schedule(lane);
  }

  function schedule(lane: Lane): void {
    if (lane.running) return;
    if (lane.queue.length >= maxBatch || (lane.queue.length === 0 && lane.dirtyCount > 0)) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
      start(lane);
      return;
    }
    if (!lane.timer && lane.queue.length > 0) {
      lane.timer = setTimeout(() => {
        lane.timer = null;
        start(lane);
      }, windowMs);
    }
  }

  function start(lane: Lane): void {
    if (lane.running) return;
    lane.running = drain(lane).finally(() => {
      lane.running = null;
      if (lane.queue.length > 0 || lane.dirtyCount > 0) schedule(lane);
    });
  }

  async function drain(lane: Lane): Promise<void> {
    // Group commit: whatever queued while the previous transaction ran goes into the next one.
    while (lane.queue.length > 0 || lane.dirtyCount > 0) {
      // After a batch the work budget ended, offer about twice what it took, not `maxBatch`: the
      // jobs offered are loaded and checked before the budget picks from them.
      const offer = lane.lastCut > 0 ? Math.min(maxBatch, 2 * lane.lastCut + 16) : maxBatch;
      const batch = lane.queue.splice(0, offer);
      // What the work budget left goes first into the next batch: the lane's order holds.
      const rest = await processWithRetry(lane, batch);
      lane.lastCut = rest.length > 0 ? batch.length - rest.length : 0;
      if (rest.length > 0) lane.queue.unshift(...rest);
    }
  }

  /** Resolves to the jobs not taken (work budget spent), in order. */
  async function processWithRetry(lane: Lane, jobs: Entry[]): Promise<Entry[]> {
    let batch = jobs;
    for (let attempt = 0; ; attempt++) {
      try {
        const rest = await processBatch(lane, batch);
        if (attempt > 0) log.info({ attempt, jobs: batch.length }, 'ingest batch committed after retry');
        return rest;
      } catch (err) {
        if (err instanceof LeaseLostError && !err.only) return stopFenced(err);
        // The engine already moved these sites' state: reload them before anything else runs.
        const sites = [...new Set(batch.map((e) => e.siteUid))];
        for (const uid of sites) deps.store.invalidate(uid);
        if (err instanceof LeaseLostError && err.only) {
          batch = await dropLost(batch, err.only);
          attempt--;
          continue;
        }
        if ((err as { code?: unknown } | null)?.code === CLAIMS_CONFLICT) {
          // A redelivered message: redo the batch with the duplicate check (and the next few too).
          lane.checkFirst = 50;
          attempt--;
          continue;
        }
        if (isDataError(err)) {
          if (sites.length > 1) {
            log.warn({ err, sites: sites.length }, 'ingest batch refused; retrying site by site');
            // Each site's jobs in order, to the end (every batch takes at least one job).
            for (const uid of sites) {
              let left = batch.filter((e) => e.siteUid === uid);
              while (left.length > 0) left = await processWithRetry(lane, left);
            }
            return [];
          }
          const messages = batch.filter((e) => !e.settled && 'topic' in e.job).length;
          metrics.failed += messages;
          log.error({ err, siteUid: sites[0], jobs: batch.length }, 'ingest: site batch refused; dropped');
          for (const e of batch) if (!e.settled) e.done?.();
          return [];
        }
        const delay = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
        if (attempt === 0 || attempt % 10 === 0)
          log.error({ err, jobs: batch.length, attempt, retryInMs: delay }, 'ingest batch failed; retrying');
        await sleep(delay);
      }
    }
  }

  /**
   * Partitions lost: their jobs are settled without acknowledgement (the partition's new owner
   * receives them again); returns the others, in order.
   */
  async function dropLost(batch: Entry[], lost: ReadonlySet<string>): Promise<Entry[]> {
    const rest: Entry[] = [];
    let dropped = 0;
    for (const e of batch) {
      if (e.settled) continue;
      const comIds =
        'comId' in e.job ? undefined : (await deps.store.get(e.siteUid).catch(() => null))?.site.comIds;
      const key = fenceKeyOf(e.job, comIds);
      if (key !== undefined && lost.has(key)) {
        e.settled = true;
        dropped += 1;
      } else rest.push(e);
    }
    log.warn({ dropped, kept: rest.length }, 'ingest: partitions lost; their jobs are left to the new owner');
    return rest;
  }

  /** Lease lost: drop every queued job unacknowledged (the next holder gets them again). */
  function stopFenced(err: LeaseLostError): Entry[] {
    if (!fenced) {
      fenced = true;
      log.error({ err }, 'ingest: lease lost; this process stops writing (the active process has them)');
      for (const l of lanes) {
        l.queue.length = 0;
        if (l.timer) clearTimeout(l.timer);
        l.timer = null;
        l.dirtyCount = 0;
      }
    }
    return [];
  }

  function route(
    device: DeviceSite | null,
    job: SiteJob & { topic: string; comId: string },
    done: ((refused?: RejectReason) => void) | undefined,
    rateChecked: boolean,
  ) {
    if (fenced) return;
    if (!device?.siteUid) {
      reject(
        'unknown_device',
        job.topic,
        job.comId,
        device ? 'device not bound to a site' : 'unknown com_id',
      );
      done?.('unknown_device');
      return;
    }
    // After the lookup, so only registered devices get a bucket. By device time (domain device-rate.ts).
    if (rates && !rateChecked) {
      const ts = 'message' in job ? (job.message as { ts?: number }).ts : undefined;
      if (rates.admit(job.comId, deviceMessageTime(ts, job.receivedAt.getTime())) !== 'accepted') {
        reject('rate_limited', job.topic, job.comId, 'over the device message rate (device time)');
        done?.('rate_limited');
        return;
      }
    }
    enqueue(device.siteUid, job, done);
  }

  return {
    handle(topic, payload, done, rateChecked = false) {
      if (fenced) return;
      try {
        metrics.received += 1;
        const parsed = parseDeviceTopic(topic);
        if (!parsed || parsed.kind === 'cmd') {
          reject('forbidden_topic', topic, parsed?.comId ?? null, 'not a device → server topic');
          done?.();
          return;
        }
        const decoded = decodeDevicePayload(parsed.kind, payload);
        if (!decoded.ok) {
          reject(decoded.reason, topic, parsed.comId, decoded.error);
          done?.();
          return;
        }
        const receivedAt = deps.clock.now();
        // A `ts` more than the allowed lead ahead of the receive time is stored as the receive time
        // (docs/device-protocol.md §9 "Time"; domain deviceMessageTime).
        const stamped = decoded.message as { ts?: number };
        if (typeof stamped.ts === 'number') stamped.ts = deviceMessageTime(stamped.ts, receivedAt.getTime());
        const job = {
          kind: parsed.kind,
          comId: parsed.comId,
          topic,
          message: decoded.message,
          receivedAt,
        } as SiteJob & { topic: string; comId: string };
        const comId = parsed.comId;
        // Fast path: the device's site is cached and no earlier message of it waits for a lookup.
        if (!deviceChains.has(comId)) {
          const cached = deps.store.cachedSiteOfDevice(comId);
          if (cached !== undefined) {
            route(cached, job, done, rateChecked);
            return;
          }
        }
        // Resolve the device's site in arrival order, then hand the job to the site's lane.
        const prev = deviceChains.get(comId) ?? Promise.resolve();
        const next = prev.then(async () => {
          for (let attempt = 0; ; attempt++) {
            try {
              route(await deps.store.siteOfDevice(comId), job, done, rateChecked);
              return;
            } catch (err) {
              // The database is unreachable: keep the message (not acknowledged) and try again.
              if (attempt === 0) log.error({ err, topic, comId }, 'ingest: device lookup failed; retrying');
              await sleep(Math.min(5000, 200 * 2 ** Math.min(attempt, 5)));
            }
          }
        });
        deviceChains.set(comId, next);
        void next.finally(() => {
          if (deviceChains.get(comId) === next) deviceChains.delete(comId);
        });
      } catch (err) {
        metrics.failed += 1;
        log.error({ err, topic }, 'ingest: message handling failed');
        done?.();
      }
    },
    enqueue,
    async idle() {
      for (;;) {
        const pending = [...deviceChains.values(), ...lanes.flatMap((l) => (l.running ? [l.running] : []))];
        if (pending.length > 0) {
          await Promise.allSettled(pending);
          continue;
        }
        if (lanes.some((l) => l.queue.length > 0 || l.timer !== null || l.dirtyCount > 0)) {
          for (const l of lanes) if (!l.running && (l.queue.length > 0 || l.dirtyCount > 0)) schedule(l);
          await sleep(windowMs);
          continue;
        }
        return;
      }
    },
    reject,
    pendingLatest: (comId) => pendingLatestIn(lanes, comId),
  };
}
