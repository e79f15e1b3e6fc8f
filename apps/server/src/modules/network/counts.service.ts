/**
 * Dashboard counts from real state (platform-core §3 "Dashboard counts", §7): every count is a
 * number of the caller's sites, from `alarms` (raised = available, not normal, not paused — domain
 * `isAlarmRaised`), `dc_load_state`, pin configs and `pin_latest`. Offline buckets and the DC load
 * count use the domain rules (`countOfflineBuckets`, `countDcLoad`).
 *
 * At national scale (50,000 sites) the counts are not aggregated from those tables per request:
 * - alarm states, site properties and DC load states are read as counters kept by database triggers
 *   (migration 0400): a few hundred (company, site tenants, state) keys with their number of sites,
 *   folded here into the caller's scope (company, allowed tenants, power rows as the first operator
 *   tenant — the same rules as `siteScope`/`tenantScope`/`tenantNarrowing` in SQL);
 * - one read of those counters (and of the offline devices) serves every request and every scope
 *   that asked before it started (`CountsStore.snapshot`, shared by the API and the live hub of a
 *   process). A read always starts after the request arrived, so a count never predates a change
 *   committed before the request: the counts stay exact. A read fetches only the delta rows added
 *   since the previous one (ids above the last, with the table's row count in the same statement)
 *   and adds them to the keys it holds; it reads every key again when a compaction rewrote the
 *   table or a row below the last id committed late (the row count tells). Nothing new: the previous
 *   snapshot and the scopes folded from it are reused;
 * - battery classes depend on every battery reading (`pin_latest`, written by each device message),
 *   so they are computed per scope (company + allowed tenants + filters) and kept
 *   {@link BATTERY_FRESH_MS}; an older value is answered while a refresh runs (at most
 *   {@link BATTERY_STALE_MS}).
 */
