/**
 * Route-level guards, as `preHandler` hooks. Routes do not list them: they declare a rule
 * (`rules.ts`) and the route helper turns it into these guards. They run after the auth plugin has
 * set `request.caller` and throw typed errors (403).
 */
import type { AccessRole, UserType } from '@towerwatch/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ForbiddenError, readOnlyMessage, UnauthorizedError } from '../../errors.ts';
import { type Caller, hasAccess } from '../../auth/caller.ts';

/** The caller of an authenticated request (401 when the route is public and nobody signed in). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
}

/** Only these user types may call the route (the spec's route guards, docs/requirements.md#guards). */
export function requireRoles(...types: UserType[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = callerOf(request);
    if (!types.includes(caller.type)) {
      throw new ForbiddenError(`This action is not available to ${caller.type} users`);
    }
  };
}

/** The caller must hold every access role (meta.accessRoles; sudo's fixed roles count). */
export function requireAccess(...roles: AccessRole[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = callerOf(request);
    const missing = roles.filter((r) => !hasAccess(caller, r));
    if (missing.length > 0) throw new ForbiddenError(`This action needs the ${missing.join(', ')} access`);
  };
}

/**
 * Read-only users are refused with the spec's text: 'Sorry! You don't have the necessary permission
 * to {action}.' (docs/requirements.md#restricted-actions).
 */
export function denyReadOnly(action: string): preHandlerAsyncHookHandler {
  return async (request) => {
    assertNotReadOnly(callerOf(request), action);
  };
}

/** The same check for services. */
export function assertNotReadOnly(caller: Caller, action: string): void {
  if (caller.isReadOnly) throw new ForbiddenError(readOnlyMessage(action));
}
