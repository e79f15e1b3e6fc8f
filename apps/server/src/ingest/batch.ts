/**
 * One ingest transaction: the jobs a lane gathered, across sites — de-duplication on
 * (com_id, msg_id), alarm engine (in memory, per site), one multi-table write — then, once committed,
 * the book-keeping, the live fan-out per site in order, and the acknowledgements (`done`).
 * Throws when the transaction fails; the pipeline retries (pipeline.ts).
 */
import type { Logger } from 'pino';
import { evaluate } from '../alarms/engine.ts';
import { pinKey } from '../alarms/state.ts';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import { type Pool, withTransaction } from '../db/pool.ts';
import { type BatchWrites, emptyWrites } from './batch-writes.ts';
import { handleCommandAck } from './commands.ts';
import { fanOut, type SiteOut } from './fan-out.ts';
import { type Entry, type Lane, livenessToWrite, pickLatest, settleLatest, settleLiveness } from './lane.ts';
import type { IngestMetrics } from './metrics.ts';
import { acceptedMessageIds, writeAll } from './persist.ts';
import type { Reject } from './rejections.ts';
import { msgIdOf, type SiteJob, toEngineInput } from './site-job.ts';
import type { SiteRuntime, SiteStore } from './site-store.ts';
import { applyToWrites } from './writes.ts';

export interface BatchDeps {
  pool: Pool;
  store: SiteStore;
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  metrics: IngestMetrics;
  reject: Reject;
  /** Most latest values (`pin_latest` rows) written per transaction. */
  latestPerBatch: number;
  /** A seen device's `last_seen_at` is written at most this often. */
  livenessRefreshMs: number;
}

/** Processes one batch of a lane in one transaction (see the file comment). */
export type ProcessBatch = (lane: Lane, batch: Entry[]) => Promise<void>;

export function createBatchProcessor(deps: BatchDeps): ProcessBatch {
  const { metrics, log, reject } = deps;

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

  return async function processBatch(lane, batch) {
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
    const listReports: { comId: string; version: number }[] = [];
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
      // The access-list version the device holds (docs/requirements.md#access-reconcile).
      if (job.kind === 'status' && job.message.online && job.message.access_list_version !== undefined)
        listReports.push({ comId: job.comId, version: job.message.access_list_version });
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
    const devices = livenessToWrite(lane, writes.devices, deps.livenessRefreshMs);
    const latest = pickLatest(lane, writes.latest, changedPins, deps.latestPerBatch);
    const batchWrites = { ...writes, devices };
    // One statement (one round trip, atomic); command acks also update `commands`: one transaction.
    const written =
      acks.length === 0
        ? await writeAll(deps.pool, batchWrites, toClaim, now, latest.now, !checkFirst)
        : await withTransaction(deps.pool, async (tx) => {
            const w = await writeAll(tx, batchWrites, toClaim, now, latest.now, !checkFirst);
            for (const a of acks) {
              const m = await handleCommandAck(tx, a.job.comId, a.job.message, deps.clock.now());
              perSite.get(a.siteUid)?.ackMessages.push(...m);
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
    settleLiveness(lane, out.devices);
    const eventsBySite = new Map<string, typeof out.written.events>();
    for (const row of out.written.events) {
      const list = eventsBySite.get(row.site_uid);
      if (list) list.push(row);
      else eventsBySite.set(row.site_uid, [row]);
    }
    const stateChanged = new Map<string, string[]>();
    for (const [siteUid, so] of out.perSite) {
      const moved = fanOut(
        deps.bus,
        so,
        eventsBySite.get(siteUid) ?? [],
        out.writes,
        out.written.accessIds,
        out.written.accessCards,
      );
      if (moved) {
        const list = stateChanged.get(so.runtime.site.companyId);
        if (list) list.push(siteUid);
        else stateChanged.set(so.runtime.site.companyId, [siteUid]);
      }
    }
    // Dashboard counts: one recount request per company and batch.
    for (const [companyId, uids] of stateChanged)
      deps.bus.publish('site.state-changed', { companyId, siteUids: uids });
    for (const r of listReports) deps.bus.publish('device.access-list-reported', r);
    for (const e of entries) e.done?.();
  };
}
