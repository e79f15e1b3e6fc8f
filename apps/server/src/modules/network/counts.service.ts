/**
 * Dashboard counts from real state (docs/requirements.md#dashboard-counts): every count is a
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
 *   that asked before it started (`counts-snapshot.ts`; the composition root builds this service
 *   once, so the API and the live hub of a process share it). A read always starts after the request arrived, so a count never predates a change
 *   committed before the request: the counts stay exact. A read fetches only the delta rows added
 *   since the previous one (ids above the last, with the table's row count in the same statement)
 *   and adds them to the keys it holds; it reads every key again when a compaction rewrote the
 *   table or a row below the last id committed late (the row count tells). Nothing new: the previous
 *   snapshot and the scopes folded from it are reused;
 * - battery classes depend on every battery reading (`pin_latest`, written by each device message),
 *   so they are one SQL aggregate per scope (company + allowed tenants + filters), kept
 *   {@link BATTERY_FRESH_MS} for requests; an older value is answered while a refresh runs (at most
 *   {@link BATTERY_STALE_MS}). The live hub instead asks for them only when a class of its scope
 *   moved (`battery: 'fresh'`) and takes the known ones otherwise (`battery: 'known'`).
 */
import type { DashboardCountQuery, DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import { countDcLoad, countOfflineBuckets, FIRST_OPERATOR_TENANT, isDcLoadState } from '@towerwatch/domain';
import { parseSiteAlarmSettings, THRESHOLD_SETTING_NAMES } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { assertTenantsAllowed, ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { BatteryCountsRepository, ThresholdKey } from './battery-counts.repository.ts';
import type { CountScope, CountsRepository } from './counts.repository.ts';
import { fold, scopeKey } from './counts-fold.ts';
import { createCountsSnapshots, type ScopeCounts } from './counts-snapshot.ts';

export interface CountsDeps {
  counts: CountsRepository;
  battery: BatteryCountsRepository;
  sites: SiteLookup;
  clock: Clock;
}

/** Battery classes younger than this are answered as they are. */
export const BATTERY_FRESH_MS = 10_000;
/** Battery classes up to this age are answered while a refresh runs; older ones are recomputed first. */
export const BATTERY_STALE_MS = 120_000;

type Battery = StatusCountsReply['battery'];
/** How current the battery classes of a count must be (see `statusCounts`). */
export type BatteryMode = 'fresh' | 'known';

/** The DC low-voltage threshold the settings parser reads from a site's two raw setting values. */
function dcLowVoltageOf(k: ThresholdKey): number {
  const name = THRESHOLD_SETTING_NAMES.dcLowVoltage;
  return parseSiteAlarmSettings({ thresholds: { [name]: k.nested }, [`${name}_threshold`]: k.flat })
    .thresholds.dcLowVoltage;
}

export function createCountsService(deps: CountsDeps) {
  const store = createCountsSnapshots(deps.counts);
  /** Battery classes per scope key. */
  const batteryCache = new Map<string, { at: number; value: Battery; refreshing: Promise<Battery> | null }>();

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

  /** Battery classes of the scope: one SQL aggregate, thresholds parsed once per distinct raw setting. */
  async function computeBattery(caller: Caller, scope: CountScope): Promise<Battery> {
    const keys = await deps.battery.thresholdKeys(caller, scope);
    const thresholds = keys.map((k) => ({ ...k, dcLowVoltage: dcLowVoltageOf(k) }));
    const battery = { full: 0, good: 0, ok: 0, bad: 0 };
    const fallback = parseSiteAlarmSettings({}).thresholds.dcLowVoltage;
    for (const r of await deps.battery.classCounts(caller, scope, thresholds, fallback))
      battery[r.class] += r.n;
    return battery;
  }

  /** Keeps a computed value unless a computation started later already stored its own. */
  function storeBattery(key: string, startedAt: number, value: Battery, refreshing: Promise<Battery> | null) {
    const entry = batteryCache.get(key);
    if (entry && entry.at > startedAt) entry.refreshing = refreshing;
    else batteryCache.set(key, { at: startedAt, value, refreshing });
  }

  async function battery(caller: Caller, scope: CountScope, mode?: BatteryMode): Promise<Battery> {
    const key = scopeKey(caller, scope);
    const now = Date.now();
    if (mode === 'fresh') {
      // A battery class moved (live hub, at most every 10 s per scope): read the classes now.
      const value = await computeBattery(caller, scope);
      storeBattery(key, now, value, batteryCache.get(key)?.refreshing ?? null);
      return value;
    }
    const known = batteryCache.get(key);
    const refresh = () => {
      const entry = batteryCache.get(key);
      if (entry?.refreshing) return entry.refreshing;
      const startedAt = Date.now();
      const refreshing = computeBattery(caller, scope).then(
        (value) => {
          storeBattery(key, startedAt, value, null);
          return value;
        },
        (err: unknown) => {
          const current = batteryCache.get(key);
          if (current) current.refreshing = null;
          throw err;
        },
      );
      if (entry) entry.refreshing = refreshing;
      else batteryCache.set(key, { at: 0, value: { full: 0, good: 0, ok: 0, bad: 0 }, refreshing });
      return refreshing;
    };
    // The live hub asks fresh classes when one moved: between moves, the classes it knows stay exact.
    if (known && known.at > 0 && (mode === 'known' || now - known.at <= BATTERY_FRESH_MS)) return known.value;
    if (known && known.at > 0 && now - known.at <= BATTERY_STALE_MS) {
      refresh().catch(() => undefined);
      return known.value;
    }
    return refresh();
  }

  return {
    /**
     * `battery`: `fresh` = classes read now (one of them moved); `known` = the last classes read, of
     * any age (read only when there are none); default: read again when older than {@link BATTERY_FRESH_MS}.
     */
    async statusCounts(
      caller: Caller,
      q: DashboardCountQuery,
      opts: { battery?: BatteryMode } = {},
    ): Promise<StatusCountsReply> {
      const scope = await scopeOf(caller, q);
      const [snap, batteryCounts] = await Promise.all([
        store.snapshot(),
        battery(caller, scope, opts.battery),
      ]);
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
