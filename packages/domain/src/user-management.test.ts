import { describe, expect, it } from 'vitest';
import { canGrant, canManageUser, isHigherUserType, lastRootRefusal } from './user-management.ts';
import type { DomainUser } from './users.ts';

const u = (uid: string, over: Partial<DomainUser> = {}): DomainUser => ({
  uid,
  type: 'company',
  root_user_uid: '100',
  tenants: [],
  meta: { accessRoles: [] },
  ...over,
});
const root = u('100', { root_user_uid: null, meta: { accessRoles: ['acs', 'rms', 'manage_users'] } });
const manager = u('110', { tenants: ['robi'], meta: { accessRoles: ['rms', 'manage_users'] } });
const sudo = u('1', { type: 'sudo', root_user_uid: null });

describe('canManageUser (docs/requirements.md#user-management)', () => {
  it('sudo manages anyone, a manager may act on itself', () => {
    expect(canManageUser(sudo, root)).toEqual({ allowed: true });
    expect(canManageUser(manager, manager)).toEqual({ allowed: true });
  });

  it('never the company root, nor a user above the manager', () => {
    expect(canManageUser(manager, root)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/root/),
    });
    const superuser = u('101', { type: 'superuser', tenants: ['robi'], meta: { accessRoles: ['rms'] } });
    expect(canManageUser(manager, superuser)).toMatchObject({ allowed: false });
    expect(canManageUser({ ...manager, type: 'superuser' }, superuser)).toEqual({ allowed: true });
  });

  it('only users whose roles and allowed tenants are a subset of its own', () => {
    const sameRights = u('120', { type: 'employee', tenants: ['robi'], meta: { accessRoles: ['rms'] } });
    expect(canManageUser(manager, sameRights)).toEqual({ allowed: true });
    const moreRoles = { ...sameRights, meta: { accessRoles: ['rms', 'acs'] } };
    expect(canManageUser(manager, moreRoles)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/acs/),
    });
    const allTenants = { ...sameRights, tenants: [] };
    expect(canManageUser(manager, allTenants)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/banglalink/),
    });
  });
});

describe('canGrant (docs/requirements.md#user-management)', () => {
  it('grants only held roles, allowed tenants and manageable types', () => {
    expect(canGrant(manager, { type: 'employee', accessRoles: ['rms'], tenants: ['robi'] })).toEqual({
      allowed: true,
    });
    expect(canGrant(manager, { accessRoles: ['acs'] })).toMatchObject({ allowed: false });
    expect(canGrant(manager, { tenants: ['banglalink'] })).toMatchObject({ allowed: false });
    expect(canGrant(manager, { type: 'superuser' })).toMatchObject({ allowed: false });
    expect(canGrant(manager, { type: 'sudo' })).toMatchObject({ allowed: false });
  });

  it('an empty tenant list (all installed tenants) only by a manager allowed all of them', () => {
    expect(canGrant(manager, { tenants: [] })).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/every installed tenant/),
    });
    expect(canGrant(root, { tenants: [] })).toEqual({ allowed: true });
    expect(canGrant(sudo, { type: 'sudo', tenants: [] })).toEqual({ allowed: true });
  });
});

describe('user types by rank and the last active root (docs/requirements.md#user-management)', () => {
  it('ranks sudo > support > superuser > company > employee > read_only', () => {
    expect(isHigherUserType('superuser', 'company')).toBe(true);
    expect(isHigherUserType('company', 'superuser')).toBe(false);
    expect(isHigherUserType('company', 'company')).toBe(false);
    expect(isHigherUserType('sudo', 'support')).toBe(true);
    expect(isHigherUserType('employee', 'read_only')).toBe(true);
  });

  it('a manager never manages a user of a higher type, even with every right', () => {
    const superuser = u('101', { type: 'superuser', meta: { accessRoles: [] } });
    expect(canManageUser({ ...root, root_user_uid: '100', uid: '99' }, superuser)).toMatchObject({
      allowed: false,
      reason: 'You may not manage a superuser user',
    });
  });

  it('the last active root of a company is not disabled, deleted or demoted', () => {
    const ktbl = {
      type: 'company' as const,
      root_user_uid: null,
      company_id: 'ktbl',
      username: 'ktbl',
      disabled: false,
    };
    expect(lastRootRefusal(ktbl, { removal: 'disable' }, 0)).toBe(
      'ktbl is the last active root user of its company: it cannot be disabled',
    );
    expect(lastRootRefusal(ktbl, { removal: 'delete' }, 0)).toMatch(/cannot be deleted/);
    expect(lastRootRefusal(ktbl, { removal: 'demote', newType: 'employee' }, 0)).toMatch(/lower type/);
    // a promotion, another active root, an already disabled root, a non-root: no refusal
    expect(lastRootRefusal(ktbl, { removal: 'demote', newType: 'superuser' }, 0)).toBeNull();
    expect(lastRootRefusal(ktbl, { removal: 'disable' }, 1)).toBeNull();
    expect(lastRootRefusal({ ...ktbl, disabled: true }, { removal: 'delete' }, 0)).toBeNull();
    expect(lastRootRefusal({ ...ktbl, root_user_uid: '100' }, { removal: 'delete' }, 0)).toBeNull();
    expect(lastRootRefusal({ ...ktbl, company_id: null }, { removal: 'delete' }, 0)).toBeNull();
  });
});
