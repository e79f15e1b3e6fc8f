/**
 * The ingest pipeline: MQTT payload → decode (contract schemas) → device's site → per-site worker
 * (ordered; a device's messages keep their order, all devices of a site share one worker) →
 * de-duplication on (com_id, msg_id) → alarm engine → batched writes in one transaction → live
 * fan-out on the bus. Never throws on bad input: refusals are counted and logged with topic and com_id.
 */
import {
  type DeviceMessageOf,
  type DeviceTopicKind,
  decodeDevicePayload,
  LIVE_EVENTS,
  liveMessage,
  parseDeviceTopic,
} from '@towerwatch/contract';
import type { Logger } from 'pino';
import { type EngineInput, evaluate } from '../alarms/engine.ts';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import { type Pool, withTransaction } from '../db/pool.ts';
import { handleCommandAck } from './commands.ts';
import { pinUpdateEnvelopes, siteEventEnvelope, siteStatusEnvelope } from './live-messages.ts';
import { type IngestMetrics, RECENT_REJECTIONS, type RejectReason } from './metrics.ts';
import { type BatchWrites, claimMessageIds, emptyWrites, writeBatch } from './persist.ts';
import type { SiteRuntime, SiteStore } from './site-store.ts';
import { applyToWrites } from './writes.ts';

/** One unit of work for a site worker. */
export type SiteJob =
  | {
      [K in DeviceTopicKind]: {
        kind: K;
        comId: string;
        topic: string;
        message: DeviceMessageOf<K>;
        receivedAt: Date;
      };
    }[DeviceTopicKind]
  | { kind: 'tick'; receivedAt: Date; offlineMinutes: number }
  | { kind: 'settings'; receivedAt: Date };

export interface IngestPipelineDeps {
  pool: Pool;
  store: SiteStore;
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  metrics: IngestMetrics;
  /** Most jobs written in one transaction (default 200). */
  maxBatch?: number;
}

export interface IngestPipeline {
  /** Takes one MQTT message. Never throws. */
  handle(topic: string, payload: Buffer | string): void;
  /** Queues a job for a site directly (offline checks, settings changes). */
  enqueue(siteUid: string, job: SiteJob): void;
  /** Resolves when every queued message has been processed. */
  idle(): Promise<void>;
  /** Records a refusal (also used by the broker for forbidden topics and bad logins). */
  reject(reason: RejectReason, topic: string, comId: string | null, error?: string): void;
}

