/**
 * Page sizes and load limits (platform-core §4, §9; feature-areas §9).
 */
import type { DomainUser } from './users.ts';
import { isOperator } from './users.ts';

/** Sites loaded for ordinary users (platform-core §9). */
export const SITE_LOAD_LIMIT = 1000;
/** Sites loaded for sudo and support (platform-core §9). */
export const OPERATOR_SITE_LOAD_LIMIT = 3000;
/** Customer list page size (platform-core §9). */
export const CUSTOMER_PAGE_SIZE = 25;

/** How the site list is loaded for a user (platform-core §4 "Site load"). */
export type SiteLoadPlan =
  | { kind: 'operator'; customers: { page: number; limit: number }; siteLimit: number }
  | { kind: 'user'; siteLimit: number };

/**
 * Sudo/support first fetch the customer list (page 1, 25 per page) then all sites (3000); others
 * load up to 1000 sites (platform-core §4).
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
 * The site to open after loading (platform-core §4): the one named by the last_site_uid cookie if
 * still present, else the first site, else null.
 */
export function initialSiteUid(siteUids: readonly string[], cookieSiteUid?: string | null): string | null {
  if (cookieSiteUid && siteUids.includes(cookieSiteUid)) return cookieSiteUid;
  return siteUids[0] ?? null;
}

/** Chunk-load failures reload the page at most once per this many ms (platform-core §8). */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

/** True when a chunk-load failure may reload now: never reloaded, or the last one is ≥ 60 s ago. */
export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}
