import { COOKIES, tenantChangeTakesEffect } from '@towerwatch/domain';
import { writeCookie } from './cookies.ts';
import { createExternalStore } from './external-store.ts';

/**
 * The focused site (docs/requirements.md#site-load): set by the site list / site pages, read by the
 * top bar (site-ID label, site name, tenant dropdown) and the site guard.
 */
export interface FocusedSite {
  siteUid: string;
  name: string;
  /** meta.generic_site_id, the ID people copy. */
  genericSiteId: string;
  /** The site's tenants that the user may see. */
  tenants: readonly string[];
  /** The focused tenant. */
  tenant: string | null;
}

/** The focused site store; null when none is selected. */
export const focusedSiteStore = createExternalStore<FocusedSite | null>(null);

/**
 * Chooses the focused tenant; takes effect only when it differs from the current one
 * (docs/requirements.md#tenant-dropdown). Returns whether it changed.
 */
export function selectFocusedTenant(tenant: string): boolean {
  const site = focusedSiteStore.get();
  if (!site || !tenantChangeTakesEffect(site.tenant, tenant) || !site.tenants.includes(tenant)) return false;
  focusedSiteStore.set({ ...site, tenant });
  writeCookie(COOKIES.lastSiteTenant, tenant);
  return true;
}
