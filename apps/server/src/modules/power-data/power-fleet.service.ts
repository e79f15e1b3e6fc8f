/**
 * Fleet power calls and the power pages' event lists (docs/requirements.md#power-decisions,
 * docs/requirements.md#events-paging): rankings, last-7-days power, climate, DG fuel, and event
 * pages of the battery, mains, temperature, generator and fuel names (100 per page, ids strictly
 * below the cursor, tenant rule; read-only callers keep the reduced kinds).
 */
import type {
  AvgLoadReply,
  ClimateQuery,
  ClimateReply,
  EnergyLastReply,
  EventPageReply,
  FuelEventsQuery,
  FuelEventsReply,
  FuelFleetQuery,
  FuelFleetReply,
  LastAvgHistoryQuery,
  LastAvgHistoryReply,
  RankingQuery,
  VoltageLastReply,
} from '@towerwatch/contract';
import {
  batteryClass,
  DEFAULT_FUEL_TANK_LITRES,
  dhakaDate,
  dhakaDayEnd,
  dhakaDayStart,
  EVENT_PAGE_SIZE,
  FUEL_EVENT_NAMES,
  hasMorePages,
  visibleEventKinds,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import { type Caller, toDomainUser } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { toSiteEvent } from '../../kernel/rows/site-rows.ts';
import { assertTenantsAllowed, ownerFilter, requireSite } from '../../kernel/scope/site-scope.ts';
import type { EventsModuleServices } from '../events/index.ts';
import type { SiteLookup } from '../site/index.ts';
import type { PowerFleetRepository, RankRow } from './power-fleet.repository.ts';

export interface PowerFleetDeps {
  fleet: PowerFleetRepository;
  events: EventsModuleServices['pages'];
  sites: SiteLookup;
  clock: Clock;
  /** The hour up to which telemetry is rolled up (kernel/time-series `rollupWatermark`). */
  watermark: () => Promise<Date | null>;
}

const DAY_MS = 86_400_000;
const r2 = (x: number) => Math.round(x * 100) / 100;
const total = (rows: RankRow[]) => Number(rows[0]?.total ?? 0);

export function createPowerFleetService(deps: PowerFleetDeps) {
  /** Owner company (user_uid) and tenant checks shared by the fleet calls. */
  async function fleetFilter(caller: Caller, q: { user_uid?: string; tenant?: string; search?: string }) {
    assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
    const owner = await ownerFilter(deps.sites, caller, q.user_uid);
    return { ...owner, tenant: q.tenant, search: q.search };
  }
  const kinds = (caller: Caller) => visibleEventKinds(toDomainUser(caller.user));
  /** The page's names a read-only caller may see. */
  const namesFor = (caller: Caller, names: readonly string[]) => {
    const allowed = kinds(caller);
    return allowed ? names.filter((n) => (allowed as readonly string[]).includes(n)) : names;
  };

  return {
    /** One page of a site's events of `names`. */
    async siteEventPage(
      caller: Caller,
      q: { siteUid: string; before: number; tenant?: string },
      names: readonly string[],
    ): Promise<EventPageReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const visible = namesFor(caller, names);
      const rows =
        visible.length === 0
          ? []
          : await deps.events.page(caller, {
              before: q.before,
              limit: EVENT_PAGE_SIZE,
              siteUid: q.siteUid,
              tenants: q.tenant ? [q.tenant] : undefined,
              names: visible,
            });
      if (rows.length === 0) await requireSite(deps.sites, caller, q.siteUid, false);
      const items = rows.map(toSiteEvent);
      const more = hasMorePages(items.length, EVENT_PAGE_SIZE);
      return { items, nextOldestId: more ? (items[items.length - 1]?.id ?? null) : null };
    },

    async fuelEvents(caller: Caller, q: FuelEventsQuery): Promise<FuelEventsReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      if (q.siteUid) await requireSite(deps.sites, caller, q.siteUid, false);
      const owner = await ownerFilter(deps.sites, caller, q.user_uid);
      const siteUids = owner.companyId && !q.siteUid ? await deps.sites.listUids(caller, owner) : undefined;
      const visible = namesFor(caller, FUEL_EVENT_NAMES);
      const rows =
        visible.length === 0
          ? []
          : await deps.events.page(caller, {
              before: q.oldestId,
              limit: EVENT_PAGE_SIZE,
              siteUid: q.siteUid,
              siteUids,
              tenants: q.tenant ? [q.tenant] : undefined,
              names: visible,
            });
      const items = rows.map((r) => ({ ...toSiteEvent(r), siteName: r.site_name ?? '' }));
      const more = hasMorePages(items.length, EVENT_PAGE_SIZE);
      return { items, nextOldestId: more ? (items[items.length - 1]?.id ?? null) : null };
    },

    async energyLast(caller: Caller, q: RankingQuery): Promise<EnergyLastReply> {
      const f = await fleetFilter(caller, q);
      const date = dhakaDate(new Date(deps.clock.now().getTime() - DAY_MS));
      const rows = await deps.fleet.energy(caller, f, q, dhakaDayStart(date), dhakaDayEnd(date));
      return {
        date,
        total: total(rows),
        items: rows.map((r) => ({
          siteUid: r.uid,
          siteName: r.name,
          kwh: r2(r.value),
          avgW: r2(r.extra ?? 0),
        })),
      };
    },

    async voltageLast(caller: Caller, q: RankingQuery): Promise<VoltageLastReply> {
      const f = await fleetFilter(caller, q);
      const rows = await deps.fleet.voltageLast(caller, f, q);
      return {
        total: total(rows),
        items: rows.map((r) => ({
          siteUid: r.uid,
          siteName: r.name,
          comId: r.com_id ?? '',
          volts: r.value,
          time: (r.time ?? new Date(0)).toISOString(),
          batteryClass: batteryClass(r.value),
        })),
      };
    },

    async avgLoad(caller: Caller, q: RankingQuery): Promise<AvgLoadReply> {
      const f = await fleetFilter(caller, q);
      const until = deps.clock.now();
      const from = new Date(until.getTime() - DAY_MS);
      const rows = await deps.fleet.avgLoad(caller, f, q, from, until);
      const items = rows.map((r) => ({
        siteUid: r.uid,
        siteName: r.name,
        avgAmps: r2(r.value),
        avgW: r.extra === null ? null : r2(r.extra),
      }));
      const mean = items.length ? r2(items.reduce((s, i) => s + i.avgAmps, 0) / items.length) : null;
      return {
        from: from.toISOString(),
        until: until.toISOString(),
        total: total(rows),
        fleetAvgAmps: mean,
        items,
      };
    },

    async lastAvgHistory(caller: Caller, q: LastAvgHistoryQuery): Promise<LastAvgHistoryReply> {
      const f = await fleetFilter(caller, q);
      const today = dhakaDate(deps.clock.now());
      const from = new Date(dhakaDayStart(today).getTime() - 6 * DAY_MS);
      const rows = await deps.fleet.dailyPower(caller, f, from, dhakaDayEnd(today));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const items = [];
      for (let i = 0; i < 7; i++) {
        const date = dhakaDate(new Date(from.getTime() + i * DAY_MS));
        const row = byDay.get(date);
        items.push({
          date,
          avgW: row?.w == null ? null : r2(Number(row.w)),
          avgAmps: row?.a == null ? null : r2(Number(row.a)),
          sites: Number(row?.sites ?? 0),
        });
      }
      return { items };
    },

    async climate(caller: Caller, q: ClimateQuery): Promise<ClimateReply> {
      const f = await fleetFilter(caller, q);
      if (q.siteUid) await requireSite(deps.sites, caller, q.siteUid, false);
      const date = q.date ?? dhakaDate(deps.clock.now());
      const rows = await deps.fleet.climate(
        caller,
        { ...f, siteUid: q.siteUid },
        dhakaDayStart(date),
        dhakaDayEnd(date),
        (await deps.watermark()) ?? dhakaDayStart(date),
      );
      const bySite = new Map<string, ClimateReply['items'][number] & { high: number }>();
      const empty = { latest: null, latestAt: null, min: null, max: null, avg: null };
      for (const r of rows) {
        const high = parseSiteAlarmSettings(r.settings).thresholds.highTemperature;
        const item = bySite.get(r.uid) ?? {
          siteUid: r.uid,
          siteName: r.name,
          temperature: { ...empty },
          humidity: { ...empty },
          hotHours: 0,
          high,
        };
        const stats = {
          latest: r.latest,
          latestAt: r.latest_at?.toISOString() ?? null,
          min: r.min,
          max: r.max,
          avg: r.avg === null ? null : r2(Number(r.avg)),
        };
        if (r.type === 'temperature') {
          item.temperature = stats;
          item.hotHours = (r.hours_max ?? []).filter((m) => m >= high).length;
        } else item.humidity = stats;
        bySite.set(r.uid, item);
      }
      const sign = q.order === 'asc' ? 1 : -1;
      const key = (i: { temperature: { latest: number | null } }) =>
        i.temperature.latest ?? Number.NEGATIVE_INFINITY;
      const items = [...bySite.values()].sort(
        (a, b) => sign * (key(a) - key(b)) || a.siteUid.localeCompare(b.siteUid),
      );
      const first = items[0];
      return {
        date,
        highTemperature: first?.high ?? parseSiteAlarmSettings({}).thresholds.highTemperature,
        items: items.slice(0, q.limit).map(({ high: _high, ...i }) => i),
      };
    },

    async fuelFleet(caller: Caller, q: FuelFleetQuery): Promise<FuelFleetReply> {
      const f = await fleetFilter(caller, q);
      const rows = await deps.fleet.fuel(caller, f);
      const all = rows.map((r) => {
        const lowFuelPercent = parseSiteAlarmSettings(r.settings).thresholds.lowFuelPercent;
        const power = r.more_details?.power as { dg_tank_litres?: unknown } | undefined;
        const tank = Number(r.more_details?.fuel_tank_litres ?? power?.dg_tank_litres);
        const tankLitres = Number.isFinite(tank) && tank > 0 ? tank : DEFAULT_FUEL_TANK_LITRES;
        return {
          siteUid: r.uid,
          siteName: r.name,
          comId: r.com_id,
          levelPct: r2(r.value),
          litres: Math.round((r.value * tankLitres) / 10) / 10,
          tankLitres,
          time: r.ts.toISOString(),
          low: r.value <= lowFuelPercent,
          lowFuelPercent,
          dgRunning: r.dg_running,
          theftSuspected: r.theft,
        };
      });
      all.sort((a, b) => a.levelPct - b.levelPct || a.siteUid.localeCompare(b.siteUid));
      const items = q.lowOnly ? all.filter((i) => i.low) : all;
      return {
        total: all.length,
        low: all.filter((i) => i.low).length,
        theftSuspected: all.filter((i) => i.theftSuspected).length,
        items,
      };
    },
  };
}

export type PowerFleetService = ReturnType<typeof createPowerFleetService>;
