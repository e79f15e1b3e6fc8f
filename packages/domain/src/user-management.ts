/**
 * Who may manage whom, and what a manager may grant (docs/requirements.md#user-management): sudo manages
 * anyone; any other manager acts only on users whose rights are a subset of its own (access roles ⊆ its
 * roles, allowed tenants ⊆ its allowed tenants, a type it may give), never on a company root, and grants
 * only roles, tenants and types it holds. An empty tenant list means "all installed tenants"
 * (docs/requirements.md#allowed-tenants), so only a manager allowed all of them may grant it.
 */
import { INSTALLED_TENANTS } from './tenants.ts';
import type { DomainUser, UserType } from './users.ts';
import { accessRolesOf, allowedTenants } from './users.ts';

/** Types a non-sudo manager may give and manage, by the manager's type (sudo: every type). */
export const MANAGEABLE_USER_TYPES: Readonly<Partial<Record<UserType, readonly UserType[]>>> = {
  company: ['company', 'employee', 'read_only'],
  superuser: ['superuser', 'company', 'employee', 'read_only'],
};

/** Result of {@link canManageUser} and {@link canGrant}: the refusal carries the 403 message. */
export type ManageCheck = { allowed: true } | { allowed: false; reason: string };

type RightsUser = Pick<DomainUser, 'uid' | 'type' | 'tenants' | 'root_user_uid' | 'meta'>;

/**
 * How high a user type stands (docs/requirements.md#user-management): nobody manages, disables or
 * deletes a user of a higher type. Finance (provider staff without sites) stands with employee.
 */
export const USER_TYPE_RANK: Readonly<Record<UserType, number>> = {
  sudo: 6,
  support: 5,
  superuser: 4,
  company: 3,
  employee: 2,
  finance: 2,
  read_only: 1,
};

/** True when type `a` stands above type `b`. */
export function isHigherUserType(a: UserType, b: UserType): boolean {
  return USER_TYPE_RANK[a] > USER_TYPE_RANK[b];
}

const ALLOWED: ManageCheck = { allowed: true };
const refuse = (reason: string): ManageCheck => ({ allowed: false, reason });

/** True when the type is one `manager` may give or manage. */
export function mayHandleType(manager: Pick<DomainUser, 'type'>, type: UserType): boolean {
  if (manager.type === 'sudo') return true;
  return (MANAGEABLE_USER_TYPES[manager.type] ?? []).includes(type);
}

/**
 * May `manager` act on `target` (update, delete, reset its password, disable it)? Sudo: yes. Acting on
 * oneself is allowed here (the service forbids changing one's own type, roles or tenants). Company
 * scope (another company's user) is the caller's concern, not this rule's.
 */
export function canManageUser(manager: RightsUser, target: RightsUser): ManageCheck {
  if (manager.type === 'sudo') return ALLOWED;
  if (target.uid === manager.uid) return ALLOWED;
  if (target.root_user_uid == null) return refuse('You may not manage the root user of a company');
  if (isHigherUserType(target.type, manager.type)) return refuse(`You may not manage a ${target.type} user`);
  if (!mayHandleType(manager, target.type)) return refuse(`You may not manage a ${target.type} user`);
  const roles = accessRolesOf(manager) as string[];
  const extraRoles = accessRolesOf(target).filter((r) => !roles.includes(r));
  if (extraRoles.length) {
    return refuse(`You may not manage a user with access you do not have: ${extraRoles.join(', ')}`);
  }
  const tenants = allowedTenants(manager) as string[];
  const extraTenants = allowedTenants(target).filter((t) => !tenants.includes(t));
  if (extraTenants.length) {
    return refuse(`You may not manage a user with tenants you are not allowed: ${extraTenants.join(', ')}`);
  }
  return ALLOWED;
}

/** What a manager wants to give; an absent field is not granted (unchanged). */
export interface Grant {
  type?: UserType;
  accessRoles?: readonly string[];
  /** The tenant list to store; `[]` means all installed tenants. */
  tenants?: readonly string[];
}

/** May `manager` give these rights (signup, update)? Sudo: yes. */
export function canGrant(manager: RightsUser, grant: Grant): ManageCheck {
  if (manager.type === 'sudo') return ALLOWED;
  if (grant.type && !mayHandleType(manager, grant.type))
    return refuse(`You may not give the type ${grant.type}`);
  const roles = accessRolesOf(manager) as string[];
  const extraRoles = (grant.accessRoles ?? []).filter((r) => !roles.includes(r));
  if (extraRoles.length) return refuse(`You may not grant access you do not have: ${extraRoles.join(', ')}`);
  if (grant.tenants === undefined) return ALLOWED;
  const tenants = allowedTenants(manager) as string[];
  if (grant.tenants.length === 0) {
    return INSTALLED_TENANTS.every((t) => tenants.includes(t))
      ? ALLOWED
      : refuse('Only a user allowed every installed tenant may give all tenants (an empty tenant list)');
  }
  const extraTenants = grant.tenants.filter((t) => !tenants.includes(t));
  if (extraTenants.length) {
    return refuse(`You may not grant tenants you do not have: ${extraTenants.join(', ')}`);
  }
  return ALLOWED;
}

/** A change that takes a user's rights away. */
export type UserRemoval = 'disable' | 'delete' | 'demote';

const REMOVAL_WORDS: Readonly<Record<UserRemoval, string>> = {
  disable: 'disabled',
  delete: 'deleted',
  demote: 'given a lower type',
};

/**
 * A root user of a company (no root above it, docs/requirements.md#user-entity) that is the company's
 * last active one keeps the company manageable: it is never disabled, deleted or given a lower type
 * (docs/requirements.md#user-management). Returns the refusal, or null when the change may go ahead.
 * `otherActiveRoots`: the company's other root users that are not disabled.
 */
export function lastRootRefusal(
  target: Pick<DomainUser, 'type' | 'root_user_uid' | 'company_id'> & { username: string; disabled: boolean },
  change: { removal: UserRemoval; newType?: UserType },
  otherActiveRoots: number,
): string | null {
  if (target.root_user_uid != null || target.company_id == null || target.disabled) return null;
  if (otherActiveRoots > 0) return null;
  if (change.removal === 'demote' && !(change.newType && isHigherUserType(target.type, change.newType))) {
    return null;
  }
  return `${target.username} is the last active root user of its company: it cannot be ${REMOVAL_WORDS[change.removal]}`;
}
