/**
 * The tenant rule for actions (docs/security.md "Who can do what", docs/api.md "Scoping"): an action
 * reaches sites — a card group attached to a site group reaches every member site, a master card every
 * site of its company, a messaging group every site it is subscribed to. The caller may act only when
 * they may see every site the action reaches (their company, at least one allowed tenant: `siteScope`).
 *
 * The one place that answers "which of these sites may the caller not see":
 * - a site the caller names itself and may not see is `404 Site not found` (`requireSite`, as reads);
 * - an action on an object the caller sees (a card, a group) whose effect reaches a site they may not
 *   see is `403` {@link REACH_REFUSED} — see {@link assertReachVisible};
 * - lists and counts keep only visible sites: {@link visibleSiteUidsSql} in SQL;
 * - at a shared site, an item of another tenant (a pin config) is the tenant's: {@link tenantItemVisible}
 *   (a named one is 404), and an action that would delete such items is 403 ({@link assertTenantItemsVisible}).
 *
 *   await assertReachVisible(db, caller, await cards.sitesOfCard(id));        // a set of sites
 *   await assertReachVisible(db, caller, { companyId: card.company_id });     // every site of a company
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { ForbiddenError } from '../../errors.ts';
import { type SqlParams, siteScope, sqlParams } from './sql-scope.ts';

/** The 403 message of an action that reaches a site outside the caller's scope. */
export const REACH_REFUSED = 'This action reaches sites outside your allowed tenants';

/** What an action reaches: some sites (uids), or every site of a company (a master card). */
export type Reach = Iterable<string> | { companyId: string };

/**
 * SQL: the uids of the sites the caller may see, as a subquery (`x.site_uid in ${visibleSiteUidsSql(caller, p)}`).
 * Operators: every site.
 */
export function visibleSiteUidsSql(caller: Caller, p: SqlParams): string {
  return `(select vs.uid from sites vs where ${siteScope(caller, p, 'vs')})`;
}

/**
 * The sites an action reaches that the caller may not see (sorted; at most `limit`). Uids of no site
 * (a deleted one) reach nothing and are not listed. Operators: none.
 */
export async function hiddenSitesOf(
  db: Queryable,
  caller: Caller,
  reach: Reach,
  limit = 100,
): Promise<string[]> {
  if (caller.isOperator) return [];
  const p = sqlParams();
  let which: string;
  if (isCompanyReach(reach)) which = `s.company_id = ${p.add(reach.companyId)}`;
  else {
    const uids = [...new Set(reach)];
    if (uids.length === 0) return [];
    which = `s.uid = any(${p.add(uids)}::text[])`;
  }
  const { rows } = await db.query<{ uid: string }>(
    `select s.uid from sites s where ${which} and not ${siteScope(caller, p, 's')} order by s.uid limit ${p.add(limit)}`,
    p.values,
  );
  return rows.map((r) => r.uid);
}

/** True when the caller may see every site the action reaches. */
export async function reachIsVisible(db: Queryable, caller: Caller, reach: Reach): Promise<boolean> {
  return (await hiddenSitesOf(db, caller, reach, 1)).length === 0;
}

/** Throws 403 {@link REACH_REFUSED} unless the caller may see every site the action reaches. */
export async function assertReachVisible(db: Queryable, caller: Caller, reach: Reach): Promise<void> {
  if (!(await reachIsVisible(db, caller, reach))) throw new ForbiddenError(REACH_REFUSED);
}

/**
 * True when the caller may see an item of this tenant at a site they see (a pin config, a device's
 * tenant data): an item of no tenant is the site's; one of a tenant needs that tenant allowed.
 */
export function tenantItemVisible(caller: Caller, tenant: string | null | undefined): boolean {
  return caller.isOperator || !tenant || caller.allowedTenants.includes(tenant);
}

/**
 * Throws 403 {@link REACH_REFUSED} when an action at a shared site reaches items of a tenant the
 * caller may not see (unbinding a device deletes every tenant's pin configs).
 */
export function assertTenantItemsVisible(caller: Caller, tenants: Iterable<string | null>): void {
  for (const tenant of tenants)
    if (!tenantItemVisible(caller, tenant)) throw new ForbiddenError(REACH_REFUSED);
}

function isCompanyReach(reach: Reach): reach is { companyId: string } {
  return typeof (reach as { companyId?: unknown }).companyId === 'string';
}
