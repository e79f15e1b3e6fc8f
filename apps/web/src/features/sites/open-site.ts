import type { AuthUser } from '@towerwatch/contract';
import { allowedTenants, COOKIES, focusedTenantFor, visibleSiteTenants } from '@towerwatch/domain';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { focusedSiteStore } from '../../lib/site-focus.ts';
import { startSiteSession } from './api/visible-sites-api.ts';

/** The least of a site needed to focus it. */
export interface SiteToOpen {
  uid: string;
  name: string;
  tenants: readonly string[];
  meta: { generic_site_id: string | null };
}

/**
 * Focuses a site (docs/requirements.md#site-load): POST /user/session/start, the last_site_uid and
 * last_site_tenant cookies, and the focused-site store (which restarts the live session on /wss).
 * The focused tenant stays the last one when the site has it, else the site's first allowed tenant.
 */
export async function openSite(user: AuthUser, site: SiteToOpen): Promise<void> {
  const reply = await startSiteSession(site.uid);
  const allowed = allowedTenants(user);
  const tenants = reply.tenants.length > 0 ? reply.tenants : visibleSiteTenants(site.tenants, allowed);
  const tenant = focusedTenantFor(tenants, allowed, readCookie(COOKIES.lastSiteTenant));
  writeCookie(COOKIES.lastSiteUid, site.uid);
  if (tenant) writeCookie(COOKIES.lastSiteTenant, tenant);
  focusedSiteStore.set({
    siteUid: site.uid,
    name: reply.name || site.name,
    genericSiteId: site.meta.generic_site_id ?? site.uid,
    tenants,
    tenant,
  });
}
