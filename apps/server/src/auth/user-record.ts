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

/** A user and whether one of their sessions is live, read together. */
export interface SignedInUser {
  user: UserRecord;
  /** The session exists, belongs to the user and is not revoked. */
  sessionActive: boolean;
}

/** Reads of users for authentication (the users repository provides them). */
export interface UserLookup {
  findByUid(uid: string): Promise<UserRecord | undefined>;
  /**
   * The user and their session's state in one statement (every authenticated request makes it):
   * undefined when there is no such user.
   */
  findSignedIn(uid: string, sessionId: string): Promise<SignedInUser | undefined>;
}
