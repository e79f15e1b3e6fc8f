/**
 * One ingest batch of a lane, across sites: de-duplication on (com_id, msg_id), alarm engine (in
 * memory, per site, in queue order) — for at most {@link BATCH_WORK_BUDGET_MS} of engine work — then
 * the writes and, after each commit, the live fan-out and the acknowledgements (batch-commit.ts).
 * The jobs left over when the budget is spent are handed back untouched, in order, for the next batch.
 *
 * Alarms first: the sites whose jobs changed alarm or event state (an event, a site status or DC
 * load change) are written in a small transaction of their own ahead of the rest of the batch, and
 * their live messages and acknowledgements go out right after its commit — a raised alarm does not
 * wait for the bulk telemetry write, its encoding and its fan-out. A site's jobs of the batch stay
 * together in one of the two, so what is committed of a site is always a prefix of its messages,
 * and each transaction claims its own message ids: acknowledged still means committed, and a
 * redelivery after a crash between the two is still recognised
 * (docs/decisions/ingest-batches-bounded-by-work.md).
 * Throws when a transaction fails; what the batch committed before is settled and skipped by the
 * pipeline's retry (pipeline.ts).
 */
import { type EngineResult, evaluate } from '../alarms/engine.ts';
import { type BatchPart, type CommitDeps, commitPart, emptyPart } from './batch-commit.ts';
import type { Entry, Lane } from './lane.ts';
import { acceptedMessageIds } from './persist.ts';
import { msgIdOf, toEngineInput } from './site-job.ts';
import type { SiteRuntime, SiteStore } from './site-store.ts';
import { applyToWrites } from './writes.ts';

/**
 * Engine work one batch may take, in milliseconds of the main thread, measured around the evaluation
 * loop (de-duplication, alarm engine). Without it a backlog (after a stall, a restart, a burst) became
 * one batch of `maxBatch` (2,000) messages that held the event loop ~0.5 s — evaluation, statement
 * encoding, then fan-out and PUBACKs — while every other message, an alarm probe included, waited for
 * it (docs/decisions/ingest-batches-bounded-by-work.md). In the ingest profile (bench/results/profile)
 * the alarm engine is ~10 % of the main thread's busy time and the loop around it a little more, so
 * 10 ms of it stands for roughly 70–100 ms of main-thread work per batch, in two stretches (evaluation
 * and encoding; fan-out and PUBACKs after the commit), each under the 100 ms alarm target — a few
 * hundred messages at today's engine cost, enough that one statement per batch stays cheap per message.
 * (20–30 ms was the first guess; the profile puts that at 150–250 ms of main thread per batch.)
 * Tune it with the event-loop delay the benchmark records.
 */
export const BATCH_WORK_BUDGET_MS = 10;

export interface BatchDeps extends CommitDeps {
  store: SiteStore;
  /** Engine work per batch in ms (default {@link BATCH_WORK_BUDGET_MS}). */
  workBudgetMs?: number;
  /** Monotonic ms clock the budget is measured with (default `performance.now`; tests inject one). */
  workClock?: () => number;
}

/**
 * Processes the start of `batch` (see the file comment) and resolves to the entries it did not take
 * (the work budget was spent), in their order; the caller queues them first.
 */
export type ProcessBatch = (lane: Lane, batch: Entry[]) => Promise<Entry[]>;

/** An entry the engine ran on, with its result (null: no engine input) for the write. */
interface Evaluated {
  e: Entry;
  runtime: SiteRuntime;
  result: EngineResult | null;
}

