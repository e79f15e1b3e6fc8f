/**
 * One site's power charts (docs/requirements.md#power-data, docs/requirements.md#time-series): voltage
 * profile, health history, energy and power per hour, series by kind. Every call first proves the
 * caller sees the site (404 otherwise) and may ask for the tenant (403).
 */
import type {
  EnergyConsumptionReply,
  HealthHistoryQuery,
  HealthHistoryReply,
  PowerSeriesQuery,
  PowerSeriesReply,
  PowerTrendReply,
  SiteDayQuery,
  VoltageProfileQuery,
  VoltageProfileReply,
} from '@towerwatch/contract';
import {
  BATTERY_HEALTH_CONDITIONS,
  defaultPowerRange,
  dhakaDayEnd,
  dhakaDayStart,
  hourEnergyKwh,
  PROFILE_DEFAULT_HOURS,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { NotFoundError } from '../../errors.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import {
  readSeries,
  readThresholdCounts,
  resolveRange,
  type Series,
} from '../../kernel/time-series/index.ts';
import type { SiteLookup } from '../site/index.ts';
import type { PinRow, PowerDataRepository } from './power-data.repository.ts';
import { CURRENT_TYPES, KIND_TYPES, KIND_UNITS, selectPins } from './site-pins.ts';

export interface PowerChartsDeps {
  db: Queryable;
  repo: PowerDataRepository;
  sites: SiteLookup;
  clock: Clock;
}

const HOUR_MS = 3_600_000;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

function seriesMeta(s: Series, from: Date, until: Date, zoom: number) {
  return {
    from: from.toISOString(),
    until: until.toISOString(),
    zoom,
    resolutionMinutes: s.plan.bucketMinutes,
    source: s.plan.source,
  };
}

const points = (s: Series) =>
  s.points.map((p) => ({
    time: p.time.toISOString(),
    min: round(p.min),
    max: round(p.max),
    avg: round(p.avg),
    count: p.count,
  }));

