/**
 * Page sizes and load limits (docs/requirements.md#site-load, docs/requirements.md#page-sizes; docs/requirements.md#constants).
 */
import type { DomainUser } from './users.ts';
import { isOperator } from './users.ts';

/** Sites loaded for ordinary users (docs/requirements.md#page-sizes). */
export const SITE_LOAD_LIMIT = 1000;
/** Sites loaded for sudo and support (docs/requirements.md#page-sizes). */
export const OPERATOR_SITE_LOAD_LIMIT = 3000;
/** Customer list page size (docs/requirements.md#page-sizes). */
export const CUSTOMER_PAGE_SIZE = 25;

/** How the site list is loaded for a user (docs/requirements.md#site-load). */
export type SiteLoadPlan =
  | { kind: 'operator'; customers: { page: number; limit: number }; siteLimit: number }
  | { kind: 'user'; siteLimit: number };

/**
 * Sudo/support first fetch the customer list (page 1, 25 per page) then all sites (3000); others
 * load up to 1000 sites (docs/requirements.md#site-load).
 */
export function siteLoadPlan(user: Pick<DomainUser, 'type'>): SiteLoadPlan {
  return isOperator(user)
    ? {
        kind: 'operator',
        customers: { page: 1, limit: CUSTOMER_PAGE_SIZE },
        siteLimit: OPERATOR_SITE_LOAD_LIMIT,
      }
    : { kind: 'user', siteLimit: SITE_LOAD_LIMIT };
}

/**
 * The site to open after loading (docs/requirements.md#site-load): the one named by the last_site_uid cookie if
 * still present, else the first site, else null.
 */
export function initialSiteUid(siteUids: readonly string[], cookieSiteUid?: string | null): string | null {
  if (cookieSiteUid && siteUids.includes(cookieSiteUid)) return cookieSiteUid;
  return siteUids[0] ?? null;
}

/** Chunk-load failures reload the page at most once per this many ms (docs/requirements.md#chunk-reload). */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

/** True when a chunk-load failure may reload now: never reloaded, or the last one is ≥ 60 s ago. */
export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}