export function createBatchProcessor(deps: BatchDeps): ProcessBatch {
  const { reject } = deps;
  const budgetMs = deps.workBudgetMs ?? BATCH_WORK_BUDGET_MS;
  const workClock = deps.workClock ?? (() => performance.now());

  /** Adds an evaluated job's rows and live-message inputs to a part. */
  function addToPart(part: BatchPart, { e, runtime, result }: Evaluated) {
    const { job } = e;
    const id = msgIdOf(job);
    if (id) part.claims.push(id);
    if ('topic' in job) part.accepted += 1;
    let so = part.perSite.get(e.siteUid);
    if (!so) {
      so = { runtime, statusChanged: false, pinUpdates: [], access: [], oem: [], ackMessages: [] };
      part.perSite.set(e.siteUid, so);
    }
    if (job.kind === 'cmd/ack') part.acks.push({ siteUid: e.siteUid, job });
    // The access-list version the device holds (docs/requirements.md#access-reconcile).
    if (job.kind === 'status' && job.message.online && job.message.access_list_version !== undefined)
      part.listReports.push({ comId: job.comId, version: job.message.access_list_version });
    const { writes } = part;
    const accessBefore = writes.access.length;
    const oemBefore = writes.oem.length;
    applyToWrites(runtime, job, result, writes);
    for (let i = accessBefore; i < writes.access.length; i++) so.access.push(i);
    so.oem.push(...writes.oem.slice(oemBefore));
    if (result) {
      so.statusChanged ||= result.statusChanged || result.dcLoadChanged.length > 0;
      so.pinUpdates.push(...result.pinUpdates);
    }
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
    // De-duplication: within the batch, then against ids accepted before. Optimistic: the write
    // claims the ids and aborts (CLAIMS_CONFLICT) if one was accepted before; then the batch is redone
    // with the ids read first (also for the lane's next batches). Read outside the write: a lane is
    // the only writer of its devices' ids (one ingest process writes: the lease fenced in every write,
    // db/role-lease.ts), and the write claims them atomically.
    const checkFirst = lane.checkFirst > 0;
    if (checkFirst) lane.checkFirst--;
    const known = checkFirst
      ? await acceptedMessageIds(
          deps.pool,
          entries.flatMap((e) => msgIdOf(e.job) ?? []),
        )
      : new Set<string>();
    // The engine, in queue order, until the work budget is spent (at least one job per batch).
    const evaluated: Evaluated[] = [];
    const duplicates: Entry[] = [];
    const claimed = new Set<string>();
    const changedPins = new Set<string>();
    /** Sites with a state transition in this batch: written and published first. */
    const urgent = new Set<string>();
    const started = workClock();
    let taken = 0;
    for (const e of entries) {
      if (taken > 0 && workClock() - started >= budgetMs) break;
      taken += 1;
      const { job } = e;
      const id = msgIdOf(job);
      if (id) {
        const key = `${id.comId}/${id.msgId}`;
        if (known.has(key) || claimed.has(key)) {
          duplicates.push(e);
          continue;
        }
        claimed.add(key);
      }
      const runtime = runtimes.get(e.siteUid) as SiteRuntime;
      const before =
        job.kind === 'pins'
          ? job.message.readings.map((x) => runtime.state.pins.valueOf(job.comId, x.pin))
          : null;
      const input = toEngineInput(job, deps.clock.now());
      const result = input ? evaluate(runtime.site, runtime.state, input) : null;
      if (before && job.kind === 'pins')
        job.message.readings.forEach((x, i) => {
          if (before[i] !== x.value) changedPins.add(`${job.comId}/${x.pin}`);
        });
      if (result && (result.events.length > 0 || result.statusChanged || result.dcLoadChanged.length > 0))
        urgent.add(e.siteUid);
      evaluated.push({ e, runtime, result });
    }
    const batchEntries = entries.slice(0, taken);
    const o = { strictClaims: !checkFirst, changedPins, now };
    const isAlarm = (e: Entry) => urgent.has(e.siteUid);
    const alarmEntries = urgent.size > 0 ? batchEntries.filter(isAlarm) : [];
    const bulkEntries = urgent.size > 0 ? batchEntries.filter((e) => !isAlarm(e)) : batchEntries;
    if (alarmEntries.length > 0) {
      const alarms = partOf(
        evaluated.filter((ev) => isAlarm(ev.e)),
        alarmEntries,
        duplicates.filter(isAlarm),
      );
      // Carries none of the lane's deferred latest values: they go with the bulk.
      await commitPart(deps, lane, alarms, { ...o, withDeferred: false });
    }
    // The bulk is written even without jobs when latest values wait, so a run of alarm-only batches
    // cannot starve them.
    if (bulkEntries.length > 0 || alarmEntries.length === 0 || lane.dirtyCount > 0) {
      // Let the alarm part's PUBACKs (uncorked on the next tick) and live messages (the hub's
      // sockets, uncorked on setImmediate) reach the sockets before the bulk is built and encoded.
      if (alarmEntries.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const bulk = partOf(
        urgent.size > 0 ? evaluated.filter((ev) => !isAlarm(ev.e)) : evaluated,
        bulkEntries,
        urgent.size > 0 ? duplicates.filter((e) => !isAlarm(e)) : duplicates,
      );
      await commitPart(deps, lane, bulk, { ...o, withDeferred: true });
    }
    return entries.slice(taken);
  };

  function partOf(evaluated: Evaluated[], entries: Entry[], duplicates: Entry[]): BatchPart {
    const part = emptyPart();
    for (const ev of evaluated) addToPart(part, ev);
    part.entries = entries;
    part.duplicates = duplicates;
    return part;
  }
}
