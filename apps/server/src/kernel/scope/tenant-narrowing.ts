/**
 * SQL for a `tenant` / `tenants` parameter on alarm and event rows: rows of those (allowed) tenants,
 * tenant-less power rows only when the first operator tenant is among them (they count as that
 * tenant, docs/requirements.md#tenant-rule), and tenant-less non-power rows (site-wide, e.g. door events).
 */
import { FIRST_OPERATOR_TENANT } from '@towerwatch/domain';
import { type PowerColumn, powerNamesOf, type SqlParams } from './sql-scope.ts';

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
