/**
 * Row scoping used by every repository: a caller sees only its company's sites and allowed tenants;
 * operators (sudo, support) see every company (platform-core §6; brief "Security is the server's job").
 *
 * The helpers return a SQL condition and push their values into a {@link SqlParams}, so they
 * compose with the rest of a query:
 *
 *   const p = sqlParams();
 *   const sql = `select ... from sites s where ${siteScope(caller, p, 's')} and s.uid = ${p.add(uid)}`;
 *   await db.query(sql, p.values);
 */
import { FIRST_OPERATOR_TENANT, POWER_EVENTS, RECTIFIER_LOW_VOLTAGE_EVENT } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';

/** Positional parameters being collected for one query. */
export interface SqlParams {
  readonly values: unknown[];
  /** Adds a value and returns its placeholder (`$n`). */
  add(value: unknown): string;
}

export function sqlParams(initial: unknown[] = []): SqlParams {
  const values = [...initial];
  return {
    values,
    add(value) {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/** Companies the caller sees: `undefined` = all (operators), else only its own company. */
export function scopedCompanyId(caller: Caller): string | null | undefined {
  return caller.isOperator ? undefined : caller.companyId;
}

/**
 * Condition on a `sites` row (alias `alias`): same company as the caller (operators: any) and at
 * least one allowed tenant (sites without tenants stay visible to their company). A caller without
 * a company who is not an operator sees no site.
 */
export function siteScope(caller: Caller, p: SqlParams, alias = 'sites'): string {
  if (caller.isOperator) return 'true';
  if (!caller.companyId) return 'false';
  return `(${alias}.company_id = ${p.add(caller.companyId)} and (${alias}.tenants && ${p.add(
    caller.allowedTenants,
  )}::text[] or cardinality(${alias}.tenants) = 0))`;
}

/**
 * Condition on a tenant column of alarms/events: the tenant is allowed; rows without a tenant ('')
 * are shown, except power alarms/events, which count as the first operator tenant and are hidden
 * when that tenant is not allowed (platform-core §5). `nameColumn` is the alarm id / event name
 * column used to tell power rows apart.
 */
export function tenantScope(caller: Caller, p: SqlParams, tenantColumn: string, nameColumn?: string): string {
  const allowed = p.add(caller.allowedTenants);
  const firstAllowed = caller.allowedTenants.includes(FIRST_OPERATOR_TENANT);
  if (firstAllowed || !nameColumn)
    return `(${tenantColumn} = '' or ${tenantColumn} = any(${allowed}::text[]))`;
  return `(${tenantColumn} = any(${allowed}::text[]) or (${tenantColumn} = '' and not (${nameColumn} = any(${p.add([...POWER_NAMES])}::text[]))))`;
}

/**
 * Power event names (domain POWER_EVENTS + rectifier battery_low) and the power alarm ids
 * (platform-core §3 alarm ids of the power group) that count as the first operator tenant's.
 */
export const POWER_NAMES: readonly string[] = [
  ...POWER_EVENTS,
  RECTIFIER_LOW_VOLTAGE_EVENT,
  'ac_line_fail',
  'dc_power_fail',
  'site_on_battery',
  'rectifier_fail',
];

/** True for power events and power alarm ids. */
export function isPowerName(name: string): boolean {
  return POWER_NAMES.includes(name);
}

/** True when a row with this tenant ('' = none) and name is visible to the caller (same rule in JS). */
export function isTenantVisible(caller: Caller, tenant: string, name: string): boolean {
  if (tenant === '') {
    return !isPowerName(name) || caller.allowedTenants.includes(FIRST_OPERATOR_TENANT);
  }
  return caller.allowedTenants.includes(tenant);
}
