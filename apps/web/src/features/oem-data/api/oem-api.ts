import { oemEndpoints } from '@towerwatch/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Query keys of the OEM pages. */
export const oemKeys = {
  all: ['oem'] as const,
  site: (siteUid: string) => [...oemKeys.all, 'site', siteUid] as const,
  rectifier: (siteUid: string, part: string) => [...oemKeys.site(siteUid), 'rectifier', part] as const,
  bms: (siteUid: string, address: number, part: string) =>
    [...oemKeys.site(siteUid), 'bms', address, part] as const,
  events: (siteUid: string) => [...oemKeys.site(siteUid), 'events'] as const,
  eventCount: (siteUid: string) => [...oemKeys.site(siteUid), 'event-count'] as const,
  banks: ['oem', 'battery-bank-health'] as const,
};

/** OEM records arrive every 5 to 15 minutes: a minute's refresh keeps the page current. */
const REFRESH_MS = 60_000;

const siteQuery = <T>(key: readonly unknown[], fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => fetch(signal), refetchInterval: REFRESH_MS });

export const rectifierInfoQuery = (siteUid: string) =>
  siteQuery(oemKeys.rectifier(siteUid, 'info'), (signal) =>
    apiCall(oemEndpoints.rectifierInfo, { query: { siteUid }, signal, progress: false }),
  );

export const rectifierSettingQuery = (siteUid: string) =>
  siteQuery(oemKeys.rectifier(siteUid, 'setting'), (signal) =>
    apiCall(oemEndpoints.rectifierSetting, { query: { siteUid }, signal, progress: false }),
  );

export const rectifierAlarmQuery = (siteUid: string) =>
  siteQuery(oemKeys.rectifier(siteUid, 'alarm'), (signal) =>
    apiCall(oemEndpoints.rectifierAlarm, { query: { siteUid }, signal, progress: false }),
  );

/** The latest measurement and the last 24 hours. */
export const rectifierMeasurementQuery = (siteUid: string) =>
  siteQuery(oemKeys.rectifier(siteUid, 'measurement'), (signal) =>
    apiCall(oemEndpoints.rectifierMeasurement, { query: { siteUid }, signal, progress: false }),
  );

export const bmsMeasurementQuery = (siteUid: string, address: number) =>
  queryOptions({
    ...siteQuery(oemKeys.bms(siteUid, address, 'measurement'), (signal) =>
      apiCall(oemEndpoints.bmsMeasurement, { query: { siteUid, address }, signal, progress: false }),
    ),
    placeholderData: keepPreviousData,
  });

export const bmsAlarmQuery = (siteUid: string, address: number) =>
  siteQuery(oemKeys.bms(siteUid, address, 'alarm'), (signal) =>
    apiCall(oemEndpoints.bmsAlarm, { query: { siteUid, address }, signal, progress: false }),
  );

/**
 * The active OEM alarm count. Its failures are ignored silently (docs/requirements.md#oem-screens):
 * no retry, no error shown; the count is simply not drawn.
 */
export const eventCountQuery = (siteUid: string) =>
  queryOptions({
    ...siteQuery(oemKeys.eventCount(siteUid), (signal) =>
      apiCall(oemEndpoints.eventCount, { query: { siteUid }, signal, progress: false }),
    ),
    retry: false,
  });

/** OEM events, newest first, a page of 100 below the cursor (infinite scroll). */
export const oemEventsQuery = (siteUid: string) =>
  infiniteQueryOptions({
    queryKey: oemKeys.events(siteUid),
    queryFn: ({ pageParam, signal }) =>
      apiCall(oemEndpoints.event, {
        query: { siteUid, ...(pageParam ? { oldestId: pageParam } : {}) },
        signal,
        progress: false,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOldestId ?? undefined,
  });

export const bankHealthQuery = () =>
  queryOptions({
    queryKey: oemKeys.banks,
    queryFn: ({ signal }) => apiCall(oemEndpoints.bankHealth, { signal }),
  });

/** Downloads the battery bank ranking as .xlsx. */
export async function downloadBankHealth(): Promise<void> {
  saveFile(await apiCall(oemEndpoints.bankHealthExport, {}), 'battery-bank-health.xlsx');
}
