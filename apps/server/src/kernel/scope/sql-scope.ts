/**
 * Row scoping used by every repository: a caller sees only its company's sites and allowed tenants;
 * operators (sudo, support) see every company (docs/requirements.md#operators; brief "Security is the server's job").
 *
 * The helpers return a SQL condition and push their values into a {@link SqlParams}, so they
 * compose with the rest of a query:
 *
 *   const p = sqlParams();
 *   const sql = `select ... from sites s where ${siteScope(caller, p, 's')} and s.uid = ${p.add(uid)}`;
 *   await db.query(sql, p.values);
 */
import {
  FIRST_OPERATOR_TENANT,
  isAlarmVisibleForTenants,
  isEventVisibleForTenants,
  POWER_ALARM_IDS,
  POWER_EVENT_NAMES,
} from '@towerwatch/domain';
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
 * The name column of alarm rows (`alarmId`) or event rows (`eventName`): it tells power rows apart
 * (domain POWER_ALARM_IDS / POWER_EVENT_NAMES, docs/requirements.md#tenant-rule).
 */
export type PowerColumn = { alarmId: string } | { eventName: string };

/** The name column and the domain's power names (as SQL text[]) of a {@link PowerColumn}. */
export function powerNamesOf(power: PowerColumn): { column: string; names: readonly string[] } {
  return 'alarmId' in power
    ? { column: power.alarmId, names: POWER_ALARM_IDS }
    : { column: power.eventName, names: POWER_EVENT_NAMES };
}

/**
 * Condition on a tenant column of alarms/events: the tenant is allowed; rows without a tenant ('')
 * are shown, except power alarms/events, which count as the first operator tenant and are hidden
 * when that tenant is not allowed (docs/requirements.md#tenant-rule). `power` names the alarm id / event name
 * column used to tell power rows apart.
 */
export function tenantScope(caller: Caller, p: SqlParams, tenantColumn: string, power?: PowerColumn): string {
  return tenantScopeOf(caller.allowedTenants, p, tenantColumn, power);
}

/** {@link tenantScope} for a set of allowed tenants (the daily rollup's tenant views). */
export function tenantScopeOf(
  allowedTenants: readonly string[],
  p: SqlParams,
  tenantColumn: string,
  power?: PowerColumn,
): string {
  const allowed = p.add([...allowedTenants]);
  const firstAllowed = allowedTenants.includes(FIRST_OPERATOR_TENANT);
  if (firstAllowed || !power) return `(${tenantColumn} = '' or ${tenantColumn} = any(${allowed}::text[]))`;
  const { column, names } = powerNamesOf(power);
  return `(${tenantColumn} = any(${allowed}::text[]) or (${tenantColumn} = '' and not (${column} = any(${p.add([...names])}::text[]))))`;
}

/** True when an alarm row with this tenant ('' = none) is visible to the caller (the same rule in JS). */
export function isAlarmTenantVisible(caller: Caller, tenant: string, alarmId: string): boolean {
  return isAlarmVisibleForTenants({ id: alarmId, tenant }, caller.allowedTenants);
}

/** True when an event with this tenant ('' = none) and name is visible to the caller (the same rule in JS). */
export function isEventTenantVisible(caller: Caller, tenant: string, name: string): boolean {
  return isEventVisibleForTenants({ name, tenant }, caller.allowedTenants);
}
