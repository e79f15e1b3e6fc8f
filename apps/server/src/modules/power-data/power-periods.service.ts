/**
 * Power figures from event transitions (docs/requirements.md#power-decisions): DG/PG run hours per
 * bucket, mains availability per Dhaka day, and the learned battery backup estimate
 * (docs/requirements.md#backup-estimate). Tenant-less power rows follow the tenant rule.
 */
import type {
  BackupEstimateQuery,
  BackupEstimateReply,
  MainsAvailabilityQuery,
  MainsAvailabilityReply,
  RunHoursQuery,
  RunHoursReply,
} from '@towerwatch/contract';
import {
  availabilityOverPossible,
  BACKUP_LEARN_DAYS,
  BACKUP_LEARN_OUTAGES,
  BACKUP_MIN_OUTAGE_MINUTES,
  defaultPowerRange,
  dhakaDate,
  dhakaDayStart,
  estimateBackup,
  type Interval,
  isEventVisibleForTenants,
  type LearnedOutage,
  type MainsTenantDay,
  periodsFromTransitions,
  planSeries,
  seriesBucketStart,
  totalMs,
  union,
  worstMainsTenant,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import { isEventTenantVisible } from '../../kernel/scope/sql-scope.ts';
import {
  availabilityFacts,
  gapMsIn,
  mainsTenantDays,
  type RolledAvailabilityDay,
  rolledAvailabilityDays,
} from '../../kernel/time/availability-days.ts';
import { readSeries, resolveRange } from '../../kernel/time-series/index.ts';
import type { SiteLookup } from '../site/index.ts';
import type { PowerDataRepository, TransitionRow } from './power-data.repository.ts';
import { CURRENT_TYPES, KIND_TYPES, selectPins } from './site-pins.ts';

export interface PowerPeriodsDeps {
  db: Queryable;
  repo: PowerDataRepository;
  sites: SiteLookup;
  clock: Clock;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Periods during which `name` was active, per visible tenant (or only `tenant`), united. A tenant's
 * state before `from` comes from its last transition before it.
 */
function activePeriods(
  caller: Caller,
  rows: readonly TransitionRow[],
  name: string,
  tenant: string | undefined,
  from: number,
  until: number,
): Interval[] {
  const byTenant = new Map<string, { at: number; active: boolean }[]>();
  for (const r of rows) {
    if (r.name !== name || !isEventTenantVisible(caller, r.tenant, name)) continue;
    // The tenant parameter keeps that tenant's rows, site-wide rows, and tenant-less power rows only
    // for banglalink (docs/requirements.md#tenant-param).
    if (tenant && !isEventVisibleForTenants({ tenant: r.tenant, name }, [tenant])) continue;
    const list = byTenant.get(r.tenant) ?? [];
    list.push({ at: r.time.getTime(), active: r.active });
    byTenant.set(r.tenant, list);
  }
  const perTenant = [...byTenant.values()].map((list) => {
    const before = list.filter((x) => x.at < from);
    return periodsFromTransitions(
      before[before.length - 1]?.active ?? false,
      list.filter((x) => x.at >= from),
      from,
      until,
    );
  });
  return union(perTenant.flat());
}

/** The day starts of [from, until). */
function dayStarts(from: number, until: number): number[] {
  const out: number[] = [];
  for (let d = from; d < until; d += DAY_MS) out.push(d);
  return out;
}

/** The rolled figures of the day starting at `d`, when it is over by `end` and rolled. */
function rolledDay(rolled: Map<string, RolledAvailabilityDay>, d: number, end: number) {
  return d + DAY_MS <= end ? rolled.get(dhakaDate(new Date(d))) : undefined;
}

export function createPowerPeriodsService(deps: PowerPeriodsDeps) {
  return {
    async runHours(caller: Caller, q: RunHoursQuery): Promise<RunHoursReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      await requireSite(deps.sites, caller, q.siteUid, false);
      const def = defaultPowerRange(deps.clock.now());
      const { from, until } = resolveRange(q, () => def);
      const zoom = q.zoom ?? def.zoom;
      // Run hours count whole buckets of at least an hour (a run split at boundaries).
      const plan = planSeries(from, until, Math.max(60, zoom));
      const now = deps.clock.now().getTime();
      const end = Math.min(until.getTime(), Math.max(now, from.getTime()));
      const rows = await deps.repo.transitions(q.siteUid, [q.event], from, new Date(end));
      const periods = activePeriods(caller, rows, q.event, q.tenant, from.getTime(), end);
      const size = plan.bucketMinutes * MINUTE_MS;
      const items: RunHoursReply['items'] = [];
      for (let b = seriesBucketStart(from.getTime(), plan.bucketMinutes); b < until.getTime(); b += size) {
        const lo = Math.max(b, from.getTime());
        const hi = Math.min(b + size, until.getTime());
        const ms = totalMs(
          periods.map(([s, e]) => [Math.max(s, lo), Math.min(e, hi)] as const).filter(([s, e]) => e > s),
        );
        const starts = periods.filter(([s]) => s >= lo && s < hi && s > from.getTime()).length;
        items.push({
          time: new Date(lo).toISOString(),
          hours: Math.round((ms / 3_600_000) * 100) / 100,
          starts,
        });
      }
      const last = periods[periods.length - 1];
      const running = end >= now && last !== undefined && last[1] >= end;
      return {
        siteUid: q.siteUid,
        event: q.event,
        tenant: q.tenant ?? null,
        from: from.toISOString(),
        until: until.toISOString(),
        zoom,
        resolutionMinutes: plan.bucketMinutes,
        totalHours: Math.round(items.reduce((s, i) => s + i.hours, 0) * 100) / 100,
        starts: items.reduce((s, i) => s + i.starts, 0),
        running,
        runningSince: running && last ? new Date(last[0]).toISOString() : null,
        items,
      };
    },

    async mainsAvailability(caller: Caller, q: MainsAvailabilityQuery): Promise<MainsAvailabilityReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      await requireSite(deps.sites, caller, q.site_uid, false);
      const from = dhakaDayStart(q.date).getTime();
      const until = from + q.days * DAY_MS;
      const now = deps.clock.now().getTime();
      const end = Math.max(from, Math.min(until, now));
      // Whole rolled days from the daily rollup, the others (today, days not rolled) from raw events:
      // the same figures (kernel/time/availability-days.ts, the domain's availability-days.ts).
      const rolled = await rolledAvailabilityDays(deps.db, q.site_uid, q.date, dhakaDate(new Date(until)));
      const rawFrom = dayStarts(from, until).find((d) => d < end && !rolledDay(rolled, d, end));
      const facts =
        rawFrom === undefined
          ? undefined
          : (await availabilityFacts(deps.db, [q.site_uid], rawFrom, end)).get(q.site_uid);
      // The worst tenant counts: mains is one physical supply, tenants' views differ only by wiring.
      // The tenant parameter keeps that tenant's rows, site-wide rows, and tenant-less power rows only
      // for banglalink (docs/requirements.md#tenant-param).
      const visible = (tenant: string) =>
        isEventTenantVisible(caller, tenant, 'mains_fail') &&
        (!q.tenant || isEventVisibleForTenants({ tenant, name: 'mains_fail' }, [q.tenant]));
      const days = dayStarts(from, until).map((d) => {
        const dayEnd = Math.min(d + DAY_MS, end);
        const span = dayEnd - d;
        const date = dhakaDate(new Date(d));
        const day = rolledDay(rolled, d, end);
        let tenants: Map<string, MainsTenantDay> = new Map();
        let gapMs = 0;
        if (day) ({ mains: tenants, gapMs } = day);
        else if (facts && span > 0) {
          tenants = mainsTenantDays(facts, d, dayEnd);
          gapMs = gapMsIn(facts, d, dayEnd);
        }
        const worst = worstMainsTenant(
          [...tenants].filter(([t]) => visible(t)).map(([, m]) => m),
          d > from,
        );
        return {
          date,
          mainsOffSeconds: Math.round(worst.ms / 1000),
          gapSeconds: Math.round(gapMs / 1000),
          outages: worst.outages,
          availability: span > 0 ? availabilityOverPossible(worst.ms, span, gapMs) : null,
        };
      });
      const first = days[0] ?? {
        date: q.date,
        mainsOffSeconds: 0,
        gapSeconds: 0,
        outages: 0,
        availability: null,
      };
      return { site_uid: q.site_uid, ...first, date: q.date, days };
    },

    async backupEstimate(caller: Caller, q: BackupEstimateQuery): Promise<BackupEstimateReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const site = await requireSite(deps.sites, caller, q.siteUid, false);
      const pins = await deps.repo.sitePins(q.siteUid);
      const emptyVolts = parseSiteAlarmSettings(site.settings).thresholds.dcCriticalVoltage;
      const volts = selectPins(pins, KIND_TYPES.dc_voltage, q.tenant);
      const amps = selectPins(pins, CURRENT_TYPES, q.tenant, true);
      const latest = [
        ...(volts ? await deps.repo.latest(volts.comId, volts.pins) : []),
        ...(amps ? await deps.repo.latest(amps.comId, amps.pins) : []),
      ];
      const voltRow = latest.find((r) => volts?.pins.includes(r.pin_name) && r.com_id === volts.comId);
      const dischargeAmps = latest
        .filter((r) => amps?.pins.includes(r.pin_name) && r.com_id === amps.comId)
        .reduce((s, r) => s + Math.abs(r.value), 0);
      const outages = volts && amps ? await learnOutages(caller, q.siteUid, volts, amps, q.tenant) : [];
      const estimate = estimateBackup({
        capacityAh: site.battery_max,
        volts: voltRow && voltRow.value >= 0 ? voltRow.value : null,
        dischargeAmps,
        emptyVolts,
        outages,
      });
      const time = latest.reduce<Date | null>((t, r) => (t === null || r.ts > t ? r.ts : t), null);
      return {
        siteUid: q.siteUid,
        tenant: q.tenant ?? null,
        ...estimate,
        capacityAh: site.battery_max,
        volts: voltRow?.value ?? null,
        dischargeAmps: Math.round(dischargeAmps * 100) / 100,
        onBattery: await deps.repo.alarmRaised(q.siteUid, 'site_on_battery'),
        time: time?.toISOString() ?? null,
      };
    },
  };

  /** The site's last outages on battery (battery_power periods) with what the bank delivered in each. */
  async function learnOutages(
    caller: Caller,
    siteUid: string,
    volts: { comId: string; pins: string[] },
    amps: { comId: string; pins: string[] },
    tenant: string | undefined,
  ): Promise<LearnedOutage[]> {
    const now = deps.clock.now().getTime();
    const from = now - BACKUP_LEARN_DAYS * DAY_MS;
    const rows = await deps.repo.transitions(siteUid, ['battery_power'], new Date(from), new Date(now));
    const periods = activePeriods(caller, rows, 'battery_power', tenant, from, now);
    const done = periods
      .filter(([s, e]) => e < now && e - s >= BACKUP_MIN_OUTAGE_MINUTES * MINUTE_MS && s > from)
      .slice(-BACKUP_LEARN_OUTAGES);
    const learned: LearnedOutage[] = [];
    for (const [s, e] of done) {
      const range = { from: new Date(s), until: new Date(e), zoomMinutes: 1 };
      const [v, a] = await Promise.all([
        readSeries(deps.db, { ...volts, ...range }),
        readSeries(deps.db, { ...amps, ...range }),
      ]);
      const first = v.points[0];
      const lastV = v.points[v.points.length - 1];
      const count = a.points.reduce((n, p) => n + p.count, 0);
      if (!first || !lastV || count === 0) continue;
      const meanAmps = a.points.reduce((n, p) => n + p.avg * p.count, 0) / count;
      learned.push({
        startVolts: first.max,
        endVolts: lastV.min,
        ampHours: meanAmps * ((e - s) / 3_600_000),
      });
    }
    return learned;
  }
}

export type PowerPeriodsService = ReturnType<typeof createPowerPeriodsService>;
