import { describe, expect, it } from 'vitest';
import type { DomainUser } from './users.ts';
import {
  ACCESS_ROLE_LABELS,
  ACCESS_ROLES,
  accessRolesOf,
  allowedTenants,
  hasAccessRole,
  isMonitoringUser,
  isOperator,
  isSystemReadOnly,
  isTenantAllowed,
  isTenantReadOnly,
  rootUserId,
  SUDO_FIXED_ACCESS_ROLES,
  USER_TYPES,
  userTypeLabel,
} from './users.ts';

const user = (over: Partial<DomainUser> = {}): DomainUser => ({ uid: 'u1', type: 'company', ...over });

describe('user types and labels (docs/requirements.md#user-types)', () => {
  it('knows the seven user types', () => {
    expect(USER_TYPES).toHaveLength(7);
  });

  it('labels sudo Admin, support Ops and tenant-less read_only NOC', () => {
    expect(userTypeLabel(user({ type: 'sudo' }))).toBe('Admin');
    expect(userTypeLabel(user({ type: 'support' }))).toBe('Ops');
    expect(userTypeLabel(user({ type: 'read_only' }))).toBe('NOC');
    expect(userTypeLabel(user({ type: 'read_only', tenants: [] }))).toBe('NOC');
    expect(userTypeLabel(user({ type: 'read_only', tenants: ['robi'] }))).toBe('Read Only');
    expect(userTypeLabel(user({ type: 'superuser' }))).toBe('Superuser');
  });

  it('monitoring users are company, employee and superuser; operators are sudo and support', () => {
    expect(isMonitoringUser(user({ type: 'employee' }))).toBe(true);
    expect(isMonitoringUser(user({ type: 'superuser' }))).toBe(true);
    expect(isMonitoringUser(user({ type: 'finance' }))).toBe(false);
    expect(isOperator(user({ type: 'support' }))).toBe(true);
    expect(isOperator(user({ type: 'superuser' }))).toBe(false);
  });
});

describe('read-only kinds (docs/requirements.md#read-only)', () => {
  it('tenant read-only has exactly one tenant', () => {
    expect(isTenantReadOnly(user({ type: 'read_only', tenants: ['robi'] }))).toBe(true);
    expect(isTenantReadOnly(user({ type: 'read_only', tenants: ['robi', 'banglalink'] }))).toBe(false);
    expect(isTenantReadOnly(user({ type: 'company', tenants: ['robi'] }))).toBe(false);
  });

  it('system read-only has no tenant list (null, absent or empty)', () => {
    expect(isSystemReadOnly(user({ type: 'read_only', tenants: null }))).toBe(true);
    expect(isSystemReadOnly(user({ type: 'read_only', tenants: [] }))).toBe(true);
    expect(isSystemReadOnly(user({ type: 'read_only', tenants: ['robi'] }))).toBe(false);
    expect(isSystemReadOnly(user({ type: 'employee' }))).toBe(false);
  });
});

describe('access roles (docs/requirements.md#access-roles)', () => {
  it('lists six roles; RMS, ACS and Telegram are public', () => {
    expect(ACCESS_ROLES).toEqual(['acs', 'rms', 'telegram', 'manage_users', 'legacy', 'alarm_settings']);
    expect(ACCESS_ROLE_LABELS.manage_users).toBe('Manage Other Users');
  });

  it('sudo always has acs, rms, manage_users and alarm_settings', () => {
    expect(SUDO_FIXED_ACCESS_ROLES).toEqual(['acs', 'rms', 'manage_users', 'alarm_settings']);
    expect(accessRolesOf(user({ type: 'sudo', meta: null }))).toEqual([
      'acs',
      'rms',
      'manage_users',
      'alarm_settings',
    ]);
    expect(hasAccessRole(user({ type: 'sudo', meta: { accessRoles: ['legacy'] } }), 'legacy')).toBe(true);
    expect(hasAccessRole(user({ type: 'sudo' }), 'telegram')).toBe(false);
  });

  it('other users hold only their listed, known roles', () => {
    const u = user({ meta: { accessRoles: ['rms', 'bogus', 'telegram'] } });
    expect(accessRolesOf(u)).toEqual(['rms', 'telegram']);
    expect(hasAccessRole(user(), 'rms')).toBe(false);
  });
});

describe('root user and allowed tenants (docs/requirements.md#allowed-tenants)', () => {
  it('root user id is root_user_uid, else uid', () => {
    expect(rootUserId(user({ uid: '7', root_user_uid: '3' }))).toBe('3');
    expect(rootUserId(user({ uid: '7', root_user_uid: null }))).toBe('7');
    expect(rootUserId(user({ uid: '7' }))).toBe('7');
  });

  it('the special root company gets its fixed set, whatever its own tenants', () => {
    expect(allowedTenants(user({ root_user_uid: '30', tenants: ['robi'] }))).toEqual([
      'banglalink',
      'robi',
      'grameenphone',
      'teletalk',
    ]);
    expect(allowedTenants(user({ uid: '30' }))).toContain('teletalk');
  });

  it("otherwise the user's own tenants, unknown codes dropped", () => {
    expect(allowedTenants(user({ tenants: ['robi', 'teletalk'] }))).toEqual(['robi', 'teletalk']);
    expect(allowedTenants(user({ tenants: ['robi', 'airtel', 'robi'] }))).toEqual(['robi']);
  });

  it('no tenants or an empty list means all installed tenants', () => {
    expect(allowedTenants(user({ tenants: [] }))).toEqual(['banglalink', 'robi', 'grameenphone']);
    expect(allowedTenants(user())).toEqual(['banglalink', 'robi', 'grameenphone']);
    expect(isTenantAllowed(user(), 'teletalk')).toBe(false);
    expect(isTenantAllowed(user({ tenants: ['teletalk'] }), 'teletalk')).toBe(true);
  });
});
