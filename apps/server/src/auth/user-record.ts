/**
 * The user as the server holds it (camelCase record of a `users` row and its company). The
 * authentication kernel (caller, plugin, live socket) reads it; the users module stores it.
 */
import type { AccessRole, UserType } from '@towerwatch/domain';

export interface UserRecord {
  uid: string;
  username: string;
  passwordHash: string;
  name: string;
  email: string | null;
  phone: string | null;
  type: UserType;
  tenants: string[];
  rootUserUid: string | null;
  companyId: string | null;
  /** code of the user's company (ktbl, ftb, ...), null for provider staff */
  companyCode: string | null;
  logo: string | null;
  accessRoles: AccessRole[];
  scope: string[];
  totpSecret: string | null;
  twoFactorEnabled: boolean;
  disabled: boolean;
  passwordChangedAt: Date;
  createdAt: Date;
}

/** Finds a user by uid (the auth plugin's one read; the users repository provides it). */
export interface UserLookup {
  findByUid(uid: string): Promise<UserRecord | undefined>;
}
