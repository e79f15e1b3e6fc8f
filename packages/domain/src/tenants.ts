/**
 * Tenants: the mobile operators that share a tower site (docs/requirements.md#tenants).
 */

/** Mobile operators that can be tenants of a site (docs/requirements.md#tenants). */
export const TENANTS = ['banglalink', 'robi', 'grameenphone', 'teletalk'] as const;
/** A mobile-operator tenant. */
export type Tenant = (typeof TENANTS)[number];

/** Tenants with equipment installed at sites (docs/requirements.md#tenants); the default allowed set. */
export const INSTALLED_TENANTS = ['banglalink', 'robi', 'grameenphone'] as const satisfies readonly Tenant[];
/** A tenant that has equipment installed at sites. */
export type InstalledTenant = (typeof INSTALLED_TENANTS)[number];

/** The two rectifier-based tenants (docs/requirements.md#rectifier-tenants). */
export const RECTIFIER_TENANTS = ['scom_rect_1', 'scom_rect_2'] as const;
/** Every tenant code the platform knows: operators first, then rectifier-based tenants. */
export const ALL_TENANTS = [...TENANTS, ...RECTIFIER_TENANTS] as const;
/** Any tenant code (operator or rectifier-based). */
export type AnyTenant = (typeof ALL_TENANTS)[number];

/**
 * The "first operator tenant" of docs/requirements.md#tenant-rule: power alarms and events that carry no tenant
 * are counted as this tenant. Decision: it is the first entry of {@link TENANTS} (`banglalink`).
 */
export const FIRST_OPERATOR_TENANT: Tenant = TENANTS[0];

/**
 * Display labels of tenants (docs/requirements.md#tenants spells the operators capitalised). The rectifier
 * tenants have no label in the spec; decision: 'SCOM Rect 1' / 'SCOM Rect 2'.
 */
export const TENANT_LABELS: Readonly<Record<AnyTenant, string>> = {
  banglalink: 'Banglalink',
  robi: 'Robi',
  grameenphone: 'Grameenphone',
  teletalk: 'Teletalk',
  scom_rect_1: 'SCOM Rect 1',
  scom_rect_2: 'SCOM Rect 2',
};

/** True when `value` is any known tenant code. */
export function isAnyTenant(value: unknown): value is AnyTenant {
  return typeof value === 'string' && (ALL_TENANTS as readonly string[]).includes(value);
}

/** Display label of a tenant; an unknown code is returned unchanged. */
export function tenantLabel(tenant: string): string {
  return isAnyTenant(tenant) ? TENANT_LABELS[tenant] : tenant;
}
