/**
 * Dashboard counts from real state (platform-core §3 "Dashboard counts", §7): every count is a
 * number of the caller's sites, from `alarms` (raised = available, not normal, not paused — domain
 * `isAlarmRaised`), `dc_load_state`, pin configs and `pin_latest`. Offline buckets and the DC load
 * count use the domain rules (`countOfflineBuckets`, `countDcLoad`).
 */
import type { DashboardCountQuery, DashboardCountReply, StatusCountsReply } from '@towerwatch/contract';
import {
  batteryClass,
  countDcLoad,
  countOfflineBuckets,
  FIRST_OPERATOR_TENANT,
  isDcLoadState,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import { assertTenantsAllowed, ownerFilter } from '../site/site-scope.ts';
import type { AlarmAggRow, CountScope, CountsRepository } from './counts.repository.ts';

export interface CountsDeps {
  counts: CountsRepository;
  sites: SiteRepository;
  clock: Clock;
}

export function createCountsService(deps: CountsDeps) {
  async function scopeOf(caller: Caller, q: DashboardCountQuery): Promise<CountScope> {
    assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
    const owner = await ownerFilter(deps.sites, caller, q.user_uid);
    return { ...owner, tenant: q.tenant };
  }

  async function alarmCounts(caller: Caller, scope: CountScope) {
    const [aggs, offline] = await Promise.all([
      deps.counts.alarmAggregates(caller, scope),
      deps.counts.offlineAlarms(caller, scope),
    ]);
    const by = new Map<string, AlarmAggRow>(aggs.map((a) => [a.alarm_id, a]));
    const raised = (id: string) => by.get(id)?.raised ?? 0;
    const normal = (id: string) => (by.get(id)?.sites ?? 0) - raised(id);
    const buckets = countOfflineBuckets(
      offline.map((o) => ({
        id: 'device_online',
        isAvailable: true,
        isNormal: false,
        isDisable: false,
        lastEvent: o.last_event_at,
      })),
      deps.clock.now(),
    );
    const alarm = {
      byAlarm: Object.fromEntries(aggs.filter((a) => a.raised > 0).map((a) => [a.alarm_id, a.raised])),
      paused: aggs.reduce((n, a) => n + a.paused, 0),
      deviceOffline: { ...buckets, total: offline.length },
    };
    return { raised, normal, alarm };
  }

  async function dcLoad(caller: Caller, scope: CountScope) {
    const rows = await deps.counts.dcLoad(caller, scope);
    const tenants = scope.tenant ? [scope.tenant] : caller.allowedTenants;
    const entries = rows
      .filter((r) => isDcLoadState(r.state))
      .map((r) => ({ tenant: r.tenant, value: r.state as 'DOWN' }));
    const load = countDcLoad(entries, tenants, FIRST_OPERATOR_TENANT);
    return {
      no_load: load.total.DOWN,
      normal_load: load.total.NORMAL,
      over_load: load.total.OVER,
      loadCount: { ...load.byTenant, total: load.total },
    };
  }

  return {
    async statusCounts(caller: Caller, q: DashboardCountQuery): Promise<StatusCountsReply> {
      const scope = await scopeOf(caller, q);
      const [{ raised, normal, alarm }, dcPower, sites, volts] = await Promise.all([
        alarmCounts(caller, scope),
        dcLoad(caller, scope),
        deps.counts.siteAggregates(caller, scope),
        deps.counts.batteryVoltages(caller, scope),
      ]);
      const battery = { full: 0, good: 0, ok: 0, bad: 0 };
      for (const v of volts)
        battery[batteryClass(v.volts, parseSiteAlarmSettings(v.settings).thresholds.dcLowVoltage)] += 1;
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
        dcPower,
        alarm,
        access: {
          total_door: sites.total_door,
          door_open: raised('door_status'),
          lock_open: raised('lock_status'),
          lock_open_fail: raised('lock_open_fail'),
          lock_close_fail: raised('lock_close_fail'),
          security_breach: raised('security_breach'),
          vibration: raised('vibration'),
        },
        dg: { on: raised('dg_on'), off: normal('dg_on') },
        mains: { on: normal('mains_fail'), off: raised('mains_fail') },
        battery,
        temperature: { normal: normal('high_temperature'), high: raised('high_temperature') },
      };
    },

    async dashboardCount(caller: Caller, q: DashboardCountQuery): Promise<DashboardCountReply> {
      const scope = await scopeOf(caller, q);
      const [{ alarm }, dcLoadCount, sites] = await Promise.all([
        alarmCounts(caller, scope),
        dcLoad(caller, scope),
        deps.counts.siteAggregates(caller, scope),
      ]);
      const { total_door: _door, ...siteCount } = sites;
      return { siteCount, alarmCount: alarm, dcLoadCount };
    },
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
