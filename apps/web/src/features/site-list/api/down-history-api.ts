import { siteReportEndpoints } from '@towerwatch/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Down-history query of the history page. */
export interface DownHistoryParams {
  fromDate: string;
  untilDate: string;
  page: number;
}

/** Rows per history page. */
export const DOWN_HISTORY_PAGE_SIZE = 50;

/** GET /user/site/down-history: site-down periods overlapping the dates (Asia/Dhaka), newest first. */
export const downHistoryQueryOptions = (params: DownHistoryParams) =>
  queryOptions({
    queryKey: ['site-list-page', 'down-history', params] as const,
    queryFn: ({ signal }) =>
      apiCall(siteReportEndpoints.downHistory, {
        query: {
          from_date: params.fromDate,
          until_date: params.untilDate,
          page: params.page,
          limit: DOWN_HISTORY_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
