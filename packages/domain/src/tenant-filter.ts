/**
 * Tenant filtering of sites, power alarms and events; the focused tenant (docs/requirements.md#focused-tenant, docs/requirements.md#tenant-rule).
 */
import { isPowerAlarm } from './alarm-groups.ts';
import { isPowerEvent } from './events.ts';
import { ALL_TENANTS, FIRST_OPERATOR_TENANT } from './tenants.ts';

/** Something that may carry a tenant: an alarm or an event. */
export interface TenantScoped {
  tenant?: string | null;
}

/**
 * The tenant an alarm or event counts for: its own, or the first operator tenant when it has none
 * (docs/requirements.md#tenant-rule).
 */
export function effectiveTenant(item: TenantScoped, fallback: string = FIRST_OPERATOR_TENANT): string {
  return item.tenant || fallback;
}

/**
 * Whether a power item is visible: its effective tenant must be allowed (docs/requirements.md#tenant-rule).
 * Decision for non-power items: one with a tenant needs that tenant allowed ("users see only events
 * of their allowed tenants", docs/requirements.md#tenant-rule-non-power); one without a tenant is visible.
 */
function visible(item: TenantScoped, power: boolean, allowed: readonly string[]): boolean {
  if (power) return allowed.includes(effectiveTenant(item));
  return !item.tenant || allowed.includes(item.tenant);
}

/** True when the alarm is visible with these allowed tenants. */
export function isAlarmVisibleForTenants(
  alarm: TenantScoped & { id: string },
  allowed: readonly string[],
): boolean {
  return visible(alarm, isPowerAlarm(alarm.id), allowed);
}

/** True when the event is visible with these allowed tenants. */
export function isEventVisibleForTenants(
  event: TenantScoped & { name: string },
  allowed: readonly string[],
): boolean {
  return visible(event, isPowerEvent(event.name), allowed);
}

/** The site's tenants that are allowed, in the site's order: only these are shown (docs/requirements.md#tenant-rule). */
export function visibleSiteTenants(siteTenants: readonly string[], allowed: readonly string[]): string[] {
  return siteTenants.filter((tenant) => allowed.includes(tenant));
}

const TENANT_CODES: ReadonlySet<string> = new Set(ALL_TENANTS);

/**
 * A free-form site map (`more_details`, `inc`, `bms`, `settings`) as a caller may see it: every
 * object key that is a tenant code (at any depth, e.g. `power.nominal_load_a.banglalink`) is kept
 * only when that tenant is allowed (docs/requirements.md#tenant-rule). Other keys are kept. Returns
 * the same object when nothing is removed.
 */
export function narrowTenantKeys<T>(value: T, allowed: readonly string[]): T {
  if (Array.isArray(value)) {
    const items = value.map((v) => narrowTenantKeys(v, allowed));
    return (items.some((v, i) => v !== value[i]) ? items : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (TENANT_CODES.has(key) && !allowed.includes(key)) {
      changed = true;
      continue;
    }
    const narrowed = narrowTenantKeys(v, allowed);
    if (narrowed !== v) changed = true;
    out[key] = narrowed;
  }
  return (changed ? out : value) as T;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The write-side of {@link narrowTenantKeys}: a free-form map a caller sends back (they saw it
 * narrowed) keeps the stored keys of the tenants the caller may not see, at the same paths, so saving
 * never deletes another tenant's data (docs/requirements.md#tenant-rule).
 */
export function restoreHiddenTenantKeys(
  incoming: Record<string, unknown>,
  stored: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  if (!isPlainObject(stored)) return incoming;
  const out: Record<string, unknown> = { ...incoming };
  for (const [key, v] of Object.entries(stored)) {
    if (TENANT_CODES.has(key) && !allowed.includes(key)) out[key] = v;
    else if (isPlainObject(out[key]) && isPlainObject(v))
      out[key] = restoreHiddenTenantKeys(out[key] as Record<string, unknown>, v, allowed);
  }
  return out;
}

/**
 * A site's tenants after a caller who may see only `allowed` sends `sent` (they saw the list narrowed):
 * the stored tenants they may not see stay; theirs are what they sent. Stored order is kept, new ones
 * follow (docs/requirements.md#tenant-rule: a write never removes another tenant).
 */
export function keepHiddenTenants<T extends string>(
  sent: readonly T[],
  stored: readonly T[],
  allowed: readonly string[],
): T[] {
  const kept = stored.filter((t) => !allowed.includes(t) || sent.includes(t));
  return [...new Set([...kept, ...sent])];
}

/**
 * The focused tenant of an opened site (docs/requirements.md#focused-tenant): the last_site_tenant cookie value if it is
 * an allowed tenant of the site, else the site's first allowed tenant, else null.
 */
export function focusedTenantFor(
  siteTenants: readonly string[],
  allowed: readonly string[],
  cookieTenant?: string | null,
): string | null {
  const candidates = visibleSiteTenants(siteTenants, allowed);
  if (cookieTenant && candidates.includes(cookieTenant)) return cookieTenant;
  return candidates[0] ?? null;
}

/**
 * The top-bar tenant dropdown shows only on tenant-specific site pages when the user has more than
 * one allowed tenant (docs/requirements.md#tenant-dropdown). Decision: counted among the focused site's tenants.
 */
export function showTenantDropdown(
  onTenantSpecificPage: boolean,
  siteAllowedTenants: readonly string[],
): boolean {
  return onTenantSpecificPage && siteAllowedTenants.length > 1;
}

/** Choosing a tenant takes effect only if it differs from the focused one (docs/requirements.md#tenant-dropdown). */
export function tenantChangeTakesEffect(focused: string | null, chosen: string): boolean {
  return chosen !== focused;
}