export function createPowerChartsService(deps: PowerChartsDeps) {
  const lastHours = (hours: number) => () => {
    const until = deps.clock.now();
    return { from: new Date(until.getTime() - hours * HOUR_MS), until };
  };

  /** The site if visible (404) and the tenant allowed (403), with its pin configs. */
  async function siteWithPins(caller: Caller, siteUid: string, tenant?: string): Promise<PinRow[]> {
    assertTenantsAllowed(caller, tenant ? [tenant] : undefined);
    await requireSite(deps.sites, caller, siteUid, false);
    return deps.repo.sitePins(siteUid);
  }

  /** Mean DC power (W) per hour of a Dhaka day: mean bus volts × mean total load amps. */
  async function hourlyPower(pins: PinRow[], tenant: string | undefined, date: string) {
    const from = dhakaDayStart(date);
    const until = dhakaDayEnd(date);
    const volts = selectPins(pins, KIND_TYPES.dc_voltage, tenant);
    const amps = selectPins(pins, CURRENT_TYPES, tenant, true);
    if (!volts || !amps) return [];
    const [v, a] = await Promise.all([
      readSeries(deps.db, { ...volts, from, until, zoomMinutes: 60 }),
      readSeries(deps.db, { ...amps, from, until, zoomMinutes: 60 }),
    ]);
    const byHour = new Map(v.points.map((p) => [p.time.getTime(), p]));
    return a.points.flatMap((ap) => {
      const vp = byHour.get(ap.time.getTime());
      if (!vp) return [];
      return [{ time: ap.time, avgW: vp.avg * ap.avg, minW: vp.min * ap.min, maxW: vp.max * ap.max, vp, ap }];
    });
  }

  return {
    async voltageProfile(caller: Caller, q: VoltageProfileQuery): Promise<VoltageProfileReply> {
      const pins = await siteWithPins(caller, q.siteUid, q.tenant);
      const ofSite =
        pins.some((p) => p.com_id === q.comId) || (await deps.repo.siteOfDevice(q.comId)) === q.siteUid;
      if (!ofSite) throw new NotFoundError('Device not found');
      const { from, until } = resolveRange(q, lastHours(PROFILE_DEFAULT_HOURS));
      const s = await readSeries(deps.db, {
        comId: q.comId,
        pins: [q.pinName],
        from,
        until,
        zoomMinutes: q.zoom,
        factor: q.factor,
        offset: q.offset,
      });
      return {
        ...seriesMeta(s, from, until, q.zoom),
        siteUid: q.siteUid,
        comId: q.comId,
        pinName: q.pinName,
        tenant: q.tenant ?? null,
        points: points(s),
      };
    },

    async healthHistory(caller: Caller, q: HealthHistoryQuery): Promise<HealthHistoryReply> {
      const siteUid = await deps.repo.siteOfDevice(q.comId);
      if (!siteUid) throw new NotFoundError('Device not found');
      const site = await deps.sites.findScoped(caller, siteUid, false);
      if (!site) throw new NotFoundError('Device not found');
      const def = defaultPowerRange(deps.clock.now());
      const { from, until } = resolveRange(q, () => def);
      const zoom = q.zoom ?? def.zoom;
      const condition = BATTERY_HEALTH_CONDITIONS[q.value];
      const s = await readThresholdCounts(deps.db, {
        comId: q.comId,
        pin: q.pinName,
        from,
        until,
        zoomMinutes: zoom,
        value: q.value,
      });
      return {
        from: from.toISOString(),
        until: until.toISOString(),
        zoom,
        resolutionMinutes: s.plan.bucketMinutes,
        source: s.plan.source,
        comId: q.comId,
        pinName: q.pinName,
        value: q.value,
        side: condition.side,
        label: condition.label,
        points: s.points.map((p) => ({
          time: p.time.toISOString(),
          samples: p.samples,
          beyond: p.beyond,
          percent: p.samples > 0 ? round((p.beyond / p.samples) * 100, 1) : 0,
          // Both rollups run together, so an hour without min/max (0 here) does not occur in practice.
          min: round(p.min ?? 0),
          max: round(p.max ?? 0),
        })),
      };
    },

    async energyConsumption(caller: Caller, q: SiteDayQuery): Promise<EnergyConsumptionReply> {
      const pins = await siteWithPins(caller, q.siteUid, q.tenant);
      const hours = await hourlyPower(pins, q.tenant, q.date);
      const items = hours.map((h) => ({
        time: h.time.toISOString(),
        kwh: round(hourEnergyKwh(h.vp.avg, h.ap.avg)),
      }));
      const totalKwh = round(items.reduce((sum, i) => sum + i.kwh, 0));
      return { siteUid: q.siteUid, date: q.date, tenant: q.tenant ?? null, totalKwh, items };
    },

    async powerTrend(caller: Caller, q: SiteDayQuery): Promise<PowerTrendReply> {
      const pins = await siteWithPins(caller, q.siteUid, q.tenant);
      const hours = await hourlyPower(pins, q.tenant, q.date);
      return {
        siteUid: q.siteUid,
        date: q.date,
        tenant: q.tenant ?? null,
        items: hours.map((h) => ({
          time: h.time.toISOString(),
          avgW: round(h.avgW, 1),
          minW: round(Math.min(h.minW, h.maxW), 1),
          maxW: round(Math.max(h.minW, h.maxW), 1),
        })),
      };
    },

    async series(caller: Caller, q: PowerSeriesQuery): Promise<PowerSeriesReply> {
      const pins = await siteWithPins(caller, q.siteUid, q.tenant);
      const { from, until } = resolveRange(q, lastHours(q.hours ?? PROFILE_DEFAULT_HOURS));
      const selected = selectPins(pins, KIND_TYPES[q.kind], q.tenant, q.kind === 'dc_current');
      const base = { siteUid: q.siteUid, kind: q.kind, unit: KIND_UNITS[q.kind], tenant: q.tenant ?? null };
      if (!selected) {
        const empty = { plan: { bucketMinutes: q.zoom, source: 'raw' as const, buckets: 0 }, points: [] };
        return { ...base, ...seriesMeta(empty, from, until, q.zoom), points: [] };
      }
      const s = await readSeries(deps.db, { ...selected, from, until, zoomMinutes: q.zoom });
      return { ...base, ...seriesMeta(s, from, until, q.zoom), points: points(s) };
    },
  };
}

export type PowerChartsService = ReturnType<typeof createPowerChartsService>;
