/**
 * Writing one part of an ingest batch (batch.ts): the jobs' rows in one statement (one transaction
 * with the `commands` update when it holds command acknowledgements), then, once committed, the
 * book-keeping, the live fan-out per site in order, and the acknowledgements (`done`).
 * Throws when the write fails; nothing of the part is settled then.
 */
import type { Logger } from 'pino';
import type { EventBus, FocusedSites } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import { type Pool, type Queryable, withTransaction } from '../db/pool.ts';
import { FENCE_FAILED, type FenceRows } from '../db/role-lease.ts';
import { type BatchWrites, emptyWrites } from './batch-writes.ts';
import { handleCommandAck } from './commands.ts';
import { fanOut, type SiteOut } from './fan-out.ts';
import { type Entry, type Lane, livenessToWrite, pickLatest, settleLatest, settleLiveness } from './lane.ts';
import type { IngestMetrics } from './metrics.ts';
import { writeAll } from './persist.ts';
import type { Reject } from './rejections.ts';
import { fenceKeyOf, msgIdOf, type SiteJob } from './site-job.ts';

/**
 * The fence of the ingest writes: throws `LeaseLostError` (db/role-lease.ts) when the lease is lost.
 * `rows`: the same check inside the batch's one statement (role-lease.ts FenceRows), when it has one.
 */
export interface IngestFence {
  (tx: Queryable, comIds: ReadonlySet<string>): Promise<void>;
  rows?(comIds: ReadonlySet<string>): FenceRows | undefined;
}

/** The jobs of a batch written in one transaction, and what their evaluation produced. */
export interface BatchPart {
  /** Settled (`done`) once the part commits, in queue order; includes the duplicates. */
  entries: Entry[];
  /** Message ids the part claims (first occurrence of each; duplicates are not claimed). */
  claims: { comId: string; msgId: string }[];
  writes: BatchWrites;
  perSite: Map<string, SiteOut>;
  /** Redelivered messages (id accepted before or earlier in the batch): acknowledged, not written. */
  duplicates: Entry[];
  /** Device messages written (ticks and settings changes are not counted). */
  accepted: number;
  acks: { siteUid: string; job: Extract<SiteJob, { kind: 'cmd/ack' }> }[];
  /** Access-list versions devices reported (docs/requirements.md#access-reconcile). */
  listReports: { comId: string; version: number }[];
}

export function emptyPart(): BatchPart {
  return {
    entries: [],
    claims: [],
    writes: emptyWrites(),
    perSite: new Map(),
    duplicates: [],
    accepted: 0,
    acks: [],
    listReports: [],
  };
}

export interface CommitDeps {
  pool: Pool;
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  metrics: IngestMetrics;
  reject: Reject;
  /** Most latest values (`pin_latest` rows) written per transaction. */
  latestPerBatch: number;
  /** A seen device's `last_seen_at` is written at most this often. */
  livenessRefreshMs: number;
  /** Every focused site of the deployment, when known: pin updates are built only for them. */
  focusedSites?: FocusedSites;
  /**
   * The ingest lease's fence (db/role-lease.ts), or the partition leases' (NATS ingest,
   * db/partition-leases.ts) for the com_ids the transaction writes for: run first in every write
   * transaction, so a process that lost the lease can never commit. Omitted: no lease (tests of other parts).
   */
  fence?: IngestFence;
}

export interface CommitOptions {
  /** Abort on a message id accepted before (the optimistic path; see persist.ts CLAIMS_CONFLICT). */
  strictClaims: boolean;
  /** `${comId}/${pin}` of the latest values whose value (not only time) moved in this batch. */
  changedPins: Set<string>;
  /** Also write the lane's oldest deferred latest values, up to the cap (see lane.ts pickLatest). */
  withDeferred: boolean;
  now: Date;
}

