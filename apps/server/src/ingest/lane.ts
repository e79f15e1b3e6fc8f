/**
 * A writer lane of the ingest pipeline: its queue of jobs and what it defers between transactions
 * (docs/decisions/ingest-writer-lanes.md, docs/decisions/pin-latest-write-cap.md). Latest pin values
 * go to `pin_latest` at most `cap` rows per transaction, oldest first (the rest wait here and are
 * overlaid when a site is reloaded); a device's `last_seen_at` is refreshed at most every `refreshMs`
 * unless its online flag changes.
 */
import type { DeviceWrite, Reading } from './batch-writes.ts';
import type { SiteJob } from './site-job.ts';
import type { PendingLatest } from './site-store.ts';

/** A queued job with its acknowledgement. */
export interface Entry {
  siteUid: string;
  job: SiteJob;
  done?: () => void;
  /**
   * Settled already — refused before the transaction (site gone) or committed by an earlier
   * transaction of the same batch — so a retry of the batch skips it.
   */
  settled?: boolean;
}

export interface Lane {
  queue: Entry[];
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Latest values not yet in pin_latest: com_id → pin → reading (insertion order = oldest first). */
  dirty: Map<string, Map<string, Reading>>;
  dirtyCount: number;
  /** Batches left that read accepted message ids before writing (after a redelivery was seen). */
  checkFirst: number;
  /** Jobs the last batch took when its work budget ended it (0: it took every job offered). */
  lastCut: number;
  /** What was last written of each device's liveness. */
  seen: Map<string, { online: boolean; at: number }>;
}

export function createLane(): Lane {
  return {
    queue: [],
    running: null,
    timer: null,
    dirty: new Map(),
    dirtyCount: 0,
    checkFirst: 0,
    lastCut: 0,
    seen: new Map(),
  };
}

/**
 * Latest values to write now, up to the cap: this batch's values that changed, then (unless
 * `withDeferred` is false) the oldest deferred ones, then this batch's unchanged values (only their
 * time moved); the rest wait.
 */
export function pickLatest(
  lane: Lane,
  batchLatest: Map<string, Reading>,
  changed: Set<string>,
  latestPerBatch: number,
  withDeferred = true,
): { now: Reading[]; later: Reading[] } {
  const now: Reading[] = [];
  const later: Reading[] = [];
  const unchanged: Reading[] = [];
  for (const [key, r] of batchLatest) {
    if (!changed.has(key)) unchanged.push(r);
    else (now.length < latestPerBatch ? now : later).push(r);
  }
  if (withDeferred && now.length < latestPerBatch) {
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

/** After a commit: forgets the deferred values now written, defers the ones left for later. */
export function settleLatest(lane: Lane, written: Reading[], later: Reading[]): void {
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
export function livenessToWrite(
  lane: Lane,
  devices: Map<string, DeviceWrite>,
  livenessRefreshMs: number,
): Map<string, DeviceWrite> {
  const out = new Map<string, DeviceWrite>();
  for (const [comId, d] of devices) {
    const prev = lane.seen.get(comId);
    const at = d.lastSeenAt?.getTime() ?? null;
    if (
      !prev ||
      prev.online !== d.online ||
      d.firmware !== undefined ||
      d.service !== undefined ||
      at === null ||
      at - prev.at >= livenessRefreshMs
    )
      out.set(comId, d);
  }
  return out;
}

/** After a commit: remembers the device liveness written. */
export function settleLiveness(lane: Lane, written: Map<string, DeviceWrite>): void {
  for (const [comId, d] of written) {
    const prev = lane.seen.get(comId);
    lane.seen.set(comId, { online: d.online, at: d.lastSeenAt?.getTime() ?? prev?.at ?? 0 });
  }
}

/** The latest values of a device still waiting in one of the lanes, if any. */
export function pendingLatestIn(lanes: readonly Lane[], comId: string): PendingLatest[] | undefined {
  for (const lane of lanes) {
    const pins = lane.dirty.get(comId);
    if (pins) return [...pins.values()].map((r) => ({ pinName: r.pinName, value: r.value, ts: r.ts }));
  }
  return undefined;
}
