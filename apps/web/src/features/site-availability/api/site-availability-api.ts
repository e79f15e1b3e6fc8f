import { siteReportEndpoints } from '@towerwatch/contract';
import { dhakaDayEnd } from '@towerwatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall, tenantQuery } from '../../../lib/api-client.ts';

/** The range and tenant of the availability page. */
export interface AvailabilityParams {
  fromDate: string;
  untilDate: string;
  tenant: string | null;
}

/** Query keys of the availability page. */
export const siteAvailabilityKeys = {
  all: ['site-availability'] as const,
  sites: (params: AvailabilityParams) => [...siteAvailabilityKeys.all, 'sites', params] as const,
  periods: (siteUid: string, params: AvailabilityParams) =>
    [...siteAvailabilityKeys.all, 'periods', siteUid, params] as const,
};

/** GET /user/site/availability: every visible site's availability over the range. */
export const siteAvailabilityQueryOptions = (params: AvailabilityParams) =>
  queryOptions({
    queryKey: siteAvailabilityKeys.sites(params),
    queryFn: ({ signal }) =>
      apiCall(siteReportEndpoints.siteAvailability, {
        query: {
          from_date: params.fromDate,
          until_date: params.untilDate,
          tenant: tenantQuery(params.tenant),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A range reaching today keeps counting: refresh it once a minute (past ranges do not change
    // but through late history, and a site_down event refetches anyway).
    refetchInterval: (query) =>
      query.state.data && Date.parse(query.state.data.until) >= dhakaDayEnd(params.untilDate).getTime()
        ? false
        : 60_000,
  });

/** Most periods one site shows in the detail (a site down more often than this is summarised). */
export const SITE_PERIODS_LIMIT = 500;

/** GET /user/site/down-history for one site: its down periods overlapping the range. */
export const sitePeriodsQueryOptions = (siteUid: string, params: AvailabilityParams) =>
  queryOptions({
    queryKey: siteAvailabilityKeys.periods(siteUid, params),
    queryFn: ({ signal }) =>
      apiCall(siteReportEndpoints.downHistory, {
        query: {
          site_uid: siteUid,
          from_date: params.fromDate,
          until_date: params.untilDate,
          limit: SITE_PERIODS_LIMIT,
        },
        signal,
      }),
  });
