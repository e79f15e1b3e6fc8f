/**
 * User management (docs/requirements.md#user-management, docs/requirements.md#user-calls): sudo manages anyone; company and superuser users holding
 * manage_users manage the users of their own company only, never granting more than they have.
 */
import type { SignupBody, UserDeleteBody, UserListQuery, UserUpdateBody } from '@towerwatch/contract';
import {
  canGrant,
  canManageUser,
  type Grant,
  isAnyTenant,
  lastRootRefusal,
  MANAGEABLE_USER_TYPES,
  type UserRemoval,
  type UserType,
} from '@towerwatch/domain';
import { type Caller, hasAccess, toDomainUser } from '../../auth/caller.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { AuthSessionsRepository } from '../../auth/sessions.repository.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  readOnlyMessage,
  ValidationError,
} from '../../errors.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export interface UsersServiceDeps {
  users: UsersRepository;
  authSessions: AuthSessionsRepository;
  clock: Clock;
  /** The audit log: user create/update/delete with before and after. */
  audit?: AuditRecorder;
  /** Rights changes reach the live sockets (docs/api.md "Live socket"). */
  bus: Pick<EventBus, 'publish'>;
}

/** Where a request came from (audit entries). */
export interface RequestInfo {
  ip?: string;
}

/** A user as the audit log stores it: no password hash, no TOTP secret. */
function auditView(u: UserRecord) {
  return {
    uid: u.uid,
    username: u.username,
    name: u.name,
    email: u.email,
    phone: u.phone,
    type: u.type,
    tenants: u.tenants,
    access_roles: u.accessRoles,
    company_id: u.companyId,
    root_user_uid: u.rootUserUid,
    disabled: u.disabled,
    two_factor_enabled: u.twoFactorEnabled,
  };
}

/** The caller may manage users at all: sudo, or company/superuser with manage_users. */
function assertManager(caller: Caller, action: string): void {
  if (caller.isReadOnly) throw new ForbiddenError(readOnlyMessage(action));
  if (caller.type === 'sudo') return;
  if (!MANAGEABLE_USER_TYPES[caller.type] || !hasAccess(caller, 'manage_users')) {
    throw new ForbiddenError(`Only users with the Manage Other Users access may ${action}`);
  }
  if (!caller.companyId) throw new ForbiddenError(`Only users of a company may ${action}`);
}

/**
 * The target user is within the caller's reach: 404 outside the caller's company (like every scoped
 * lookup), 403 when its rights are not a subset of the caller's (domain `canManageUser`).
 */
function assertInReach(caller: Caller, target: UserRecord | undefined, uid: string): UserRecord {
  if (!target || (caller.type !== 'sudo' && target.companyId !== caller.companyId)) {
    throw new NotFoundError(`User ${uid} not found`);
  }
  const check = canManageUser(toDomainUser(caller.user), toDomainUser(target));
  if (!check.allowed) throw new ForbiddenError(check.reason);
  return target;
}

/** Checks type, access roles and tenants a manager wants to give (domain `canGrant`). */
function assertGrantable(caller: Caller, grant: Grant): void {
  for (const t of grant.tenants ?? []) {
    if (!isAnyTenant(t)) throw new ValidationError('body.tenants', `Unknown tenant '${t}'`);
  }
  const check = canGrant(toDomainUser(caller.user), grant);
  if (!check.allowed) throw new ForbiddenError(check.reason);
}

/**
 * Whose users a list shows: operators every user; a company user its company's users; a non-operator
 * without a company (docs/requirements.md#menu-visibility: "own company") only itself, never the
 * provider's company-less staff.
 */
function listScope(caller: Caller): { companyId?: string | null; uid?: string } {
  if (caller.isOperator) return {};
  return caller.companyId ? { companyId: caller.companyId } : { uid: caller.uid };
}

