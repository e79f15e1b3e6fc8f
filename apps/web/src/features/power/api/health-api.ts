import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type DeviceHealthCategory, siteReportEndpoints } from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** Devices shown per page of the health list (the call's default page size). */
export const HEALTH_PAGE_SIZE = 1000;

/** Query keys of the health page. */
export const healthKeys = {
  all: ['device-health'] as const,
  list: (category: DeviceHealthCategory | null, page: number) =>
    [...healthKeys.all, category ?? 'all', page] as const,
};

/** GET /site/healths: the company's device counts by category and one page of its devices. */
export const siteHealthsQueryOptions = (category: DeviceHealthCategory | null, page: number) =>
  queryOptions({
    queryKey: healthKeys.list(category, page),
    queryFn: ({ signal }) =>
      apiCall(siteReportEndpoints.siteHealths, {
        query: { category: category ?? undefined, page, limit: HEALTH_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
