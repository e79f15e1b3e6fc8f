import type { AuthUser } from '@towerwatch/contract';
import { useQuery } from '@tanstack/react-query';
import {
  allowedTenants,
  COOKIES,
  focusedTenantFor,
  initialSiteUid,
  siteLoadPlan,
  visibleSiteTenants,
} from '@towerwatch/domain';
import { useEffect } from 'react';
import { readCookie } from '../../../lib/cookies.ts';
import { liveClient } from '../../../lib/live-client.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { siteListQueryOptions } from '../api/site-list-api.ts';

/**
 * Site load (platform-core §4): after sign-in, ordinary users load up to 1000 sites and open the
 * site named by the last_site_uid cookie if it is still there, else the first; the focused tenant
 * is the last_site_tenant cookie if allowed, else the site's first allowed tenant. Opening a site
 * starts its live session. Operators (sudo, support) work from the customer list instead.
 */
export function useSiteLoad(user: AuthUser): void {
  const plan = siteLoadPlan(user);
  const sites = useQuery({ ...siteListQueryOptions(plan.siteLimit), enabled: plan.kind === 'user' });

  useEffect(() => {
    const items = sites.data?.items;
    if (!items || focusedSiteStore.get() !== null) return;
    const uid = initialSiteUid(
      items.map((site) => site.uid),
      readCookie(COOKIES.lastSiteUid),
    );
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
  }, [sites.data, user]);

  useEffect(() => {
    let current: string | null = null;
    const sync = () => {
      const uid = focusedSiteStore.get()?.siteUid ?? null;
      if (uid !== current) {
        current = uid;
        liveClient.startSession(uid);
      }
    };
    sync();
    return focusedSiteStore.subscribe(sync);
  }, []);
}
