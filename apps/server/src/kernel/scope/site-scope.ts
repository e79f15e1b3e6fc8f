/**
 * Scope decisions shared by the site and network services (docs/api.md "Scoping"):
 * - a site outside the caller's scope is answered 404 "Site not found", exactly like a missing one;
 * - `user_uid`/`userUid`: operators pick a customer (404 "User not found" when unknown); others may
 *   only name themselves or their root user (else the same 404);
 * - `company_id`: operators pick a customer by its id, with or without a root user (404 "Company not
 *   found" when unknown); others may only name their own company (else the same 404);
 * - a `tenant`/`tenants` value outside the caller's allowed tenants is 403.
 */
import type { Caller } from '../../auth/caller.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import type { SiteRow } from '../rows/site-rows.ts';

/** What the scope decisions read (the site module's `SiteLookup` provides it). */
export interface ScopeLookup {
  findScoped(caller: Caller, siteUid: string, withDevices?: boolean): Promise<SiteRow | null>;
  findUserCompany(uid: string): Promise<{ companyId: string | null } | null>;
  /** True when a company with this id exists. */
  companyExists(companyId: string): Promise<boolean>;
}

/** The company filter that matches no site (an operator naming a user without a company). */
export const NO_COMPANY = '(no company)';

/** The company filter implied by `user_uid` (undefined = the caller's normal scope). */
export async function ownerFilter(
  repo: ScopeLookup,
  caller: Caller,
  userUid: string | undefined,
  companyId?: string,
): Promise<{ companyId?: string }> {
  if (companyId) return companyFilter(repo, caller, companyId);
  if (!userUid) return {};
  if (!caller.isOperator) {
    if (userUid !== caller.uid && userUid !== caller.rootUid) throw new NotFoundError('User not found');
    return {};
  }
  const owner = await repo.findUserCompany(userUid);
  if (!owner) throw new NotFoundError('User not found');
  // An operator naming provider staff (no company) sees no customer sites: a company id no company has
  // (non-empty, as the repositories test it for truth; no NUL, which PostgreSQL refuses: issue 12).
  return { companyId: owner.companyId ?? NO_COMPANY };
}

/**
 * The company filter of `company_id` (docs/api.md "Scoping"): an operator acting on a customer names
 * it explicitly, so a customer without a root user is reachable too; anyone else only their own.
 */
async function companyFilter(
  repo: ScopeLookup,
  caller: Caller,
  companyId: string,
): Promise<{ companyId?: string }> {
  if (!caller.isOperator) {
    if (companyId !== caller.companyId) throw new NotFoundError('Company not found');
    return {};
  }
  if (!(await repo.companyExists(companyId))) throw new NotFoundError('Company not found');
  return { companyId };
}

/** Throws 403 unless every tenant is allowed to the caller. */
export function assertTenantsAllowed(caller: Caller, tenants: readonly string[] | undefined): void {
  for (const tenant of tenants ?? []) {
    if (!caller.allowedTenants.includes(tenant)) throw new ForbiddenError(`Tenant ${tenant} is not allowed`);
  }
}

/** The site if the caller may see it; 404 otherwise. */
export async function requireSite(
  repo: ScopeLookup,
  caller: Caller,
  siteUid: string,
  withDevices = true,
): Promise<SiteRow> {
  const site = await repo.findScoped(caller, siteUid, withDevices);
  if (!site) throw new NotFoundError('Site not found');
  return site;
}
