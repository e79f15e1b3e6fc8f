/**
 * Users: types, labels, access roles, read-only kinds, root user and allowed tenants
 * (docs/requirements.md#access-roles, docs/requirements.md#roles).
 */
import { hasFixedTenantSet, SPECIAL_ROOT_COMPANY_TENANTS } from './companies.ts';
import type { AnyTenant } from './tenants.ts';
import { INSTALLED_TENANTS, isAnyTenant } from './tenants.ts';

/** User types (docs/requirements.md#user-types). */
export const USER_TYPES = [
  'employee',
  'company',
  'read_only',
  'sudo',
  'support',
  'superuser',
  'finance',
] as const;
/** A user type. */
export type UserType = (typeof USER_TYPES)[number];

/** Access roles held in `meta.accessRoles` (docs/requirements.md#access-roles). */
export const ACCESS_ROLES = ['acs', 'rms', 'telegram', 'manage_users', 'legacy', 'alarm_settings'] as const;
/** An access role. */
export type AccessRole = (typeof ACCESS_ROLES)[number];

/** Labels of the access options (docs/requirements.md#access-roles). */
export const ACCESS_ROLE_LABELS: Readonly<Record<AccessRole, string>> = {
  acs: 'ACS',
  rms: 'RMS',
  telegram: 'Telegram',
  manage_users: 'Manage Other Users',
  legacy: 'Legacy Dashboard',
  alarm_settings: 'Alarm Settings',
};

/** Roles sudo always has, whatever its `meta.accessRoles` says (docs/requirements.md#sudo-roles). */
export const SUDO_FIXED_ACCESS_ROLES = [
  'acs',
  'rms',
  'manage_users',
  'alarm_settings',
] as const satisfies readonly AccessRole[];

/** Monitoring users: company, employee, superuser (docs/requirements.md#monitoring-users). */
export const MONITORING_USER_TYPES = [
  'company',
  'employee',
  'superuser',
] as const satisfies readonly UserType[];
/** Operators of the provider, who see all customers: sudo, support (docs/requirements.md#operators). */
export const OPERATOR_USER_TYPES = ['sudo', 'support'] as const satisfies readonly UserType[];

/**
 * The user fields the rules read, named as in the spec's User entity (docs/requirements.md#user-entity).
 * `tenants` null/absent means "no tenant list".
 */
export interface DomainUser {
  uid: string;
  type: UserType;
  tenants?: readonly string[] | null;
  root_user_uid?: string | null;
  company_id?: string | number | null;
  meta?: { accessRoles?: readonly string[] | null } | null;
}

/** True for company, employee and superuser (docs/requirements.md#monitoring-users). */
export function isMonitoringUser(user: Pick<DomainUser, 'type'>): boolean {
  return (MONITORING_USER_TYPES as readonly string[]).includes(user.type);
}

/** True for sudo and support: they see the admin menu and all customers (docs/requirements.md#menu-visibility). */
export function isOperator(user: Pick<DomainUser, 'type'>): boolean {
  return (OPERATOR_USER_TYPES as readonly string[]).includes(user.type);
}

/** True for any read_only user, whatever its tenants. */
export function isReadOnly(user: Pick<DomainUser, 'type'>): boolean {
  return user.type === 'read_only';
}

/** Tenant read-only: read_only with exactly one tenant (docs/requirements.md#read-only). */
export function isTenantReadOnly(user: Pick<DomainUser, 'type' | 'tenants'>): boolean {
  return user.type === 'read_only' && user.tenants?.length === 1;
}

/**
 * System read-only (NOC): read_only without a tenant list (docs/requirements.md#read-only). Decision: an empty
 * list counts as "without a tenant list".
 */
export function isSystemReadOnly(user: Pick<DomainUser, 'type' | 'tenants'>): boolean {
  return user.type === 'read_only' && (user.tenants == null || user.tenants.length === 0);
}

/**
 * Label of a user's type: sudo → Admin, support → Ops, system read-only → NOC (docs/requirements.md#read-only).
 * Decision for the rest: read_only with tenants → 'Read Only'; others capitalised.
 */
export function userTypeLabel(user: Pick<DomainUser, 'type' | 'tenants'>): string {
  switch (user.type) {
    case 'sudo':
      return 'Admin';
    case 'support':
      return 'Ops';
    case 'read_only':
      return isSystemReadOnly(user) ? 'NOC' : 'Read Only';
    case 'superuser':
      return 'Superuser';
    case 'employee':
      return 'Employee';
    case 'company':
      return 'Company';
    case 'finance':
      return 'Finance';
  }
}

/**
 * The user's effective access roles: known roles from `meta.accessRoles`, plus
 * {@link SUDO_FIXED_ACCESS_ROLES} for sudo. Unknown role strings are dropped. Order follows
 * {@link ACCESS_ROLES}.
 */
export function accessRolesOf(user: Pick<DomainUser, 'type' | 'meta'>): AccessRole[] {
  const held = new Set<string>(user.meta?.accessRoles ?? []);
  if (user.type === 'sudo') for (const role of SUDO_FIXED_ACCESS_ROLES) held.add(role);
  return ACCESS_ROLES.filter((role) => held.has(role));
}

/** True when the user holds the access role (sudo always holds its fixed roles). */
export function hasAccessRole(user: Pick<DomainUser, 'type' | 'meta'>, role: AccessRole): boolean {
  return accessRolesOf(user).includes(role);
}

/** The root user id: root_user_uid, or uid if absent (docs/requirements.md#root-user). */
export function rootUserId(user: Pick<DomainUser, 'uid' | 'root_user_uid'>): string {
  return user.root_user_uid ?? user.uid;
}

/**
 * Allowed tenants (docs/requirements.md#allowed-tenants): the fixed set for the special root company; else the user's
 * own tenants (unknown codes dropped); else (no list, or an empty one) all installed tenants.
 */
export function allowedTenants(user: Pick<DomainUser, 'uid' | 'root_user_uid' | 'tenants'>): AnyTenant[] {
  if (hasFixedTenantSet(rootUserId(user))) return [...SPECIAL_ROOT_COMPANY_TENANTS];
  const own = (user.tenants ?? []).filter(isAnyTenant);
  if (own.length > 0) return [...new Set(own)];
  return [...INSTALLED_TENANTS];
}

/** True when `tenant` is among the user's allowed tenants. */
export function isTenantAllowed(
  user: Pick<DomainUser, 'uid' | 'root_user_uid' | 'tenants'>,
  tenant: string,
): boolean {
  return (allowedTenants(user) as readonly string[]).includes(tenant);
}
