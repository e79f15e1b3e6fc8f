import type { AuthUser, SiteLeanListReply } from '@towerwatch/contract';
import {
  allowedTenants,
  COOKIES,
  focusedTenantFor,
  initialSiteUid,
  siteLoadPlan,
  visibleSiteTenants,
} from '@towerwatch/domain';
import { readCookie } from '../../lib/cookies.ts';
import { queryClient } from '../../lib/query-client.ts';
import { focusedSiteStore } from '../../lib/site-focus.ts';
import { siteListQueryOptions } from './api/site-list-api.ts';

/**
 * Opens the initial site of a loaded list (docs/requirements.md#site-load): the last_site_uid cookie's
 * site if still present, else the first; the focused tenant is the last_site_tenant cookie if allowed,
 * else the site's first allowed tenant. Does nothing when a site is already focused.
 */
export function focusInitialSite(
  user: AuthUser,
  items: SiteLeanListReply['items'],
  /** The site the URL names (`?site_uid=`: a shared link or a reload), first choice when listed. */
  urlSiteUid: string | null = null,
): void {
  const focused = focusedSiteStore.get();
  if (focused !== null && (!urlSiteUid || focused.siteUid === urlSiteUid)) return;
  const uids = items.map((site) => site.uid);
  if (focused !== null && urlSiteUid && !uids.includes(urlSiteUid)) return;
  const uid =
    urlSiteUid && uids.includes(urlSiteUid)
      ? urlSiteUid
      : initialSiteUid(uids, readCookie(COOKIES.lastSiteUid));
  const site = items.find((item) => item.uid === uid);
  if (!site) return;
  const allowed = allowedTenants(user);
  focusedSiteStore.set({
    siteUid: site.uid,
    name: site.name,
    genericSiteId: site.meta.generic_site_id ?? site.uid,
    tenants: visibleSiteTenants(site.tenants, allowed),
    tenant: focusedTenantFor(site.tenants, allowed, readCookie(COOKIES.lastSiteTenant)),
  });
}

/** True when the user's site list is in the cache. */
export function isSiteListLoaded(user: AuthUser): boolean {
  return queryClient.getQueryData(siteListQueryOptions(siteLoadPlan(user).siteLimit).queryKey) !== undefined;
}

/** True while the site list is being fetched. */
export function isSiteListLoading(user: AuthUser): boolean {
  return (
    queryClient.getQueryState(siteListQueryOptions(siteLoadPlan(user).siteLimit).queryKey)?.fetchStatus ===
    'fetching'
  );
}

/**
 * The setup guard's load (docs/requirements.md#guards): fetch the site list and open the initial site. A
 * failure is swallowed (docs/requirements.md#silent-failures).
 */
export async function loadSiteList(user: AuthUser, urlSiteUid: string | null = null): Promise<void> {
  const plan = siteLoadPlan(user);
  if (plan.kind !== 'user') return;
  try {
    const { items } = await queryClient.fetchQuery(siteListQueryOptions(plan.siteLimit));
    focusInitialSite(user, items, urlSiteUid);
  } catch {
    // Swallowed: the pages show what they can without the list.
  }
}
