import { deviceMonitorEndpoints, type OemRecordsQuery, oemEndpoints } from '@towerwatch/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Query keys of the monitor pages. */
export const monitorKeys = {
  all: ['monitor'] as const,
  health: () => [...monitorKeys.all, 'health'] as const,
  records: (filter: OemRecordFilter) => [...monitorKeys.all, 'oem-records', filter] as const,
};

/** Every controller with its health; refreshed every 30 s (a 50,000-device fleet is about 20 MB of JSON). */
export const deviceHealthQuery = () =>
  queryOptions({
    queryKey: monitorKeys.health(),
    queryFn: ({ signal }) =>
      apiCall(deviceMonitorEndpoints.healthList, { query: {}, signal, progress: false }),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

/** The filters of the OEM records page. */
export type OemRecordFilter = Pick<OemRecordsQuery, 'company_id' | 'site_uid' | 'kind' | 'from_time'>;

/** The fleet's raw OEM records, 100 a page below the cursor. */
export const oemRecordsQuery = (filter: OemRecordFilter) =>
  infiniteQueryOptions({
    queryKey: monitorKeys.records(filter),
    queryFn: ({ pageParam, signal }) =>
      apiCall(oemEndpoints.oemRecords, {
        query: { ...filter, ...(pageParam ? { oldest_id: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOldestId ?? undefined,
  });
