/**
 * SQL of the dashboard counts. Alarm states, site properties and DC load states come from the
 * counters of migration 0400 (`alarm_count_deltas`, `site_summary_deltas`: per distinct key, how many
 * sites have it — a few hundred rows for the whole country, read whole and folded into each caller's
 * scope by the service). Offline devices are time-dependent and are read from `alarms` (partial index
 * of raised alarms), scoped in SQL; battery classes are one aggregate (battery-counts.repository.ts).
 */
import type { Queryable } from '../../db/pool.ts';

/** Which sites to count: the caller's scope, optionally one company (operators) and one tenant. */
export interface CountScope {
  companyId?: string;
  tenant?: string;
}

/** Sites of a company with these tenants whose rows of `alarm_id` are available/raised/paused for these tenants. */
export interface AlarmKeyRow {
  company_id: string;
  site_tenants: string[];
  alarm_id: string;
  avail: string[];
  raised: string[];
  paused: string[];
  /** Number of sites with this key. */
  n: number;
}

/** Sites of a company with these tenants, property flags (bits, see migration 0400) and DC load states. */
export interface SiteKeyRow {
  company_id: string;
  tenants: string[];
  flags: number;
  /** 'tenant:STATE' */
  loads: string[];
  n: number;
}

export const SITE_FLAGS = {
  rms: 1,
  rectifier: 2,
  acs: 4,
  sarbs: 8,
  vertiv: 16,
  eltek: 32,
  door: 64,
} as const;

/** A raised device_online alarm (offline device) with its site's company and tenants. */
export interface OfflineRow {
  company_id: string;
  site_tenants: string[];
  tenant: string;
  last_event_at: Date | null;
}

/** The keys with a non-zero sum; the number of delta rows summed and the highest id among them. */
export interface KeyRead<T> {
  rows: T[];
  deltaRows: number;
  maxId: number;
}

/** New delta rows (above an id), the table's row count, and whether a compaction wrote some of them. */
export interface DeltaRead<T> {
  rows: T[];
  total: number;
  maxId: number | null;
  compacted: boolean;
}

function summed<T extends { n: number; d: number; m: number | null }>(all: T[]): KeyRead<Omit<T, 'd' | 'm'>> {
  let deltaRows = 0;
  let maxId = 0;
  const rows: Omit<T, 'd' | 'm'>[] = [];
  for (const { d, m, ...row } of all) {
    deltaRows += d;
    maxId = Math.max(maxId, m ?? 0);
    if (row.n !== 0) rows.push(row);
  }
  return { rows, deltaRows, maxId };
}

function deltas<T extends { total: number; id: number | null; compacted: boolean; n: number }>(
  all: T[],
): DeltaRead<Omit<T, 'total' | 'id' | 'compacted'>> {
  const rows: Omit<T, 'total' | 'id' | 'compacted'>[] = [];
  let maxId: number | null = null;
  let compacted = false;
  for (const { total: _t, id, compacted: c, ...row } of all) {
    if (id === null) continue;
    maxId = id;
    compacted ||= c;
    rows.push(row);
  }
  return { rows, total: all[0]?.total ?? 0, maxId, compacted };
}

export function createCountsRepository(db: Queryable) {
  return {
    /** Every key with its number of sites, and the row count and highest id of the deltas summed. */
    async alarmKeys(): Promise<KeyRead<AlarmKeyRow>> {
      const { rows } = await db.query<AlarmKeyRow & { d: number; m: number | null }>(
        `select company_id, site_tenants, alarm_id, avail, raised, paused, sum(n)::int as n,
                count(*)::int as d, max(id) as m
           from alarm_count_deltas
          group by company_id, site_tenants, alarm_id, avail, raised, paused`,
      );
      return summed(rows);
    },

    /** Delta rows above `afterId`, with the table's row count in the same snapshot. */
    async alarmDeltasSince(afterId: number): Promise<DeltaRead<AlarmKeyRow>> {
      const { rows } = await db.query<AlarmKeyRow & { total: number; id: number | null; compacted: boolean }>(
        `with c as (select count(*)::int as total from alarm_count_deltas)
         select c.total, d.id, d.company_id, d.site_tenants, d.alarm_id, d.avail, d.raised, d.paused, d.n, d.compacted
           from c left join alarm_count_deltas d on d.id > $1 order by d.id`,
        [afterId],
      );
      return deltas(rows);
    },

    async siteKeys(): Promise<KeyRead<SiteKeyRow>> {
      const { rows } = await db.query<SiteKeyRow & { d: number; m: number | null }>(
        `select company_id, tenants, flags, loads, sum(n)::int as n, count(*)::int as d, max(id) as m
           from site_summary_deltas
          group by company_id, tenants, flags, loads`,
      );
      return summed(rows);
    },

    async siteDeltasSince(afterId: number): Promise<DeltaRead<SiteKeyRow>> {
      const { rows } = await db.query<SiteKeyRow & { total: number; id: number | null; compacted: boolean }>(
        `with c as (select count(*)::int as total from site_summary_deltas)
         select c.total, d.id, d.company_id, d.tenants, d.flags, d.loads, d.n, d.compacted
           from c left join site_summary_deltas d on d.id > $1 order by d.id`,
        [afterId],
      );
      return deltas(rows);
    },

    /** Every offline device alarm (available, not normal), with its site's company and tenants. */
    async offlineAlarms(): Promise<OfflineRow[]> {
      const { rows } = await db.query<OfflineRow>(
        `select s.company_id, s.tenants as site_tenants, a.tenant, a.last_event_at
           from alarms a join sites s on s.uid = a.site_uid
          where a.alarm_id = 'device_online' and a.is_available and not a.is_normal`,
      );
      return rows;
    },

    /**
     * Replaces the delta rows this transaction sees by their sums (rows other transactions add
     * meanwhile stay; two compactions never delete the same row twice).
     */
    async compact(): Promise<void> {
      // Rows marked `compacted` (always at least one) tell incremental readers to read every key again.
      await db.query(
        `with d as (delete from alarm_count_deltas returning *)
         insert into alarm_count_deltas (company_id, site_tenants, alarm_id, avail, raised, paused, n, compacted)
         select company_id, site_tenants, alarm_id, avail, raised, paused, sum(n)::int, true from d
          group by company_id, site_tenants, alarm_id, avail, raised, paused having sum(n) <> 0
         union all select '', '{}', '', '{}', '{}', '{}', 0, true`,
      );
      await db.query(
        `with d as (delete from site_summary_deltas returning *)
         insert into site_summary_deltas (company_id, tenants, flags, loads, n, compacted)
         select company_id, tenants, flags, loads, sum(n)::int, true from d
          group by company_id, tenants, flags, loads having sum(n) <> 0
         union all select '', '{}', 0, '{}', 0, true`,
      );
    },
  };
}

export type CountsRepository = ReturnType<typeof createCountsRepository>;
