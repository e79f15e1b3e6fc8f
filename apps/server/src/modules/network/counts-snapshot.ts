/**
 * The dashboard counters read from the database (migration 0400's delta tables) and kept by one
 * process: one read serves every request and every scope that asked before it started; a read
 * fetches only the delta rows added since the previous one (see counts.service.ts).
 */
import type { SiteCounts } from '@towerwatch/domain';
import type {
  AlarmKeyRow,
  CountsRepository,
  DeltaRead,
  KeyRead,
  OfflineRow,
  SiteKeyRow,
} from './counts.repository.ts';

export interface AlarmAgg {
  sites: number;
  raised: number;
  paused: number;
}

export interface SiteAgg extends SiteCounts {
  total_door: number;
}

/** What one scope sees in one snapshot. */
export interface ScopeCounts {
  byAlarm: Map<string, AlarmAgg>;
  offline: { last_event_at: Date | null }[];
  /** DC load states of the scoped sites: 'tenant:STATE' → number of sites. */
  dcLoads: Map<string, number>;
  sites: SiteAgg;
}

export interface Snapshot {
  alarms: AlarmKeyRow[];
  sites: SiteKeyRow[];
  offline: OfflineRow[];
  /** Per scope key: the folded counts (shared by the requests and sockets of that scope). */
  scoped: Map<string, ScopeCounts>;
}

/** One read of the counters at a time, each starting after its callers asked. */
export interface CountsSnapshots {
  snapshot(): Promise<Snapshot>;
}

/** Compaction is worth it when the delta tables hold this many rows more than their distinct keys. */
const COMPACT_SLACK = 2_000;

/** The summed keys of one delta table as this process last read them. */
interface KeyTable<T> {
  keys: Map<string, T>;
  /** Row count and highest id of the delta table at that read. */
  total: number;
  maxId: number;
}

const alarmKeyOf = (r: AlarmKeyRow) =>
  JSON.stringify([r.company_id, r.site_tenants, r.alarm_id, r.avail, r.raised, r.paused]);
const siteKeyOf = (r: SiteKeyRow) => JSON.stringify([r.company_id, r.tenants, r.flags, r.loads]);

function tableOf<T extends { n: number }>(read: KeyRead<T>, keyOf: (r: T) => string): KeyTable<T> {
  return { keys: new Map(read.rows.map((r) => [keyOf(r), r])), total: read.deltaRows, maxId: read.maxId };
}

/**
 * Adds the new delta rows to the keys read before. Exact only when no row below the last id
 * appeared since (a transaction committing late: the row count says so) and no compaction rewrote
 * the table (its rows are marked): otherwise false, and the caller reads every key again.
 */
function applyDeltas<T extends { n: number }>(
  table: KeyTable<T>,
  d: DeltaRead<T>,
  keyOf: (r: T) => string,
): boolean {
  if (d.compacted || d.total !== table.total + d.rows.length) return false;
  for (const row of d.rows) {
    const key = keyOf(row);
    const n = (table.keys.get(key)?.n ?? 0) + row.n;
    if (n === 0) table.keys.delete(key);
    else table.keys.set(key, { ...row, n });
  }
  table.total = d.total;
  table.maxId = d.maxId ?? table.maxId;
  return true;
}

/**
 * The counters of one database as this process last read them. Every caller gets a read that
 * started after it asked; a read applies only the delta rows added since the previous one.
 */
export function createCountsSnapshots(repo: CountsRepository): CountsSnapshots {
  let inflight: Promise<Snapshot> | null = null;
  let queued: Promise<Snapshot> | null = null;
  let compacting = false;
  let last: Snapshot | null = null;
  let alarmTable: KeyTable<AlarmKeyRow> | null = null;
  let siteTable: KeyTable<SiteKeyRow> | null = null;
  const read = async (): Promise<Snapshot> => {
    // Only the delta rows added since the last read (index range on id), applied to the keys read
    // before; every key again after a compaction or a late commit.
    const [a, st] = await Promise.all([
      alarmTable ? repo.alarmDeltasSince(alarmTable.maxId) : null,
      siteTable ? repo.siteDeltasSince(siteTable.maxId) : null,
    ]);
    let changed = !last;
    let offlineChanged = !last;
    if (!alarmTable || !a || !applyDeltas(alarmTable, a, alarmKeyOf)) {
      alarmTable = tableOf(await repo.alarmKeys(), alarmKeyOf);
      changed = true;
      offlineChanged = true;
    } else if (a.rows.length > 0) {
      changed = true;
      // device_online statements always leave a delta row (migration 0400_..._2).
      if (a.rows.some((r) => r.alarm_id === 'device_online')) offlineChanged = true;
    }
    if (!siteTable || !st || !applyDeltas(siteTable, st, siteKeyOf)) {
      siteTable = tableOf(await repo.siteKeys(), siteKeyOf);
      changed = true;
    } else if (st.rows.length > 0) changed = true;
    if (last && !changed) return last;
    const offline = offlineChanged || !last ? await repo.offlineAlarms() : last.offline;
    const slack = alarmTable.total - alarmTable.keys.size + (siteTable.total - siteTable.keys.size);
    if (slack > COMPACT_SLACK && !compacting) {
      compacting = true;
      repo
        .compact()
        .catch(() => undefined)
        .finally(() => {
          compacting = false;
        });
    }
    last = {
      alarms: [...alarmTable.keys.values()],
      sites: [...siteTable.keys.values()],
      offline,
      scoped: new Map(),
    };
    return last;
  };
  const store: CountsSnapshots = {
    // Every caller gets a read that started after it asked: join the queued read if there is one,
    // else start one now (or right after the running one).
    snapshot() {
      if (!inflight) {
        inflight = read().finally(() => {
          inflight = null;
        });
        return inflight;
      }
      if (!queued) {
        const running = inflight;
        queued = running
          .catch(() => undefined)
          .then(() => {
            queued = null;
            return store.snapshot();
          });
      }
      return queued;
    },
  };
  return store;
}
