/**
 * The Caller: who is calling, resolved once per request by the auth plugin from the access token.
 * Services take a Caller and decide with it; repositories scope SQL with `siteScope(caller, ...)`.
 */
import {
  type AccessRole,
  accessRolesOf,
  allowedTenants,
  type DomainUser,
  isOperator,
  isReadOnly,
  rootUserId,
} from '@towerwatch/domain';
import type { UserRecord } from './user-record.ts';

export interface Caller {
  user: UserRecord;
  uid: string;
  type: UserRecord['type'];
  /** root user id: root_user_uid ?? uid (docs/requirements.md#root-user) */
  rootUid: string;
  /** the caller's company; null for provider staff without a company */
  companyId: string | null;
  companyCode: string | null;
  /** allowed tenants (docs/requirements.md#allowed-tenants, domain `allowedTenants`) */
  allowedTenants: string[];
  /** sudo or support: sees every company */
  isOperator: boolean;
  /** read_only: refused restricted actions */
  isReadOnly: boolean;
  /** effective access roles (sudo's fixed roles included) */
  accessRoles: AccessRole[];
  /** auth session (refresh-token family) of the access token */
  sessionId: string;
  /** when the access token of this request expires */
  tokenExpiresAt: Date;
}

/** The user in the shape the domain rules read (snake_case, as in the spec). */
export function toDomainUser(user: UserRecord): DomainUser {
  return {
    uid: user.uid,
    type: user.type,
    tenants: user.tenants,
    root_user_uid: user.rootUserUid,
    company_id: user.companyId,
    meta: { accessRoles: user.accessRoles },
  };
}

/** Builds the Caller of `user` for the session `sessionId`. */
export function buildCaller(user: UserRecord, sessionId: string, tokenExpiresAt: Date): Caller {
  const d = toDomainUser(user);
  return {
    user,
    uid: user.uid,
    type: user.type,
    rootUid: rootUserId(d),
    companyId: user.companyId,
    companyCode: user.companyCode,
    allowedTenants: allowedTenants(d),
    isOperator: isOperator(d),
    isReadOnly: isReadOnly(d),
    accessRoles: accessRolesOf(d),
    sessionId,
    tokenExpiresAt,
  };
}

/** True when the caller holds every one of `roles`. */
export function hasAccess(caller: Caller, ...roles: AccessRole[]): boolean {
  return roles.every((r) => caller.accessRoles.includes(r));
}
