/**
 * The ingest pipeline: MQTT payload → decode (contract schemas) → device's site → a writer lane
 * (sites are spread over a few lanes by hash; a lane handles its jobs strictly in order, so a device's
 * and a site's messages keep their order) → one transaction for every job the lane gathered, across
 * sites: de-duplication on (com_id, msg_id), alarm engine (in memory, per site), multi-row writes →
 * after the commit: live fan-out on the bus and the message acknowledgements (`done`). Never throws on
 * bad input: refusals are counted and logged with topic and com_id.
 *
 * Batching: an idle lane waits `windowMs` (5 ms) to gather jobs; while a transaction runs, new jobs
 * queue and go together into the next one (group commit), at most `maxBatch` per transaction.
 * A failed transaction is retried (nothing acknowledged, site state reloaded) until it commits;
 * only when PostgreSQL rejects the data itself (SQLSTATE class 22/23) or the engine throws are the
 * sites retried one by one and the failing site's jobs counted as failed and dropped.
 *
 * Deferred writes (docs/decisions.md "Ingest writer"): latest pin values go to `pin_latest` at most
 * `latestPerBatch` rows per transaction, oldest first (the rest wait in memory and are overlaid when
 * a site is reloaded); a device's `last_seen_at` is refreshed at most every `livenessRefreshMs`
 * unless its online flag changes.
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
import { pinKey } from '../alarms/state.ts';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import { type Pool, withTransaction } from '../db/pool.ts';
import { handleCommandAck } from './commands.ts';
import { pinUpdateEnvelopes, siteEventEnvelope, siteStatusEnvelope } from './live-messages.ts';
import { type IngestMetrics, RECENT_REJECTIONS, type RejectReason } from './metrics.ts';
import {
  acceptedMessageIds,
  type BatchWrites,
  CLAIMS_CONFLICT,
  type DeviceWrite,
  type EventRowOut,
  emptyWrites,
  type Reading,
  writeAll,
} from './persist.ts';
import type { DeviceSite, PendingLatest, SiteRuntime, SiteStore } from './site-store.ts';
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
  /** Most jobs written in one transaction (default 2000). */
  maxBatch?: number;
  /** How long an idle lane waits to gather jobs before it writes (default 5 ms). */
  windowMs?: number;
  /** Writer lanes (transactions in flight at once, sites split by hash; default 2). */
  lanes?: number;
  /** Most latest values (`pin_latest` rows) written per transaction (default 1000). */
  latestPerBatch?: number;
  /** A seen device's `last_seen_at` is written at most this often (default 30 s). */
  livenessRefreshMs?: number;
}

export interface IngestPipeline {
  /**
   * Takes one MQTT message. Never throws. `done` is called once the message is settled: committed,
   * refused (counted) or, for data PostgreSQL rejects, counted as failed — never before the commit.
   */
  handle(topic: string, payload: Buffer | string, done?: () => void): void;
  /** Queues a job for a site directly (offline checks, settings changes). */
  enqueue(siteUid: string, job: SiteJob, done?: () => void): void;
  /** Resolves when every queued message has been processed and every deferred write is written. */
  idle(): Promise<void>;
  /** Records a refusal (also used by the broker for forbidden topics and bad logins). */
  reject(reason: RejectReason, topic: string, comId: string | null, error?: string): void;
  /** Latest values of a device not written to `pin_latest` yet (the site store overlays them). */
  pendingLatest(comId: string): Iterable<PendingLatest> | undefined;
}

interface Entry {
  siteUid: string;
  job: SiteJob;
  done?: () => void;
  /** Refused before the transaction (site gone): not retried with the rest of the batch. */
  settled?: boolean;
}

interface Lane {
  queue: Entry[];
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Latest values not yet in pin_latest: com_id → pin → reading (insertion order = oldest first). */
  dirty: Map<string, Map<string, Reading>>;
  dirtyCount: number;
  /** Batches left that read accepted message ids before writing (after a redelivery was seen). */
  checkFirst: number;
  /** What was last written of each device's liveness. */
  seen: Map<string, { online: boolean; at: number }>;
}

type AckMessage = NonNullable<Awaited<ReturnType<typeof handleCommandAck>>>;

