import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { batteryEndpoints, type PowerSeriesKind, powerEndpoints } from '@towerwatch/contract';
import type { SiteModule } from '@towerwatch/domain';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';
import { siteModuleKeys } from '../../sites/index.ts';

/**
 * Query options of the power pages (docs/requirements.md#power-pages). Every site query sits under the
 * sites feature's `siteModuleKeys.data(module, siteUid)`: a live event routed to the module invalidates
 * it, so the page refetches (docs/requirements.md#live-routing). Failures show in the panel
 * (docs/requirements.md#silent-failures: power data failures raise no toast).
 */

/** The site and focused tenant of a query. */
export interface SiteQuery {
  siteUid: string;
  tenant: string | null;
}

/** A range as the chart calls take it: the last `hours`, or Dhaka dates (inclusive). */
export type SeriesRange = { hours: number } | { fromDate: string; untilDate: string };

const key = (module: SiteModule, q: SiteQuery, ...rest: unknown[]) =>
  [...siteModuleKeys.data(module, q.siteUid), q.tenant, ...rest] as const;

/** Refetch period of the "now" charts (their newest bucket keeps filling). */
const LIVE_REFRESH_MS = 60_000;

/** GET /power/series: one kind of a site's readings over a range. */
export const seriesQueryOptions = (
  module: SiteModule,
  q: SiteQuery,
  kind: PowerSeriesKind,
  range: SeriesRange,
) =>
  queryOptions({
    queryKey: key(module, q, 'series', kind, range),
    queryFn: ({ signal }) =>
      apiCall(powerEndpoints.series, {
        query: { siteUid: q.siteUid, kind, tenant: tenantQuery(q.tenant), ...range },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** GET /battery/voltage/profile: the DC bus (pin am6) of the site's device, factor 1, offset 0. */
export const voltageProfileQueryOptions = (q: SiteQuery, comId: string, range: SeriesRange) =>
  queryOptions({
    queryKey: key('battery', q, 'profile', comId, range),
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.voltageProfile, {
        query: {
          siteUid: q.siteUid,
          comId,
          pinName: 'am6',
          tenant: tenantQuery(q.tenant),
          factor: 1,
          offset: 0,
          ...('hours' in range ? {} : range),
        },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** GET /battery/health-history for one health value (42, 52 or 56) over the default month. */
export const healthHistoryQueryOptions = (q: SiteQuery, comId: string, value: number) =>
  queryOptions({
    queryKey: key('battery', q, 'health-history', comId, value),
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.healthHistory, { query: { comId, value }, signal, progress: false }),
  });

/** GET /battery/energy/consumption for one Dhaka day. */
export const energyQueryOptions = (q: SiteQuery, date: string) =>
  queryOptions({
    queryKey: key('battery', q, 'energy', date),
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.energyConsumption, {
        query: { siteUid: q.siteUid, date, tenant: tenantQuery(q.tenant) },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /battery/power-trend for one Dhaka day. */
export const powerTrendQueryOptions = (q: SiteQuery, date: string) =>
  queryOptions({
    queryKey: key('battery', q, 'power-trend', date),
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.powerTrend, {
        query: { siteUid: q.siteUid, date, tenant: tenantQuery(q.tenant) },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /battery/backup-estimate: backup time left now, with its band. */
export const backupEstimateQueryOptions = (q: SiteQuery) =>
  queryOptions({
    queryKey: key('battery', q, 'backup-estimate'),
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.backupEstimate, {
        query: { siteUid: q.siteUid, tenant: tenantQuery(q.tenant) },
        signal,
        progress: false,
      }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** GET /dg/api/run-hours for DG or PG over Dhaka dates (the default month when none). */
export const runHoursQueryOptions = (
  q: SiteQuery,
  event: 'dg_power' | 'pg_power',
  range: { fromDate: string; untilDate: string },
) =>
  queryOptions({
    queryKey: key('generator', q, 'run-hours', event, range),
    queryFn: ({ signal }) =>
      apiCall(powerEndpoints.runHours, {
        query: { siteUid: q.siteUid, event, tenant: tenantQuery(q.tenant), zoom: 1440, ...range },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /mains/analytics/availability: `days` Dhaka days from `date`. */
export const mainsAvailabilityQueryOptions = (q: SiteQuery, date: string, days: number) =>
  queryOptions({
    queryKey: key('mains', q, 'availability', date, days),
    queryFn: ({ signal }) =>
      apiCall(powerEndpoints.mainsAvailability, {
        query: { site_uid: q.siteUid, date, days, tenant: tenantQuery(q.tenant) },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /temperature/temperature/climate for one site and Dhaka day. */
export const climateQueryOptions = (q: SiteQuery, date: string) =>
  queryOptions({
    queryKey: key('temperature', q, 'climate', date),
    queryFn: ({ signal }) =>
      apiCall(powerEndpoints.climate, {
        query: { siteUid: q.siteUid, date, limit: 1 },
        signal,
        progress: false,
      }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** The event page fetchers of the site pages (oldest id → one page of 100). */
export const eventFetchers = {
  battery: (q: SiteQuery) => (oldestId: number, signal: AbortSignal) =>
    apiCall(batteryEndpoints.events, {
      query: { site_uid: q.siteUid, oldest_id: oldestId, tenant: tenantQuery(q.tenant) },
      signal,
      progress: false,
    }),
  mains: (q: SiteQuery) => (oldestId: number, signal: AbortSignal) =>
    apiCall(powerEndpoints.mainsEvents, {
      query: { site_uid: q.siteUid, oldest_id: oldestId, tenant: tenantQuery(q.tenant) },
      signal,
      progress: false,
    }),
  temperature: (q: SiteQuery) => (oldestId: number, signal: AbortSignal) =>
    apiCall(powerEndpoints.temperatureEvents, {
      query: { siteUid: q.siteUid, oldestId, tenant: tenantQuery(q.tenant) },
      signal,
      progress: false,
    }),
  generator:
    (q: SiteQuery, event: 'dg_power' | 'pg_power' | null) => (oldestId: number, signal: AbortSignal) =>
      apiCall(powerEndpoints.generatorEvents, {
        query: { siteUid: q.siteUid, oldestId, tenant: tenantQuery(q.tenant), event: event ?? undefined },
        signal,
        progress: false,
      }),
};

/** Query keys of the fleet fuel view. */
export const fuelKeys = { all: ['fuel'] as const };

/** GET /fuel/fleet: every DG site's fuel, lowest first. */
export const fuelFleetQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: [...fuelKeys.all, 'fleet', tenant] as const,
    queryFn: ({ signal }) =>
      apiCall(powerEndpoints.fuelFleet, { query: { tenant: tenantQuery(tenant) }, signal, progress: false }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** GET /fuel/events: one page of refills and suspected thefts over the caller's sites. */
export function fetchFuelEvents(tenant: string | null, oldestId: number, signal: AbortSignal) {
  return apiCall(powerEndpoints.fuelEvents, {
    query: { oldestId, tenant: tenantQuery(tenant) },
    signal,
    progress: false,
  });
}
