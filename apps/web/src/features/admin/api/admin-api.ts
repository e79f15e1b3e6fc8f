/** Query keys, query options and calls of the administration screens. */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminEndpoints, siteEndpoints, userEndpoints } from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { leanSiteList } from '../../../lib/site-fetch-reply.ts';

/** Query keys of the administration screens (one place). */
export const adminKeys = {
  all: ['admin'] as const,
  companies: (page: number, search: string) => [...adminKeys.all, 'companies', page, search] as const,
  customerSites: (companyId: string) => [...adminKeys.all, 'customer-sites', companyId] as const,
  site: (siteUid: string) => [...adminKeys.all, 'site', siteUid] as const,
  devices: (q: DeviceFilter) => [...adminKeys.all, 'devices', q] as const,
  freeDevices: () => [...adminKeys.all, 'free-devices'] as const,
  vendors: (companyId: string | null, search: string) =>
    [...adminKeys.all, 'vendors', companyId, search] as const,
  tokens: (vendorUid: string) => [...adminKeys.all, 'tokens', vendorUid] as const,
  users: (search: string) => [...adminKeys.all, 'users', search] as const,
};

/** Filters of the device list. */
export interface DeviceFilter {
  page: number;
  search: string;
  companyId: string | null;
  bound: 'yes' | 'no' | null;
}

/** GET /user/company/list: customers, 25 per page. */
export const companiesQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: adminKeys.companies(page, search),
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.companyList, { query: { page, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** Every customer (for pickers): the first 100. */
export const allCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'companies-all'],
    queryFn: ({ signal }) => apiCall(adminEndpoints.companyList, { query: { page: 1, limit: 100 }, signal }),
  });

/** A customer's sites (`company_id`: reached with or without a root user). */
export const customerSitesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: adminKeys.customerSites(companyId),
    queryFn: async ({ signal }) =>
      leanSiteList(
        await apiCall(siteEndpoints.siteFetch, {
          query: { company_id: companyId, compact: true, limit: 3000, with_devices: true },
          signal,
        }),
      ),
    refetchInterval: 15_000,
  });

/** GET /user/site/details: the site with its pin configs. */
export const siteDetailsQueryOptions = (siteUid: string) =>
  queryOptions({
    queryKey: adminKeys.site(siteUid),
    queryFn: ({ signal }) => apiCall(siteEndpoints.siteDetails, { query: { site_uid: siteUid }, signal }),
  });

/** GET /user/device/list. */
export const devicesQueryOptions = (f: DeviceFilter) =>
  queryOptions({
    queryKey: adminKeys.devices(f),
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.deviceList, {
        query: {
          page: f.page,
          limit: 50,
          search: f.search || undefined,
          company_id: f.companyId ?? undefined,
          bound: f.bound ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /user/device/com-id: unbound controllers and a free com_id. */
export const freeDevicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.freeDevices(),
    queryFn: ({ signal }) => apiCall(adminEndpoints.deviceComIds, { query: { limit: 100 }, signal }),
  });

/** GET /urms/admin/vendor. */
export const vendorsQueryOptions = (companyId: string | null, search: string) =>
  queryOptions({
    queryKey: adminKeys.vendors(companyId, search),
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.vendorList, {
        query: { company_id: companyId ?? undefined, search: search || undefined, limit: 200 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /urms/admin/api-tokens. */
export const tokensQueryOptions = (vendorUid: string) =>
  queryOptions({
    queryKey: adminKeys.tokens(vendorUid),
    queryFn: ({ signal }) => apiCall(adminEndpoints.listTokens, { query: { vendor_uid: vendorUid }, signal }),
  });

/** GET /user/user/list. */
export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ signal }) =>
      apiCall(userEndpoints.list, { query: { page: 1, limit: 1000, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
