/**
 * SQL for a `tenant` / `tenants` parameter on alarm and event rows: rows of those (allowed) tenants,
 * tenant-less power rows only when the first operator tenant is among them (they count as that
 * tenant, platform-core §5), and tenant-less non-power rows (site-wide, e.g. door events).
 */
import { FIRST_OPERATOR_TENANT } from '@towerwatch/domain';
import { type PowerColumn, powerNamesOf, type SqlParams } from '../../auth/scope.ts';

export function tenantNarrowing(
  p: SqlParams,
  tenants: readonly string[],
  tenantCol: string,
  power: PowerColumn,
): string {
  const powerIncluded = tenants.includes(FIRST_OPERATOR_TENANT);
  const { column, names } = powerNamesOf(power);
  const noTenant = powerIncluded ? 'true' : `not (${column} = any(${p.add([...names])}::text[]))`;
  return `(${tenantCol} = any(${p.add([...tenants])}::text[]) or (${tenantCol} = '' and ${noTenant}))`;
}

/** Start of a calendar day in Asia/Dhaka (UTC+6, no daylight saving). */
export function dhakaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+06:00`);
}

/** The calendar date (YYYY-MM-DD) in Asia/Dhaka of an instant. */
export function dhakaDate(at: Date): string {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
}