export function createIngestPipeline(deps: IngestPipelineDeps): IngestPipeline {
  const { metrics, log } = deps;
  const maxBatch = deps.maxBatch ?? 200;
  const deviceChains = new Map<string, Promise<void>>();
  const workers = new Map<string, { queue: SiteJob[]; running: Promise<void> | null }>();

  const lastLogged = new Map<string, number>();
  const reject = (reason: RejectReason, topic: string, comId: string | null, error?: string) => {
    metrics.rejected[reason] += 1;
    metrics.recent.push({ reason, topic, comId, error: error ?? null });
    if (metrics.recent.length > RECENT_REJECTIONS)
      metrics.recent.splice(0, metrics.recent.length - RECENT_REJECTIONS);
    if (reason === 'duplicate') {
      log.debug({ topic, comId }, 'device message duplicate ignored');
      return;
    }
    // Every refusal is counted; the log keeps one line per device and reason per minute.
    const key = `${reason}/${comId ?? topic}`;
    const now = Date.now();
    if ((lastLogged.get(key) ?? 0) + 60_000 > now) return;
    if (lastLogged.size > 10_000) lastLogged.clear();
    lastLogged.set(key, now);
    log.warn({ topic, comId, reason, error }, 'device message rejected');
  };

  function enqueue(siteUid: string, job: SiteJob): void {
    let w = workers.get(siteUid);
    if (!w) {
      w = { queue: [], running: null };
      workers.set(siteUid, w);
    }
    w.queue.push(job);
    if (!w.running) {
      const worker = w;
      worker.running = drain(siteUid, worker).finally(() => {
        worker.running = null;
        if (worker.queue.length === 0) workers.delete(siteUid);
      });
    }
  }

  async function drain(siteUid: string, w: { queue: SiteJob[] }): Promise<void> {
    while (w.queue.length > 0) {
      const batch = w.queue.splice(0, maxBatch);
      try {
        await processBatch(siteUid, batch);
      } catch (err) {
        metrics.failed += batch.length;
        deps.store.invalidate(siteUid);
        log.error({ err, siteUid, jobs: batch.length }, 'ingest batch failed; site state reloaded');
      }
    }
  }

  async function processBatch(siteUid: string, batch: SiteJob[]): Promise<void> {
    const runtime = await deps.store.get(siteUid);
    if (!runtime) {
      for (const job of batch)
        if ('topic' in job) reject('unknown_device', job.topic, job.comId, 'site not found');
      return;
    }
    metrics.batches += 1;
    const out = await withTransaction(deps.pool, async (tx) => {
      // De-duplication: within the batch first, then against accepted ids in the database.
      const seen = new Set<string>();
      const claims: { comId: string; msgId: string }[] = [];
      for (const job of batch) {
        const id = msgIdOf(job);
        if (id && !seen.has(`${id.comId}/${id.msgId}`)) {
          seen.add(`${id.comId}/${id.msgId}`);
          claims.push(id);
        }
      }
      const fresh = await claimMessageIds(tx, claims, deps.clock.now());
      const writes = emptyWrites(siteUid);
      let statusChanged = false;
      const pinUpdates: Parameters<typeof pinUpdateEnvelopes>[2] = [];
      const acks: Extract<SiteJob, { kind: 'cmd/ack' }>[] = [];
      for (const job of batch) {
        const id = msgIdOf(job);
        if (id) {
          const key = `${id.comId}/${id.msgId}`;
          if (!fresh.delete(key)) {
            reject('duplicate', 'topic' in job ? job.topic : '', id.comId);
            continue;
          }
        }
        if ('topic' in job) metrics.accepted += 1;
        if (job.kind === 'cmd/ack') acks.push(job);
        const r = applyJob(runtime, job, writes);
        if (r) {
          statusChanged ||= r.statusChanged || r.dcLoadChanged.length > 0;
          pinUpdates.push(...r.pinUpdates);
        }
      }
      const written = await writeBatch(tx, writes);
      const ackMessages = [];
      for (const ack of acks) {
        const m = await handleCommandAck(tx, ack.comId, ack.message, deps.clock.now());
        if (m) ackMessages.push(m);
      }
      return { writes, written, statusChanged, pinUpdates, ackMessages };
    });
    metrics.eventsWritten += out.written.events.length;
    metrics.alarmTransitions += out.writes.alarms.size;
    metrics.readingsStored += out.writes.readings.length;
    fanOut(runtime, out.writes, out.written, out.statusChanged, out.pinUpdates);
    for (const m of out.ackMessages) {
      deps.bus.publish('live', {
        audience: { companyId: runtime.site.companyId, siteUid, tenant: null },
        message: m,
      });
    }
  }

  function applyJob(runtime: SiteRuntime, job: SiteJob, writes: BatchWrites) {
    const input = toEngineInput(job, deps.clock.now());
    if (!input) {
      applyToWrites(runtime, job, null, writes);
      return null;
    }
    const result = evaluate(runtime.site, runtime.state, input);
    applyToWrites(runtime, job, result, writes);
    return result;
  }

  function fanOut(
    runtime: SiteRuntime,
    writes: BatchWrites,
    written: Awaited<ReturnType<typeof writeBatch>>,
    statusChanged: boolean,
    pinUpdates: Parameters<typeof pinUpdateEnvelopes>[2],
  ) {
    const { site, state } = runtime;
    for (const row of written.events) deps.bus.publish('live', siteEventEnvelope(site, row));
    if (statusChanged) deps.bus.publish('live', siteStatusEnvelope(site, state));
    for (const env of pinUpdateEnvelopes(site, state, pinUpdates)) deps.bus.publish('live', env);
    writes.access.forEach((a, i) => {
      const id = written.accessIds[i];
      if (id === undefined) return;
      deps.bus.publish('live', {
        audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null },
        message: liveMessage(LIVE_EVENTS.RMS_ACCESS_RECORD, {
          id,
          siteUid: site.siteUid,
          comId: a.comId,
          cardNumber: a.cardNumber,
          granted: a.granted,
          time: a.time.toISOString(),
        }),
      });
    });
    for (const o of writes.oem) {
      deps.bus.publish('live', {
        audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null, focus: true },
        message: liveMessage(LIVE_EVENTS.RECTIFIER_EVENT, {
          siteUid: site.siteUid,
          comId: o.comId,
          kind: o.kind,
          time: o.time.toISOString(),
          data: o.data as Record<string, unknown>,
        }),
      });
    }
    // Dashboard counts read alarms, DC load and battery voltages: recount only when one of them moved.
    const batteryMoved = pinUpdates.some((u) => u.configs.some((c) => c.type === 'battery_terminal'));
    if (statusChanged || batteryMoved) {
      deps.bus.publish('site.state-changed', { companyId: site.companyId, siteUids: [site.siteUid] });
    }
  }

  return {
    handle(topic, payload) {
      try {
        metrics.received += 1;
        const parsed = parseDeviceTopic(topic);
        if (!parsed || parsed.kind === 'cmd') {
          reject('forbidden_topic', topic, parsed?.comId ?? null, 'not a device → server topic');
          return;
        }
        const decoded = decodeDevicePayload(parsed.kind, payload);
        if (!decoded.ok) {
          reject(decoded.reason, topic, parsed.comId, decoded.error);
          return;
        }
        const receivedAt = deps.clock.now();
        const job = {
          kind: parsed.kind,
          comId: parsed.comId,
          topic,
          message: decoded.message,
          receivedAt,
        } as SiteJob;
        // Resolve the device's site in arrival order, then hand the job to the site's worker.
        const prev = deviceChains.get(parsed.comId) ?? Promise.resolve();
        const next = prev
          .then(async () => {
            const device = await deps.store.siteOfDevice(parsed.comId);
            if (!device?.siteUid) {
              reject(
                'unknown_device',
                topic,
                parsed.comId,
                device ? 'device not bound to a site' : 'unknown com_id',
              );
              return;
            }
            enqueue(device.siteUid, job);
          })
          .catch((err: unknown) => {
            metrics.failed += 1;
            log.error({ err, topic, comId: parsed.comId }, 'ingest: device lookup failed');
          });
        deviceChains.set(parsed.comId, next);
        void next.finally(() => {
          if (deviceChains.get(parsed.comId) === next) deviceChains.delete(parsed.comId);
        });
      } catch (err) {
        metrics.failed += 1;
        log.error({ err, topic }, 'ingest: message handling failed');
      }
    },
    enqueue,
    async idle() {
      for (;;) {
        const pending = [...deviceChains.values(), ...[...workers.values()].map((w) => w.running)].filter(
          (p): p is Promise<void> => p !== null,
        );
        if (pending.length === 0) return;
        await Promise.allSettled(pending);
      }
    },
    reject,
  };
}