/** The com_ids a part writes for (site jobs: their site's first device). */
function fenceKeys(part: BatchPart): Set<string> {
  const keys = new Set<string>();
  for (const e of part.entries) {
    const key = fenceKeyOf(e.job, part.perSite.get(e.siteUid)?.runtime.site.comIds);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

/** Writes a part and, once committed, publishes its live messages and settles its entries. */
/** Acknowledgements settled per turn of the event loop (see the end of commitPart). */
const ACK_CHUNK = 250;

export async function commitPart(deps: CommitDeps, lane: Lane, part: BatchPart, o: CommitOptions) {
  const { metrics, reject } = deps;
  const devices = livenessToWrite(lane, part.writes.devices, deps.livenessRefreshMs);
  const latest = pickLatest(lane, part.writes.latest, o.changedPins, deps.latestPerBatch, o.withDeferred);
  const batchWrites = { ...part.writes, devices };
  // One statement in autocommit (one round trip, atomic), the lease's fence inside it (a select locking
  // its row at our epoch). Command acks also update `commands`: a transaction, the fence first in it.
  const { fence } = deps;
  const keys = fence ? fenceKeys(part) : undefined;
  const inline = part.acks.length === 0 && keys ? fence?.rows?.(keys) : undefined;
  const written =
    part.acks.length === 0 && (!fence || inline)
      ? await writeAll(deps.pool, batchWrites, part.claims, o.now, latest.now, o.strictClaims, inline).catch(
          async (err: unknown) => {
            // The fence found our epoch gone: nothing was written; the fence itself says what was lost.
            if (fence && keys && (err as { code?: unknown } | null)?.code === FENCE_FAILED)
              await fence(deps.pool, keys);
            throw err;
          },
        )
      : await withTransaction(deps.pool, async (tx) => {
          if (fence && keys) await fence(tx, keys);
          const w = await writeAll(tx, batchWrites, part.claims, o.now, latest.now, o.strictClaims);
          for (const a of part.acks) {
            const m = await handleCommandAck(tx, a.job.comId, a.job.message, deps.clock.now());
            part.perSite.get(a.siteUid)?.ackMessages.push(...m);
          }
          return w;
        });
  if (written.claimed !== part.claims.length)
    deps.log.warn(
      { expected: part.claims.length, claimed: written.claimed },
      'ingest: message ids claimed by another writer meanwhile (more than one ingest process?)',
    );
  // Committed: book-keeping, live fan-out (right away, per site in order), then the acknowledgements.
  metrics.batches += 1;
  metrics.accepted += part.accepted;
  for (const e of part.duplicates)
    reject('duplicate', 'topic' in e.job ? e.job.topic : '', msgIdOf(e.job)?.comId ?? null);
  metrics.eventsWritten += written.events.length;
  metrics.alarmTransitions += part.writes.alarms.size;
  metrics.readingsStored += part.writes.values;
  settleLatest(lane, latest.now, latest.later);
  settleLiveness(lane, devices);
  const eventsBySite = new Map<string, typeof written.events>();
  for (const row of written.events) {
    const list = eventsBySite.get(row.site_uid);
    if (list) list.push(row);
    else eventsBySite.set(row.site_uid, [row]);
  }
  const stateChanged = new Map<string, { siteUids: string[]; battery: boolean }>();
  for (const [siteUid, so] of part.perSite) {
    const moved = fanOut(
      deps.bus,
      so,
      eventsBySite.get(siteUid) ?? [],
      part.writes,
      written.accessIds,
      written.accessCards,
      deps.focusedSites,
    );
    if (moved.status || moved.battery) {
      const company = stateChanged.get(so.runtime.site.companyId);
      if (company) {
        company.siteUids.push(siteUid);
        company.battery ||= moved.battery;
      } else stateChanged.set(so.runtime.site.companyId, { siteUids: [siteUid], battery: moved.battery });
    }
  }
  // Dashboard counts: one recount request per company and part.
  for (const [companyId, { siteUids, battery }] of stateChanged)
    deps.bus.publish('site.state-changed', { companyId, siteUids, ...(battery ? { battery } : {}) });
  for (const r of part.listReports) deps.bus.publish('device.access-list-reported', r);
  // Settled: a retry of the batch (a later part failed) skips them. The acknowledgements (PUBACKs, one
  // socket write per connection) go out ACK_CHUNK at a time with the event loop let through between, so a
  // bulk part's thousands of writes do not hold up what arrived meanwhile (an alarm part's live messages).
  for (let i = 0; i < part.entries.length; i += ACK_CHUNK) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const e of part.entries.slice(i, i + ACK_CHUNK)) {
      e.settled = true;
      e.done?.();
    }
  }
}
