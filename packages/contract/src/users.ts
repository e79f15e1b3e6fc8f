/**
 * User management: POST /user/auth/signup, /user/auth/update, /user/auth/delete, GET /user/user/list,
 * GET /user/app/user-list (docs/requirements.md#user-calls; payloads not shown there, designed here).
 */
import { MAX_PAGE } from '@towerwatch/domain';
import { z } from 'zod';
import { accessRole, authUser, newPassword, userType } from './auth.ts';
import { safeText } from './input.ts';

const username = safeText()
  .trim()
  .min(3)
  .max(60)
  .regex(/^[a-zA-Z0-9._@-]+$/, 'may hold letters, digits and . _ @ -');

const tenantList = z.array(safeText().min(1).max(40)).max(10);

/**
 * POST /user/auth/signup. Sudo may create any user and must name the company for company users;
 * company/superuser users with manage_users create users of their own company only, never with more
 * access roles or tenants than they have, and of type company, superuser (superuser callers only),
 * employee or read_only.
 */
export const signupBody = z
  .object({
    username,
    password: newPassword,
    name: safeText().trim().min(1).max(100),
    email: z.email().max(200).nullable().optional(),
    phone: safeText().max(30).nullable().optional(),
    type: userType,
    tenants: tenantList.optional(),
    meta: z.object({ accessRoles: z.array(accessRole) }).optional(),
    /** Sudo only: the company of the new user. */
    company_id: safeText().min(1).max(40).nullable().optional(),
    /** Sudo only: the root user of the new user (default: the company's root account). */
    root_user_uid: safeText().min(1).max(40).nullable().optional(),
  })
  .strict();
export type SignupBody = z.infer<typeof signupBody>;

/** POST /user/auth/update: `uid` plus the fields to change (same limits as signup). */
export const userUpdateBody = z
  .object({
    uid: safeText().min(1).max(40),
    username: username.optional(),
    password: newPassword.optional(),
    name: safeText().trim().min(1).max(100).optional(),
    email: z.email().max(200).nullable().optional(),
    phone: safeText().max(30).nullable().optional(),
    type: userType.optional(),
    tenants: tenantList.optional(),
    meta: z.object({ accessRoles: z.array(accessRole) }).optional(),
    disabled: z.boolean().optional(),
  })
  .strict();
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** POST /user/auth/delete (uid). */
export const userDeleteBody = z.object({ uid: safeText().min(1).max(40) }).strict();
export type UserDeleteBody = z.infer<typeof userDeleteBody>;

/** GET /user/user/list and /user/app/user-list: 1-based pages, newest first. */
export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  search: safeText().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListReply = z.object({ total: z.number().int(), items: z.array(authUser) });
export type UserListReply = z.infer<typeof userListReply>;