export function createUsersService(deps: UsersServiceDeps) {
  const { users } = deps;

  /** 400 when the change would leave the target's company without an active root user. */
  async function assertNotLastRoot(
    target: UserRecord,
    change: { removal: UserRemoval; newType?: UserType },
    field: string,
  ): Promise<void> {
    const others = target.companyId ? await users.countOtherActiveRoots(target.companyId, target.uid) : 0;
    const refusal = lastRootRefusal(
      { ...toDomainUser(target), username: target.username, disabled: target.disabled },
      change,
      others,
    );
    if (refusal) throw new ValidationError(field, refusal);
  }

  return {
    /** POST /user/auth/signup. */
    async signup(caller: Caller, body: SignupBody, client: RequestInfo = {}): Promise<UserRecord> {
      assertManager(caller, 'create users');
      const accessRoles = body.meta?.accessRoles ?? [];
      assertGrantable(caller, { type: body.type, accessRoles, tenants: body.tenants ?? [] });
      let companyId: string | null;
      let rootUserUid: string | null;
      if (caller.type === 'sudo') {
        companyId = body.company_id ?? null;
        rootUserUid = body.root_user_uid ?? null;
        if (rootUserUid) {
          const root = await users.findByUid(rootUserUid);
          if (!root) throw new ValidationError('body.root_user_uid', `User ${rootUserUid} not found`);
          companyId ??= root.companyId;
        }
      } else {
        if (body.company_id !== undefined && body.company_id !== caller.companyId) {
          throw new ForbiddenError('You may only create users of your own company');
        }
        if (body.root_user_uid !== undefined && body.root_user_uid !== caller.rootUid) {
          throw new ForbiddenError('You may only create users of your own company');
        }
        companyId = caller.companyId;
        rootUserUid = caller.rootUid;
      }
      if (await users.findByUsername(body.username)) {
        throw new ConflictError(`The username ${body.username} is taken`, 'body.username');
      }
      try {
        const uid = await users.insert({
          username: body.username,
          passwordHash: await hashPassword(body.password),
          name: body.name,
          email: body.email ?? null,
          phone: body.phone ?? null,
          type: body.type,
          tenants: body.tenants ?? [],
          rootUserUid,
          companyId,
          accessRoles,
        });
        const created = await users.findByUid(uid);
        if (!created) throw new Error('created user vanished');
        await deps.audit?.record({
          action: 'user.create',
          actor: auditActor(caller),
          companyId: created.companyId,
          target: { type: 'user', id: created.uid },
          after: auditView(created),
          ip: client.ip,
        });
        return created;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === '23505')
          throw new ConflictError(`The username ${body.username} is taken`, 'body.username');
        if (code === '23503') throw new ValidationError('body.company_id', 'Unknown company');
        throw err;
      }
    },

    /** POST /user/auth/update. */
    async update(caller: Caller, body: UserUpdateBody, client: RequestInfo = {}): Promise<UserRecord> {
      assertManager(caller, 'update users');
      const target = assertInReach(caller, await users.findByUid(body.uid), body.uid);
      if (target.uid === caller.uid && body.disabled === true) {
        throw new ForbiddenError('You may not disable yourself');
      }
      if (target.uid === caller.uid && caller.type !== 'sudo' && (body.type || body.meta || body.tenants)) {
        throw new ForbiddenError('You may not change your own type, access or tenants');
      }
      if (body.disabled === true) await assertNotLastRoot(target, { removal: 'disable' }, 'body.disabled');
      if (body.type) await assertNotLastRoot(target, { removal: 'demote', newType: body.type }, 'body.type');
      assertGrantable(caller, {
        type: body.type,
        accessRoles: body.meta?.accessRoles,
        tenants: body.tenants,
      });
      if (body.username && body.username.toLowerCase() !== target.username.toLowerCase()) {
        if (await users.findByUsername(body.username)) {
          throw new ConflictError(`The username ${body.username} is taken`, 'body.username');
        }
      }
      await users.update(target.uid, {
        username: body.username,
        name: body.name,
        email: body.email,
        phone: body.phone,
        type: body.type,
        tenants: body.tenants,
        accessRoles: body.meta?.accessRoles,
        disabled: body.disabled,
        passwordHash: body.password ? await hashPassword(body.password) : undefined,
      });
      // A new password or a disabled account ends the user's sessions.
      if (body.password || body.disabled)
        await deps.authSessions.revokeUserSessions(target.uid, deps.clock.now());
      deps.bus.publish(body.disabled ? 'user.disabled' : 'user.rights-changed', { userUid: target.uid });
      const updated = await users.findByUid(target.uid);
      if (!updated) throw new NotFoundError(`User ${body.uid} not found`);
      await deps.audit?.record({
        action: 'user.update',
        actor: auditActor(caller),
        companyId: updated.companyId,
        target: { type: 'user', id: updated.uid },
        before: auditView(target),
        after: auditView(updated),
        ip: client.ip,
        detail: { password_reset: body.password !== undefined },
      });
      return updated;
    },

    /** POST /user/auth/delete. */
    async delete(caller: Caller, body: UserDeleteBody, client: RequestInfo = {}): Promise<void> {
      assertManager(caller, 'delete users');
      if (body.uid === caller.uid) throw new ForbiddenError('You may not delete yourself');
      const target = assertInReach(caller, await users.findByUid(body.uid), body.uid);
      if ((await users.countDependants(target.uid)) > 0) {
        throw new ConflictError('This user is the root of other users; delete or move them first');
      }
      await assertNotLastRoot(target, { removal: 'delete' }, 'body.uid');
      try {
        await users.delete(target.uid);
        deps.bus.publish('user.disabled', { userUid: target.uid });
      } catch (err) {
        if ((err as { code?: string }).code === '23503') {
          throw new ConflictError('This user still owns sites or other records');
        }
        throw err;
      }
      await deps.audit?.record({
        action: 'user.delete',
        actor: auditActor(caller),
        companyId: target.companyId,
        target: { type: 'user', id: target.uid },
        before: auditView(target),
        ip: client.ip,
      });
    },

    /**
     * GET /user/user/list: sudo and support see every user; superuser or manage_users holders see
     * their company's users (docs/requirements.md#menu-visibility).
     */
    async list(caller: Caller, query: UserListQuery) {
      if (!caller.isOperator && caller.type !== 'superuser' && !hasAccess(caller, 'manage_users')) {
        throw new ForbiddenError('The user list needs the Manage Other Users access');
      }
      return users.list({
        ...listScope(caller),
        search: query.search,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
    },

    /**
     * GET /user/app/user-list (access-user list): the users of the caller's company, for access
     * control screens; needs acs or manage_users.
     */
    async appList(caller: Caller, query: UserListQuery) {
      if (!caller.isOperator && !hasAccess(caller, 'acs') && !hasAccess(caller, 'manage_users')) {
        throw new ForbiddenError('The access-user list needs the ACS access');
      }
      return users.list({
        ...listScope(caller),
        search: query.search,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