import type { DashboardCountQuery, DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import {
  batteryClass,
  countDcLoad,
  countOfflineBuckets,
  emptySiteCounts,
  FIRST_OPERATOR_TENANT,
  isDcLoadState,
  isPowerAlarm,
  type SiteCounts,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import { isAlarmTenantVisible } from '../../auth/scope.ts';
import type { Clock } from '../../clock.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import { assertTenantsAllowed, ownerFilter } from '../site/site-scope.ts';
import {
  type AlarmKeyRow,
  type CountScope,
  type CountsRepository,
  type DeltaRead,
  type KeyRead,
  type OfflineRow,
  SITE_FLAGS,
  type SiteKeyRow,
} from './counts.repository.ts';

export interface CountsDeps {
  counts: CountsRepository;
  sites: SiteRepository;
  clock: Clock;
}

/** Battery classes younger than this are answered as they are. */
export const BATTERY_FRESH_MS = 10_000;
/** Battery classes up to this age are answered while a refresh runs; older ones are recomputed first. */
export const BATTERY_STALE_MS = 120_000;

interface AlarmAgg {
  sites: number;
  raised: number;
  paused: number;
}

interface SiteAgg extends SiteCounts {
  total_door: number;
}

/** What one scope sees in one snapshot. */
interface ScopeCounts {
  byAlarm: Map<string, AlarmAgg>;
  offline: { last_event_at: Date | null }[];
  /** DC load states of the scoped sites: 'tenant:STATE' → number of sites. */
  dcLoads: Map<string, number>;
  sites: SiteAgg;
}

interface Snapshot {
  alarms: AlarmKeyRow[];
  sites: SiteKeyRow[];
  offline: OfflineRow[];
  /** Per scope key: the folded counts (shared by the requests and sockets of that scope). */
  scoped: Map<string, ScopeCounts>;
}

type Battery = StatusCountsReply['battery'];

/** Shared state of the counts of one database (one per process and pool). */
interface CountsStore {
  snapshot(): Promise<Snapshot>;
  battery: Map<string, { at: number; value: Battery; refreshing: Promise<Battery> | null }>;
}

const stores = new WeakMap<CountsRepository, CountsStore>();

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

function storeOf(repo: CountsRepository): CountsStore {
  const known = stores.get(repo);
  if (known) return known;
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
  const store: CountsStore = {
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
    battery: new Map(),
  };
  stores.set(repo, store);
  return store;
}

/** Same scope, same counts: company, allowed tenants and the query's filters. */
function scopeKey(caller: Caller, scope: CountScope): string {
  const who = caller.isOperator ? '*' : (caller.companyId ?? '-');
  return `${who}|${[...caller.allowedTenants].sort().join(',')}|${scope.companyId ?? ''}|${scope.tenant ?? ''}`;
}

/** `siteScope` + the company and tenant filters, on a key's company and site tenants. */
function siteVisible(caller: Caller, scope: CountScope, companyId: string, siteTenants: string[]): boolean {
  if (!caller.isOperator) {
    if (!caller.companyId || companyId !== caller.companyId) return false;
    if (siteTenants.length > 0 && !siteTenants.some((t) => caller.allowedTenants.includes(t))) return false;
  }
  if (scope.companyId && companyId !== scope.companyId) return false;
  if (scope.tenant && !siteTenants.includes(scope.tenant)) return false;
  return true;
}

/** `tenantScope` and, with a tenant filter, `tenantNarrowing` of an alarm row's tenant. */
function alarmTenantVisible(caller: Caller, scope: CountScope, tenant: string, alarmId: string): boolean {
  if (!isAlarmTenantVisible(caller, tenant, alarmId)) return false;
  if (!scope.tenant || tenant === scope.tenant) return true;
  return tenant === '' && (scope.tenant === FIRST_OPERATOR_TENANT || !isPowerAlarm(alarmId));
}

function fold(snap: Snapshot, caller: Caller, scope: CountScope): ScopeCounts {
  const key = scopeKey(caller, scope);
  const known = snap.scoped.get(key);
  if (known) return known;
  const byAlarm = new Map<string, AlarmAgg>();
  for (const k of snap.alarms) {
    if (!siteVisible(caller, scope, k.company_id, k.site_tenants)) continue;
    const vis = (t: string) => alarmTenantVisible(caller, scope, t, k.alarm_id);
    if (!k.avail.some(vis)) continue;
    let agg = byAlarm.get(k.alarm_id);
    if (!agg) {
      agg = { sites: 0, raised: 0, paused: 0 };
      byAlarm.set(k.alarm_id, agg);
    }
    agg.sites += k.n;
    if (k.raised.some(vis)) agg.raised += k.n;
    agg.paused += k.n * k.paused.filter(vis).length;
  }
  const offline = snap.offline
    .filter(
      (o) =>
        siteVisible(caller, scope, o.company_id, o.site_tenants) &&
        isAlarmTenantVisible(caller, o.tenant, 'device_online'),
    )
    .map((o) => ({ last_event_at: o.last_event_at }));
  const sites: SiteAgg = { ...emptySiteCounts(), total_door: 0 };
  const dcLoads = new Map<string, number>();
  for (const k of snap.sites) {
    if (!siteVisible(caller, scope, k.company_id, k.tenants)) continue;
    sites.total += k.n;
    const has = (bit: number) => ((k.flags & bit) !== 0 ? k.n : 0);
    sites.rms += has(SITE_FLAGS.rms);
    sites.rectifier += has(SITE_FLAGS.rectifier);
    sites.acs += has(SITE_FLAGS.acs);
    sites.sarbs += has(SITE_FLAGS.sarbs);
    sites.vertiv += has(SITE_FLAGS.vertiv);
    sites.eltek += has(SITE_FLAGS.eltek);
    sites.total_door += has(SITE_FLAGS.door);
    for (const load of k.loads) dcLoads.set(load, (dcLoads.get(load) ?? 0) + k.n);
  }
  const counts = { byAlarm, offline, dcLoads, sites };
  snap.scoped.set(key, counts);
  return counts;
}

export function createCountsService(deps: CountsDeps) {
  const store = storeOf(deps.counts);

  async function scopeOf(caller: Caller, q: DashboardCountQuery): Promise<CountScope> {
    assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
    const owner = await ownerFilter(deps.sites, caller, q.user_uid);
    return { ...owner, tenant: q.tenant };
  }

  function alarmCounts(c: ScopeCounts) {
    const raised = (id: string) => c.byAlarm.get(id)?.raised ?? 0;
    const normal = (id: string) => (c.byAlarm.get(id)?.sites ?? 0) - raised(id);
    const buckets = countOfflineBuckets(
      c.offline.map((o) => ({
        id: 'device_online',
        isAvailable: true,
        isNormal: false,
        isDisable: false,
        lastEvent: o.last_event_at,
      })),
      deps.clock.now(),
    );
    let paused = 0;
    const byAlarm: Record<string, number> = {};
    for (const [id, a] of c.byAlarm) {
      paused += a.paused;
      if (a.raised > 0) byAlarm[id] = a.raised;
    }
    const alarm = { byAlarm, paused, deviceOffline: { ...buckets, total: c.offline.length } };
    return { raised, normal, alarm };
  }

  function dcLoad(caller: Caller, scope: CountScope, c: ScopeCounts) {
    const tenants = scope.tenant ? [scope.tenant] : caller.allowedTenants;
    // The domain rule per distinct (tenant, state), weighted by its number of sites.
    const load = countDcLoad([], tenants, FIRST_OPERATOR_TENANT);
    for (const [key, n] of c.dcLoads) {
      const at = key.lastIndexOf(':');
      const value = key.slice(at + 1);
      if (!isDcLoadState(value)) continue;
      const one = countDcLoad([{ tenant: key.slice(0, at), value }], tenants, FIRST_OPERATOR_TENANT);
      for (const s of ['DOWN', 'NORMAL', 'OVER'] as const) {
        load.total[s] += one.total[s] * n;
        for (const [tenant, row] of Object.entries(one.byTenant)) {
          const into = load.byTenant[tenant];
          if (into) into[s] += row[s] * n;
        }
      }
    }
    return {
      no_load: load.total.DOWN,
      normal_load: load.total.NORMAL,
      over_load: load.total.OVER,
      loadCount: { ...load.byTenant, total: load.total },
    };
  }

  async function computeBattery(caller: Caller, scope: CountScope): Promise<Battery> {
    const volts = await deps.counts.batteryVoltages(caller, scope);
    const battery = { full: 0, good: 0, ok: 0, bad: 0 };
    for (const v of volts)
      battery[batteryClass(v.volts, parseSiteAlarmSettings(v.settings).thresholds.dcLowVoltage)] += 1;
    return battery;
  }

  async function battery(caller: Caller, scope: CountScope): Promise<Battery> {
    const key = scopeKey(caller, scope);
    const now = Date.now();
    const known = store.battery.get(key);
    const refresh = () => {
      const entry = store.battery.get(key);
      if (entry?.refreshing) return entry.refreshing;
      const refreshing = computeBattery(caller, scope).then(
        (value) => {
          store.battery.set(key, { at: Date.now(), value, refreshing: null });
          return value;
        },
        (err: unknown) => {
          const current = store.battery.get(key);
          if (current) current.refreshing = null;
          throw err;
        },
      );
      if (entry) entry.refreshing = refreshing;
      else store.battery.set(key, { at: 0, value: { full: 0, good: 0, ok: 0, bad: 0 }, refreshing });
      return refreshing;
    };
    if (known && known.at > 0 && now - known.at <= BATTERY_FRESH_MS) return known.value;
    if (known && known.at > 0 && now - known.at <= BATTERY_STALE_MS) {
      refresh().catch(() => undefined);
      return known.value;
    }
    return refresh();
  }

  return {
    async statusCounts(caller: Caller, q: DashboardCountQuery): Promise<StatusCountsReply> {
      const scope = await scopeOf(caller, q);
      const [snap, batteryCounts] = await Promise.all([store.snapshot(), battery(caller, scope)]);
      const c = fold(snap, caller, scope);
      const { raised, normal, alarm } = alarmCounts(c);
      return {
        power: {
          mains_on: normal('mains_fail'),
          mains_off: raised('mains_fail'),
          dc_low: raised('dc_low_voltage'),
          dg_power: raised('dg_on'),
          pg_power: raised('pg_on'),
          site_down: raised('site_down'),
          site_on_battery: raised('site_on_battery'),
        },
        dcPower: dcLoad(caller, scope, c),
        alarm,
        access: {
          total_door: c.sites.total_door,
          door_open: raised('door_status'),
          lock_open: raised('lock_status'),
          lock_open_fail: raised('lock_open_fail'),
          lock_close_fail: raised('lock_close_fail'),
          security_breach: raised('security_breach'),
          vibration: raised('vibration'),
        },
        dg: { on: raised('dg_on'), off: normal('dg_on') },
        mains: { on: normal('mains_fail'), off: raised('mains_fail') },
        battery: batteryCounts,
        temperature: { normal: normal('high_temperature'), high: raised('high_temperature') },
      };
    },

    async dashboardCount(caller: Caller, q: DashboardCountQuery): Promise<DashboardCountReply> {
      const scope = await scopeOf(caller, q);
      const c = fold(await store.snapshot(), caller, scope);
      const { alarm } = alarmCounts(c);
      const { total_door: _door, ...siteCount } = c.sites;
      return { siteCount, alarmCount: alarm, dcLoadCount: dcLoad(caller, scope, c) };
    },
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
