import { ACCESS_ROLES, USER_TYPES } from '@towerwatch/domain';
import { z } from 'zod';
import { safeText } from './input.ts';

/** User types of docs/requirements.md#user-types. */
export const userType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userType>;

/** Access roles in meta.accessRoles (docs/requirements.md#access-roles). */
export const accessRole = z.enum(ACCESS_ROLES);
export type AccessRole = z.infer<typeof accessRole>;

/** POST /user/auth/login. `otp` is needed only when the user has two-factor enabled. */
export const loginBody = z.object({
  username: safeText().trim().min(1).max(100),
  password: safeText().min(1).max(200),
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Token pair (docs/requirements.md#auth-calls, lifetimes docs/requirements.md#tokens: access 18000 s, refresh 86400 s). */
export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

/**
 * Reply of POST /user/auth/login: either the token pair, or — when the user has two-factor
 * enabled and sent no `otp` — `{ two_factor_required: true }` (no tokens). The client then asks
 * for the one-time password and repeats the login with `otp`.
 */
export const loginReply = z.union([tokenPair, z.object({ two_factor_required: z.literal(true) })]);
export type LoginReply = z.infer<typeof loginReply>;

/** POST /user/auth/refresh. Rotating: the used refresh token is revoked. */
export const refreshBody = z.object({ refresh_token: safeText().min(1).max(2000) });

/** The user as GET /user/auth/user returns it (docs/requirements.md#user-entity). */
export const authUser = z.object({
  uid: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: userType,
  /** Allowed tenants as stored on the user; empty means "not restricted by the user" (see domain allowedTenants). */
  tenants: z.array(z.string()),
  /** Company owner's uid; null for the owner itself (root user id = root_user_uid ?? uid). */
  root_user_uid: z.string().nullable(),
  company_id: z.string().nullable(),
  /** Company code (ktbl, ftb, ...) of the user's company; null for provider staff. */
  company_code: z.string().nullable(),
  logo: z.string().nullable(),
  meta: z.object({ accessRoles: z.array(accessRole) }),
  scope: z.array(z.string()),
  two_factor_enabled: z.boolean(),
  /** A disabled user cannot sign in (user management, docs/requirements.md#user-management). */
  disabled: z.boolean().optional(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

/**
 * POST /user/auth/logout: ends the current session; `all: true` ends every session of the user. The
 * body is optional: absent, `null` or an empty JSON body is the same as `{}`.
 */
export const logoutBody = z
  .object({
    /** Also revoke this refresh token's session (when it differs from the access token's). */
    refresh_token: safeText().min(1).max(2000).optional(),
    all: z.boolean().optional(),
  })
  .nullish();

/** Reply of calls that only confirm. */
export const okReply = z.object({ success: z.literal(true) });
export type OkReply = z.infer<typeof okReply>;

/**
 * POST /user/auth/session-status (payload not shown in the spec): the session is still valid, and the
 * one-time-password window — `otp_expires_in` seconds until the current TOTP code changes.
 */
export const sessionStatusReply = z.object({
  active: z.literal(true),
  uid: z.string(),
  two_factor_enabled: z.boolean(),
  otp_period: z.number().int(),
  otp_expires_in: z.number().int(),
  access_expires_at: z.string(),
});
export type SessionStatusReply = z.infer<typeof sessionStatusReply>;

/**
 * POST /user/auth/two-factor (payload not shown in the spec):
 * - `setup`: creates a new secret (not active until verified) → `{ secret, otpauth_uri }`;
 * - `verify` with `otp`: checks a code of the pending/active secret and turns two-factor on;
 * - `disable` with `otp`: turns it off.
 */
export const twoFactorBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('setup') }),
  z.object({ action: z.literal('verify'), otp: z.string().regex(/^\d{6}$/, 'must be 6 digits') }),
  z.object({ action: z.literal('disable'), otp: z.string().regex(/^\d{6}$/, 'must be 6 digits') }),
]);
export type TwoFactorBody = z.infer<typeof twoFactorBody>;

export const twoFactorReply = z.object({
  two_factor_enabled: z.boolean(),
  secret: z.string().optional(),
  otpauth_uri: z.string().optional(),
});
export type TwoFactorReply = z.infer<typeof twoFactorReply>;

/** POST /user/profile/update: the caller's own contact fields (payload not shown in the spec). */
export const profileUpdateBody = z
  .object({
    name: safeText().trim().min(1).max(100).optional(),
    email: z.email().max(200).nullable().optional(),
    phone: z
      .string()
      .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number')
      .nullable()
      .optional(),
    logo: safeText().max(500).nullable().optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** Rules for new passwords. */
export const newPassword = safeText().min(8, 'must be at least 8 characters').max(200);

/** POST /user/profile/change-password: the old password is required; other sessions are ended. */
export const changePasswordBody = z.object({
  old_password: safeText().min(1).max(200),
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
