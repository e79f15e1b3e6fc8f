/**
 * The demo accounts (README "Demo accounts") as GET /user/auth/user returns them, for component tests:
 * type, company, tenants and access roles as seeded; the rest plain.
 */
import type { AuthUser } from '@towerwatch/contract';
import { ACCESS_ROLES, type AccessRole, type UserType } from '@towerwatch/domain';

const ALL_ROLES: AccessRole[] = [...ACCESS_ROLES];

function demoUser(
  username: string,
  type: UserType,
  company: string | null,
  accessRoles: AccessRole[],
  tenants: string[] = [],
): AuthUser {
  return {
    uid: `uid-${username}`,
    username,
    name: username,
    email: null,
    phone: null,
    type,
    tenants,
    root_user_uid: null,
    company_id: company ? `company-${company}` : null,
    company_code: company,
    logo: null,
    meta: { accessRoles },
    scope: [],
    two_factor_enabled: false,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** Every demo account by username. */
export const DEMO_USERS = {
  admin: demoUser('admin', 'sudo', null, ALL_ROLES),
  ops: demoUser('ops', 'support', null, ['acs', 'rms', 'telegram', 'legacy']),
  super: demoUser('super', 'superuser', 'ktbl', ALL_ROLES),
  finance: demoUser('finance', 'finance', null, []),
  ktbl: demoUser('ktbl', 'company', 'ktbl', ALL_ROLES),
  'ktbl.rms': demoUser('ktbl.rms', 'company', 'ktbl', ['rms']),
  'ktbl.employee': demoUser('ktbl.employee', 'employee', 'ktbl', ['acs', 'rms']),
  'robi.viewer': demoUser('robi.viewer', 'read_only', 'ktbl', ['acs', 'rms'], ['robi']),
  noc: demoUser('noc', 'read_only', 'ktbl', ['acs', 'rms']),
  ftb: demoUser('ftb', 'company', 'ftb', ALL_ROLES),
} as const satisfies Record<string, AuthUser>;

/** A demo account's username. */
export type DemoUsername = keyof typeof DEMO_USERS;
