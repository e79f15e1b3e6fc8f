/**
 * GET /battery/analytics/availability (site_uid, date): over one Asia/Dhaka day, how long the site
 * ran on battery (battery_power events of the site_on_battery alarm, any visible tenant), how long
 * it was down (site_down_history) and the share of on-battery time the site stayed up. Time inside a
 * data gap (device offline, before the first record) is unknown and counts in none of them, nor in
 * the possible time (docs/requirements.md#down-offline-rule), as in the reports.
 */
import type { BatteryAvailabilityQuery, BatteryAvailabilityReply } from '@towerwatch/contract';
import {
  availabilityOverPossible,
  availabilityPercent,
  clip,
  dhakaDayEnd,
  dhakaDayStart,
  type Interval,
  intersect,
  periodsFromTransitions,
  totalMs,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { requireSite } from '../../kernel/scope/site-scope.ts';
import { isEventTenantVisible } from '../../kernel/scope/sql-scope.ts';
import { siteGaps } from '../../kernel/time/site-gaps.ts';
import type { SiteLookup } from '../site/index.ts';
import type { BatteryAvailabilityRepository } from './battery-availability.repository.ts';

export interface BatteryAvailabilityDeps {
  db: Queryable;
  sites: SiteLookup;
  battery: BatteryAvailabilityRepository;
  clock: Clock;
}

export function createBatteryAvailabilityService(deps: BatteryAvailabilityDeps) {
  return {
    async availability(caller: Caller, q: BatteryAvailabilityQuery): Promise<BatteryAvailabilityReply> {
      await requireSite(deps.sites, caller, q.site_uid, false);
      const from = dhakaDayStart(q.date);
      const dayEnd = dhakaDayEnd(q.date).getTime();
      // A day in progress counts up to now; a future day has no time yet.
      const end = Math.max(from.getTime(), Math.min(dayEnd, deps.clock.now().getTime()));
      const [transitions, down, gaps] = await Promise.all([
        deps.battery.onBatteryTransitions(q.site_uid, from, new Date(end)),
        deps.battery.downPeriods(q.site_uid, from, new Date(end)),
        siteGaps(deps.db, q.site_uid, from.getTime(), end),
      ]);
      const byTenant = new Map<string, { at: number; active: boolean }[]>();
      for (const t of transitions) {
        if (!isEventTenantVisible(caller, t.tenant, 'battery_power')) continue;
        const list = byTenant.get(t.tenant) ?? [];
        list.push({ at: t.time.getTime(), active: t.active });
        byTenant.set(t.tenant, list);
      }
      const onBattery: Interval[] = [];
      for (const list of byTenant.values()) {
        const before = list.filter((x) => x.at < from.getTime());
        const initiallyOn = before[before.length - 1]?.active ?? false;
        const within = list.filter((x) => x.at >= from.getTime());
        onBattery.push(...periodsFromTransitions(initiallyOn, within, from.getTime(), end));
      }
      const downIntervals = clip(
        down.map((d) => [d.started_at.getTime(), d.ended_at?.getTime() ?? end] as const),
        from.getTime(),
        end,
      );
      // Counted outside the gaps only: what the device did not report is unknown.
      const outside = (list: readonly Interval[]) => totalMs(list) - totalMs(intersect(list, gaps));
      const onMs = outside(onBattery);
      const downMs = outside(downIntervals);
      const bothMs = outside(intersect(onBattery, downIntervals));
      const gapMs = totalMs(gaps);
      const spanMs = end - from.getTime();
      return {
        site_uid: q.site_uid,
        date: q.date,
        onBatterySeconds: Math.round(onMs / 1000),
        downSeconds: Math.round(downMs / 1000),
        downWhileOnBatterySeconds: Math.round(bothMs / 1000),
        gapSeconds: Math.round(gapMs / 1000),
        batteryAvailability: onMs > 0 ? availabilityPercent(bothMs, onMs) : null,
        siteAvailability: availabilityOverPossible(downMs, spanMs, gapMs),
      };
    },
  };
}

export type BatteryAvailabilityService = ReturnType<typeof createBatteryAvailabilityService>;
