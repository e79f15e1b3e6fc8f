/**
 * GET /battery/analytics/availability (site_uid, date): over one Asia/Dhaka day, how long the site
 * ran on battery (battery_power events of the site_on_battery alarm, any visible tenant), how long
 * it was down (site_down_history) and the share of on-battery time the site stayed up. Time inside a
 * data gap (device offline, before the first record) is unknown and counts in none of them, nor in
 * the possible time (docs/requirements.md#down-offline-rule), as in the reports. A whole rolled day
 * of a kept tenant view is read from the daily rollup, any other from raw events: the same figures
 * (kernel/time/availability-days.ts, the domain's availability-days.ts).
 */
import type { BatteryAvailabilityQuery, BatteryAvailabilityReply } from '@towerwatch/contract';
import {
  availabilityOverPossible,
  availabilityPercent,
  dhakaDate,
  dhakaDayEnd,
  dhakaDayStart,
  rollupViewOf,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { requireSite } from '../../kernel/scope/site-scope.ts';
import { isEventTenantVisible } from '../../kernel/scope/sql-scope.ts';
import {
  availabilityFacts,
  batteryDayIn,
  gapMsIn,
  rolledAvailabilityDays,
} from '../../kernel/time/availability-days.ts';
import type { SiteLookup } from '../site/index.ts';

export interface BatteryAvailabilityDeps {
  db: Queryable;
  sites: SiteLookup;
  clock: Clock;
}

export function createBatteryAvailabilityService(deps: BatteryAvailabilityDeps) {
  /** The day's figures (ms) from the rollup when it is over, rolled and kept for the caller's view. */
  async function rolled(caller: Caller, q: BatteryAvailabilityQuery, end: number) {
    const view = rollupViewOf(caller.allowedTenants);
    if (view === null || end < dhakaDayEnd(q.date).getTime()) return null;
    const next = dhakaDate(new Date(dhakaDayEnd(q.date).getTime()));
    const day = (await rolledAvailabilityDays(deps.db, q.site_uid, q.date, next)).get(q.date);
    if (!day) return null;
    const b = day.battery.get(view);
    return { onMs: b?.onMs ?? 0, downMs: day.downMs, bothMs: b?.bothMs ?? 0, gapMs: day.gapMs };
  }

  /** The day's figures (ms) over [from, end) from raw events. */
  async function raw(caller: Caller, q: BatteryAvailabilityQuery, from: number, end: number) {
    const facts = (await availabilityFacts(deps.db, [q.site_uid], from, end)).get(q.site_uid);
    if (!facts) return { onMs: 0, downMs: 0, bothMs: 0, gapMs: 0 };
    const visible = (tenant: string) => isEventTenantVisible(caller, tenant, 'battery_power');
    return { ...batteryDayIn(facts, from, end, visible), gapMs: gapMsIn(facts, from, end) };
  }

  return {
    async availability(caller: Caller, q: BatteryAvailabilityQuery): Promise<BatteryAvailabilityReply> {
      await requireSite(deps.sites, caller, q.site_uid, false);
      const from = dhakaDayStart(q.date).getTime();
      // A day in progress counts up to now; a future day has no time yet.
      const end = Math.max(from, Math.min(dhakaDayEnd(q.date).getTime(), deps.clock.now().getTime()));
      const { onMs, downMs, bothMs, gapMs } =
        (await rolled(caller, q, end)) ?? (await raw(caller, q, from, end));
      return {
        site_uid: q.site_uid,
        date: q.date,
        onBatterySeconds: Math.round(onMs / 1000),
        downSeconds: Math.round(downMs / 1000),
        downWhileOnBatterySeconds: Math.round(bothMs / 1000),
        gapSeconds: Math.round(gapMs / 1000),
        batteryAvailability: onMs > 0 ? availabilityPercent(bothMs, onMs) : null,
        siteAvailability: availabilityOverPossible(downMs, end - from, gapMs),
      };
    },
  };
}

export type BatteryAvailabilityService = ReturnType<typeof createBatteryAvailabilityService>;