function msgIdOf(job: SiteJob): { comId: string; msgId: string } | null {
  if (!('topic' in job)) return null;
  const m = job.message as { msg_id?: string };
  return typeof m.msg_id === 'string' ? { comId: job.comId, msgId: m.msg_id } : null;
}

/** The engine input of a job; null for jobs that only mark the device seen (handled as empty pins). */
function toEngineInput(job: SiteJob, now: Date): EngineInput | null {
  switch (job.kind) {
    case 'pins':
      return {
        kind: 'pins',
        comId: job.comId,
        time: new Date(job.message.ts),
        receivedAt: job.receivedAt,
        readings: job.message.readings,
      };
    case 'events':
      return {
        kind: 'event',
        comId: job.comId,
        time: new Date(job.message.ts),
        receivedAt: job.receivedAt,
        event: job.message.event,
        pin: job.message.pin,
        value: job.message.value,
      };
    case 'status':
      return {
        kind: 'status',
        comId: job.comId,
        time: job.message.ts ? new Date(job.message.ts) : job.receivedAt,
        receivedAt: job.receivedAt,
        online: job.message.online,
      };
    case 'access':
    case 'oem':
    case 'cmd/ack':
    case 'cmd':
      // Any message proves the device is alive.
      return {
        kind: 'pins',
        comId: job.comId,
        time: job.receivedAt,
        receivedAt: job.receivedAt,
        readings: [],
      };
    case 'tick':
      return { kind: 'tick', time: now, offlineMinutes: job.offlineMinutes };
    case 'settings':
      return { kind: 'settings', time: now };
  }
}
