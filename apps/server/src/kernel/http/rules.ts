/**
 * Permission rules: every route declares who may call it as a value, not as code —
 *
 *   route(app, siteEndpoints.unlock, { rule: rules.signedIn({ access: ['acs'], denyReadOnly: 'unlock the door' }), handler })
 *
 * The route helper turns the rule into guards and records it in the app's route registry, where
 * tests (the permission matrix) read it. Services still decide what depends on the data (scope,
 * tenants, a site's owner); a rule says only what the route requires of every caller.
 */
import type { AccessRole, UserType } from '@towerwatch/domain';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { denyReadOnly, requireAccess, requireRoles } from './guards.ts';

/** No access token needed (sign-in, token refresh). Only for endpoints the contract marks `public`. */
export interface PublicRule {
  readonly kind: 'public';
}

/**
 * A signed-in caller (401 otherwise) who also meets every given condition. The checks run in this
 * order, each refusing with 403 and its own message: read-only refusal, user type, access roles.
 */
export interface SignedInRule {
  readonly kind: 'signedIn';
  /** Read-only users are refused: "Sorry! You don't have the necessary permission to {action}." */
  readonly denyReadOnly?: string;
  /** Only these user types ("This action is not available to {type} users"). */
  readonly userTypes?: readonly UserType[];
  /** Every one of these access roles; sudo's fixed roles count ("This action needs the {roles} access"). */
  readonly access?: readonly AccessRole[];
}

/** Who may call a route. */
export type Rule = PublicRule | SignedInRule;

export const rules = {
  /** Anybody, no token. */
  public: { kind: 'public' } as PublicRule,
  /** A signed-in caller, optionally of some user types, with some access roles, not read-only. */
  signedIn: (conditions: Omit<SignedInRule, 'kind'> = {}): SignedInRule => ({
    kind: 'signedIn',
    ...conditions,
  }),
} as const;

/** The guards that enforce `rule`, in the order they run (authentication itself is the auth plugin's). */
export function guardsOf(rule: Rule): preHandlerAsyncHookHandler[] {
  if (rule.kind === 'public') return [];
  const guards: preHandlerAsyncHookHandler[] = [];
  if (rule.denyReadOnly !== undefined) guards.push(denyReadOnly(rule.denyReadOnly));
  if (rule.userTypes) guards.push(requireRoles(...rule.userTypes));
  if (rule.access) guards.push(requireAccess(...rule.access));
  return guards;
}
