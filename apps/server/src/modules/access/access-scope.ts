/**
 * Company scope of the access-control calls (docs/api.md "Scoping"): cards and groups belong to a
 * company; a caller reaches its own company's (operators: every company, or the customer named by
 * `userUid`); anything else is 404, exactly like a missing one.
 */
import type { Caller } from '../../auth/caller.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { NO_COMPANY, ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';

/**
 * The company a list call reads: undefined = every company (an operator without `userUid`).
 */
export async function readCompany(sites: SiteLookup, caller: Caller, userUid: string | undefined) {
  const owner = await ownerFilter(sites, caller, userUid);
  if (caller.isOperator) return owner.companyId;
  return caller.companyId ?? NO_COMPANY;
}

/**
 * The company a create call writes to: operators name the customer with `userUid` (required, `field`);
 * everyone else writes to their own company (`userUid` ignored, as POST /user/site/save).
 */
export async function writeCompany(
  sites: SiteLookup,
  caller: Caller,
  userUid: string | undefined,
  field: string,
): Promise<string> {
  if (!caller.isOperator) {
    if (!caller.companyId) throw new NotFoundError('User not found');
    return caller.companyId;
  }
  if (!userUid) throw new ValidationError(field, 'userUid is required for operators');
  const company = (await ownerFilter(sites, caller, userUid)).companyId;
  if (!company || company === NO_COMPANY) throw new NotFoundError('User not found');
  return company;
}

/** The row when the caller may reach its company; else 404 `what not found`. */
export function requireOwned<T extends { company_id: string }>(
  caller: Caller,
  row: T | null,
  what: string,
): T {
  if (!row || (!caller.isOperator && row.company_id !== caller.companyId))
    throw new NotFoundError(`${what} not found`);
  return row;
}
