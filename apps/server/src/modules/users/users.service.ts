/**
 * User management (docs/requirements.md#user-management, docs/requirements.md#user-calls): sudo manages anyone; company and superuser users holding
 * manage_users manage the users of their own company only, never granting more than they have.
 */
import type { SignupBody, UserDeleteBody, UserListQuery, UserUpdateBody } from '@towerwatch/contract';
import { type AccessRole, isAnyTenant, type UserType } from '@towerwatch/domain';
import { type Caller, hasAccess } from '../../auth/caller.ts';
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
import type { UserRecord, UsersRepository } from './users.repository.ts';

export interface UsersServiceDeps {
  users: UsersRepository;
  authSessions: AuthSessionsRepository;
  clock: Clock;
  /** Rights changes reach the live sockets (docs/api.md "Live socket"). */
  bus: Pick<EventBus, 'publish'>;
}

/** Types a company/superuser manager may give, by the manager's type. */
const MANAGEABLE_TYPES: Partial<Record<UserType, readonly UserType[]>> = {
  company: ['company', 'employee', 'read_only'],
  superuser: ['superuser', 'company', 'employee', 'read_only'],
};

/** The caller may manage users at all: sudo, or company/superuser with manage_users. */
function assertManager(caller: Caller, action: string): void {
  if (caller.isReadOnly) throw new ForbiddenError(readOnlyMessage(action));
  if (caller.type === 'sudo') return;
  if (!MANAGEABLE_TYPES[caller.type] || !hasAccess(caller, 'manage_users')) {
    throw new ForbiddenError(`Only users with the Manage Other Users access may ${action}`);
  }
  if (!caller.companyId) throw new ForbiddenError(`Only users of a company may ${action}`);
}

/** The target user is within the caller's reach (404 outside, like every scoped lookup). */
function assertInReach(caller: Caller, target: UserRecord | undefined, uid: string): UserRecord {
  if (!target || (caller.type !== 'sudo' && target.companyId !== caller.companyId)) {
    throw new NotFoundError(`User ${uid} not found`);
  }
  if (caller.type !== 'sudo' && !(MANAGEABLE_TYPES[caller.type] ?? []).includes(target.type)) {
    throw new ForbiddenError(`You may not manage a ${target.type} user`);
  }
  return target;
}

/** Checks type, access roles and tenants a non-sudo manager wants to give. */
function assertGrantable(
  caller: Caller,
  grant: { type?: UserType; accessRoles?: AccessRole[]; tenants?: string[] },
): void {
  for (const t of grant.tenants ?? []) {
    if (!isAnyTenant(t)) throw new ValidationError('body.tenants', `Unknown tenant '${t}'`);
  }
  if (caller.type === 'sudo') return;
  if (grant.type && !(MANAGEABLE_TYPES[caller.type] ?? []).includes(grant.type)) {
    throw new ForbiddenError(`You may not give the type ${grant.type}`);
  }
  const extra = (grant.accessRoles ?? []).filter((r) => !caller.accessRoles.includes(r));
  if (extra.length) throw new ForbiddenError(`You may not grant access you do not have: ${extra.join(', ')}`);
  const foreign = (grant.tenants ?? []).filter((t) => !caller.allowedTenants.includes(t));
  if (foreign.length)
    throw new ForbiddenError(`You may not grant tenants you do not have: ${foreign.join(', ')}`);
}

export function createUsersService(deps: UsersServiceDeps) {
  const { users } = deps;

  return {
    /** POST /user/auth/signup. */
    async signup(caller: Caller, body: SignupBody): Promise<UserRecord> {
      assertManager(caller, 'create users');
      const accessRoles = body.meta?.accessRoles ?? [];
      assertGrantable(caller, { type: body.type, accessRoles, tenants: body.tenants });
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
    async update(caller: Caller, body: UserUpdateBody): Promise<UserRecord> {
      assertManager(caller, 'update users');
      const target = assertInReach(caller, await users.findByUid(body.uid), body.uid);
      if (target.uid === caller.uid && caller.type !== 'sudo' && (body.type || body.meta || body.tenants)) {
        throw new ForbiddenError('You may not change your own type, access or tenants');
      }
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
      return updated;
    },

    /** POST /user/auth/delete. */
    async delete(caller: Caller, body: UserDeleteBody): Promise<void> {
      assertManager(caller, 'delete users');
      if (body.uid === caller.uid) throw new ForbiddenError('You may not delete yourself');
      const target = assertInReach(caller, await users.findByUid(body.uid), body.uid);
      if ((await users.countDependants(target.uid)) > 0) {
        throw new ConflictError('This user is the root of other users; delete or move them first');
      }
      try {
        await users.delete(target.uid);
        deps.bus.publish('user.disabled', { userUid: target.uid });
      } catch (err) {
        if ((err as { code?: string }).code === '23503') {
          throw new ConflictError('This user still owns sites or other records');
        }
        throw err;
      }
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
        companyId: caller.isOperator ? undefined : caller.companyId,
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
        companyId: caller.isOperator ? undefined : caller.companyId,
        search: query.search,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
