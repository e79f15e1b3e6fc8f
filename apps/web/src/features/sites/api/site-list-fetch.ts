import { type SiteLeanListReply, siteEndpoints } from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { leanSiteList } from '../../../lib/site-fetch-reply.ts';

/**
 * GET /user/site/fetch's first `limit` sites, asked in the compact form and read back as lean items.
 * Its own module, imported when the list is first fetched: the guards (which run before /login too)
 * know the site list's query without bringing the site endpoints' schemas into the sign-in page.
 */
export async function fetchSiteList(limit: number, signal: AbortSignal): Promise<SiteLeanListReply> {
  return leanSiteList(
    await apiCall(siteEndpoints.siteFetch, {
      query: { page: 1, limit, compact: true },
      signal,
      progress: false,
    }),
  );
}
