import { queryOptions } from '@tanstack/react-query';
import {
  type AcknowledgeEventReply,
  batteryEndpoints,
  type EventPageReply,
  networkEndpoints,
  siteEndpoints,
} from '@towerwatch/contract';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';

/** Query keys of the focused site's pages. */
export const siteOverviewKeys = {
  all: ['site-overview'] as const,
  details: (siteUid: string) => [...siteOverviewKeys.all, 'details', siteUid] as const,
  alarms: (siteUid: string) => [...siteOverviewKeys.all, 'alarms', siteUid] as const,
};

/** GET /user/site/details: the site, its pin configs with their latest values, devices and controls. */
export const siteDetailsQueryOptions = (siteUid: string) =>
  queryOptions({
    queryKey: siteOverviewKeys.details(siteUid),
    queryFn: ({ signal }) => apiCall(siteEndpoints.siteDetails, { query: { site_uid: siteUid }, signal }),
  });

/** GET /user/site/alarms: the site's alarms, tenant-filtered for the caller. */
export const siteAlarmsQueryOptions = (siteUid: string) =>
  queryOptions({
    queryKey: siteOverviewKeys.alarms(siteUid),
    queryFn: ({ signal }) => apiCall(siteEndpoints.siteAlarms, { query: { site_uid: siteUid }, signal }),
  });

/**
 * GET /battery/backup-estimate: the backup time left now (docs/requirements.md#backup-estimate), shown
 * until the socket's BATTERY_BACKUP_TIME_LEFT brings a newer figure; refreshed every minute.
 */
export const backupEstimateQueryOptions = (siteUid: string, tenant: string | null) =>
  queryOptions({
    queryKey: [...siteOverviewKeys.all, 'backup', siteUid, tenant] as const,
    queryFn: ({ signal }) =>
      apiCall(batteryEndpoints.backupEstimate, {
        query: { siteUid, tenant: tenantQuery(tenant) },
        signal,
        progress: false,
      }),
    refetchInterval: 60_000,
  });

/** GET /user/site/events: one page (100, newest first) of ids below `oldestId`. */
export function fetchEventPage(
  siteUid: string,
  oldestId: number,
  tenant: string | null,
  signal?: AbortSignal,
): Promise<EventPageReply> {
  return apiCall(networkEndpoints.siteEvents, {
    query: { site_uid: siteUid, oldest_id: oldestId, tenant: tenantQuery(tenant) },
    signal,
    progress: false,
  });
}

/** POST /user/network/acknowledge-event. */
export function acknowledgeEvent(eventId: number): Promise<AcknowledgeEventReply> {
  return apiCall(networkEndpoints.acknowledgeEvent, { body: { eventId } });
}
