import { networkEndpoints } from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';

/** Query keys of the dashboard feature; `tenant` null = all allowed tenants (business dashboard). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statusCounts: (tenant: string | null) => [...dashboardKeys.all, 'status-counts', tenant] as const,
  dashboardCount: (tenant: string | null) => [...dashboardKeys.all, 'dashboard-count', tenant] as const,
  availability: (tenant: string | null, from: string, until: string) =>
    [...dashboardKeys.all, 'availability', tenant, from, until] as const,
};

/** GET /user/site/status-counts: power, dcPower, alarm, access, dg, mains, battery, temperature. */
export const statusCountsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.statusCounts(tenant),
    queryFn: ({ signal }) =>
      apiCall(networkEndpoints.statusCounts, {
        query: { tenant: tenantQuery(tenant) },
        signal,
        progress: false,
      }),
    // Live messages keep it fresh; a slow poll covers a socket that is down.
    refetchInterval: 60_000,
  });

/** GET /user/network/dashboard-count: siteCount, alarmCount, dcLoadCount. */
export const dashboardCountQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.dashboardCount(tenant),
    queryFn: ({ signal }) =>
      apiCall(networkEndpoints.dashboardCount, { query: { tenant: tenantQuery(tenant) }, signal }),
    refetchInterval: 60_000,
  });

/** GET /user/network/availability over [from, until] (Asia/Dhaka dates). */
export const availabilityQueryOptions = (tenant: string | null, from: string, until: string) =>
  queryOptions({
    queryKey: dashboardKeys.availability(tenant, from, until),
    queryFn: ({ signal }) =>
      apiCall(networkEndpoints.networkAvailability, {
        query: { tenant: tenantQuery(tenant), from_date: from, until_date: until },
        signal,
        progress: false,
      }),
    staleTime: 5 * 60_000,
  });
