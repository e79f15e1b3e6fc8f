/** The user as the API shows it (contract `authUser`, docs/requirements.md#user-entity). */
import type { AuthUser } from '@towerwatch/contract';
import type { UserRecord } from './users.repository.ts';

export function toAuthUser(u: UserRecord): AuthUser {
  return {
    uid: u.uid,
    username: u.username,
    name: u.name,
    email: u.email,
    phone: u.phone,
    type: u.type,
    tenants: u.tenants,
    root_user_uid: u.rootUserUid,
    company_id: u.companyId,
    company_code: u.companyCode,
    logo: u.logo,
    meta: { accessRoles: u.accessRoles },
    scope: u.scope,
    two_factor_enabled: u.twoFactorEnabled,
    disabled: u.disabled,
    created_at: u.createdAt.toISOString(),
  };
}