interface SiteOut {
  runtime: SiteRuntime;
  statusChanged: boolean;
  pinUpdates: Parameters<typeof pinUpdateEnvelopes>[2];
  access: number[];
  oem: BatchWrites['oem'];
  ackMessages: AckMessage[];
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
  const { metrics, log } = deps;
  const maxBatch = deps.maxBatch ?? 2000;
  const windowMs = deps.windowMs ?? 5;
  const latestPerBatch = deps.latestPerBatch ?? 1000;
  const livenessRefreshMs = deps.livenessRefreshMs ?? 30_000;
  const lanes: Lane[] = Array.from({ length: Math.max(1, deps.lanes ?? 2) }, () => ({
    queue: [],
    running: null,
    timer: null,
    dirty: new Map(),
    dirtyCount: 0,
    checkFirst: 0,
    seen: new Map(),
  }));
  const laneOf = (siteUid: string) => lanes[hashOf(siteUid) % lanes.length] as Lane;
  const deviceChains = new Map<string, Promise<void>>();

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

  function enqueue(siteUid: string, job: SiteJob, done?: () => void): void {
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
      const batch = lane.queue.splice(0, maxBatch);
      await processWithRetry(lane, batch);
    }
  }

  async function processWithRetry(lane: Lane, batch: Entry[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await processBatch(lane, batch);
        if (attempt > 0) log.info({ attempt, jobs: batch.length }, 'ingest batch committed after retry');
        return;
      } catch (err) {
        // The engine already moved these sites' state: reload them before anything else runs.
        const sites = [...new Set(batch.map((e) => e.siteUid))];
        for (const uid of sites) deps.store.invalidate(uid);
        if ((err as { code?: unknown } | null)?.code === CLAIMS_CONFLICT) {
          // A redelivered message: redo the batch with the duplicate check (and the next few too).
          lane.checkFirst = 50;
          attempt--;
          continue;
        }
        if (isDataError(err)) {
          if (sites.length > 1) {
            log.warn({ err, sites: sites.length }, 'ingest batch refused; retrying site by site');
            for (const uid of sites)
              await processWithRetry(
                lane,
                batch.filter((e) => e.siteUid === uid),
              );
            return;
          }
          const messages = batch.filter((e) => !e.settled && 'topic' in e.job).length;
          metrics.failed += messages;
          log.error({ err, siteUid: sites[0], jobs: batch.length }, 'ingest: site batch refused; dropped');
          for (const e of batch) if (!e.settled) e.done?.();
          return;
        }
        const delay = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
        if (attempt === 0 || attempt % 10 === 0)
          log.error({ err, jobs: batch.length, attempt, retryInMs: delay }, 'ingest batch failed; retrying');
        await sleep(delay);
      }
    }
  }

  /**
   * Latest values to write now, up to the cap: this batch's values that changed, then the oldest
   * deferred ones, then this batch's unchanged values (only their time moved); the rest wait.
   */
  function pickLatest(
    lane: Lane,
    batchLatest: Map<string, Reading>,
    changed: Set<string>,
  ): { now: Reading[]; later: Reading[] } {
    const now: Reading[] = [];
    const later: Reading[] = [];
    const unchanged: Reading[] = [];
    for (const [key, r] of batchLatest) {
      if (!changed.has(key)) unchanged.push(r);
      else (now.length < latestPerBatch ? now : later).push(r);
    }
    if (now.length < latestPerBatch) {
      outer: for (const [comId, pins] of lane.dirty) {
        for (const [pinName, r] of pins) {
          if (now.length >= latestPerBatch) break outer;
          if (!batchLatest.has(`${comId}/${pinName}`)) now.push(r);
        }
      }
    }
    for (const r of unchanged) (now.length < latestPerBatch ? now : later).push(r);
    return { now, later };
  }

  function settleLatest(lane: Lane, written: Reading[], later: Reading[]): void {
    for (const r of written) {
      const pins = lane.dirty.get(r.comId);
      if (!pins) continue;
      const d = pins.get(r.pinName);
      if (d && d.ts.getTime() <= r.ts.getTime()) {
        pins.delete(r.pinName);
        lane.dirtyCount--;
        if (pins.size === 0) lane.dirty.delete(r.comId);
      }
    }
    for (const r of later) {
      let pins = lane.dirty.get(r.comId);
      if (!pins) {
        pins = new Map();
        lane.dirty.set(r.comId, pins);
      }
      if (!pins.has(r.pinName)) lane.dirtyCount++;
      pins.set(r.pinName, r);
    }
  }

  /** Device liveness worth writing: online flag changed, firmware reported, or not refreshed lately. */
  function livenessToWrite(lane: Lane, devices: Map<string, DeviceWrite>): Map<string, DeviceWrite> {
    const out = new Map<string, DeviceWrite>();
    for (const [comId, d] of devices) {
      const prev = lane.seen.get(comId);
      const at = d.lastSeenAt?.getTime() ?? null;
      if (
        !prev ||
        prev.online !== d.online ||
        d.firmware !== undefined ||
        at === null ||
        at - prev.at >= livenessRefreshMs
      )
        out.set(comId, d);
    }
    return out;
  }

  async function processBatch(lane: Lane, batch: Entry[]): Promise<void> {
    const siteUids = [...new Set(batch.filter((e) => !e.settled).map((e) => e.siteUid))];
    const runtimes = siteUids.length > 0 ? await deps.store.getMany(siteUids) : new Map();
    const entries: Entry[] = [];
    for (const e of batch) {
      if (e.settled) continue;
      if (runtimes.get(e.siteUid)) entries.push(e);
      else {
        e.settled = true;
        if ('topic' in e.job) reject('unknown_device', e.job.topic, e.job.comId, 'site not found');
        e.done?.();
      }
    }
    const now = deps.clock.now();
    // De-duplication: within the batch first, then against ids accepted before (read outside the
    // write; a lane is the only writer of its devices' ids, and the write claims them atomically).
    const seen = new Set<string>();
    const claims: { comId: string; msgId: string }[] = [];
    for (const e of entries) {
      const id = msgIdOf(e.job);
      if (id && !seen.has(`${id.comId}/${id.msgId}`)) {
        seen.add(`${id.comId}/${id.msgId}`);
        claims.push(id);
      }
    }
    // Optimistic: the write claims the ids and aborts (CLAIMS_CONFLICT) if one was accepted before;
    // then the batch is redone with the ids read first (also for the lane's next batches).
    const checkFirst = lane.checkFirst > 0;
    if (checkFirst) lane.checkFirst--;
    const known = checkFirst ? await acceptedMessageIds(deps.pool, claims) : new Set<string>();
    const fresh = new Set<string>();
    const toClaim = claims.filter((c) => {
      const key = `${c.comId}/${c.msgId}`;
      if (known.has(key)) return false;
      fresh.add(key);
      return true;
    });
    const writes = emptyWrites();
    const perSite = new Map<string, SiteOut>();
    const duplicates: Entry[] = [];
    let accepted = 0;
    const acks: { siteUid: string; job: Extract<SiteJob, { kind: 'cmd/ack' }> }[] = [];
    const changedPins = new Set<string>();
    for (const e of entries) {
      const { job } = e;
      const id = msgIdOf(job);
      if (id && !fresh.delete(`${id.comId}/${id.msgId}`)) {
        duplicates.push(e);
        continue;
      }
      if ('topic' in job) accepted += 1;
      const runtime = runtimes.get(e.siteUid) as SiteRuntime;
      let so = perSite.get(e.siteUid);
      if (!so) {
        so = { runtime, statusChanged: false, pinUpdates: [], access: [], oem: [], ackMessages: [] };
        perSite.set(e.siteUid, so);
      }
      if (job.kind === 'cmd/ack') acks.push({ siteUid: e.siteUid, job });
      const accessBefore = writes.access.length;
      const oemBefore = writes.oem.length;
      const before =
        job.kind === 'pins'
          ? job.message.readings.map((x) => runtime.state.pins.get(pinKey(job.comId, x.pin))?.value)
          : null;
      const r = applyJob(runtime, job, writes);
      if (before && job.kind === 'pins')
        job.message.readings.forEach((x, i) => {
          if (before[i] !== x.value) changedPins.add(`${job.comId}/${x.pin}`);
        });
      for (let i = accessBefore; i < writes.access.length; i++) so.access.push(i);
      so.oem.push(...writes.oem.slice(oemBefore));
      if (r) {
        so.statusChanged ||= r.statusChanged || r.dcLoadChanged.length > 0;
        so.pinUpdates.push(...r.pinUpdates);
      }
    }
    const devices = livenessToWrite(lane, writes.devices);
    const latest = pickLatest(lane, writes.latest, changedPins);
    const batchWrites = { ...writes, devices };
    // One statement (one round trip, atomic); command acks also update `commands`: one transaction.
    const written =
      acks.length === 0
        ? await writeAll(deps.pool, batchWrites, toClaim, now, latest.now, !checkFirst)
        : await withTransaction(deps.pool, async (tx) => {
            const w = await writeAll(tx, batchWrites, toClaim, now, latest.now, !checkFirst);
            for (const a of acks) {
              const m = await handleCommandAck(tx, a.job.comId, a.job.message, deps.clock.now());
              if (m) perSite.get(a.siteUid)?.ackMessages.push(m);
            }
            return w;
          });
    if (written.claimed !== toClaim.length)
      log.warn(
        { expected: toClaim.length, claimed: written.claimed },
        'ingest: message ids claimed by another writer meanwhile (more than one ingest process?)',
      );
    const out = { writes, devices, written, latest, perSite, duplicates, accepted };
    // Committed: book-keeping, live fan-out (right away, per site in order), then the acknowledgements.
    metrics.batches += 1;
    metrics.accepted += out.accepted;
    for (const e of out.duplicates)
      reject('duplicate', 'topic' in e.job ? e.job.topic : '', msgIdOf(e.job)?.comId ?? null);
    metrics.eventsWritten += out.written.events.length;
    metrics.alarmTransitions += out.writes.alarms.size;
    metrics.readingsStored += out.writes.values;
    settleLatest(lane, out.latest.now, out.latest.later);
    for (const [comId, d] of out.devices) {
      const prev = lane.seen.get(comId);
      lane.seen.set(comId, { online: d.online, at: d.lastSeenAt?.getTime() ?? prev?.at ?? 0 });
    }
    const eventsBySite = new Map<string, typeof out.written.events>();
    for (const row of out.written.events) {
      const list = eventsBySite.get(row.site_uid);
      if (list) list.push(row);
      else eventsBySite.set(row.site_uid, [row]);
    }
    const stateChanged = new Map<string, string[]>();
    for (const [siteUid, so] of out.perSite) {
      const moved = fanOut(so, eventsBySite.get(siteUid) ?? [], out.writes, out.written.accessIds);
      if (moved) {
        const list = stateChanged.get(so.runtime.site.companyId);
        if (list) list.push(siteUid);
        else stateChanged.set(so.runtime.site.companyId, [siteUid]);
      }
    }
    // Dashboard counts: one recount request per company and batch.
    for (const [companyId, uids] of stateChanged)
      deps.bus.publish('site.state-changed', { companyId, siteUids: uids });
    for (const e of entries) e.done?.();
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

  /** Live messages of one site's part of a committed batch; true when its dashboard counts may move. */
  function fanOut(so: SiteOut, events: EventRowOut[], writes: BatchWrites, accessIds: number[]): boolean {
    const { site, state } = so.runtime;
    for (const row of events) deps.bus.publish('live', siteEventEnvelope(site, row));
    if (so.statusChanged) deps.bus.publish('live', siteStatusEnvelope(site, state));
    for (const env of pinUpdateEnvelopes(site, state, so.pinUpdates)) deps.bus.publish('live', env);
    for (const i of so.access) {
      const a = writes.access[i];
      const id = accessIds[i];
      if (a === undefined || id === undefined) continue;
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
    }
    for (const o of so.oem) {
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
    for (const m of so.ackMessages) {
      deps.bus.publish('live', {
        audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null },
        message: m,
      });
    }
    // Dashboard counts read alarms, DC load and battery voltages: recount only when one of them moved.
    const batteryMoved = so.pinUpdates.some((u) => u.configs.some((c) => c.type === 'battery_terminal'));
    return so.statusChanged || batteryMoved;
  }

  function route(
    device: DeviceSite | null,
    job: SiteJob & { topic: string; comId: string },
    done?: () => void,
  ) {
    if (!device?.siteUid) {
      reject(
        'unknown_device',
        job.topic,
        job.comId,
        device ? 'device not bound to a site' : 'unknown com_id',
      );
      done?.();
      return;
    }
    enqueue(device.siteUid, job, done);
  }

  return {
    handle(topic, payload, done) {
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
            route(cached, job, done);
            return;
          }
        }
        // Resolve the device's site in arrival order, then hand the job to the site's lane.
        const prev = deviceChains.get(comId) ?? Promise.resolve();
        const next = prev.then(async () => {
          for (let attempt = 0; ; attempt++) {
            try {
              route(await deps.store.siteOfDevice(comId), job, done);
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
    pendingLatest(comId) {
      for (const lane of lanes) {
        const pins = lane.dirty.get(comId);
        if (pins) return [...pins.values()].map((r) => ({ pinName: r.pinName, value: r.value, ts: r.ts }));
      }
      return undefined;
    },
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
