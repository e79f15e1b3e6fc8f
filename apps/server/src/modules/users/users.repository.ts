/** SQL for users and companies. snake_case rows become camelCase records here only. */
import type { AccessRole, UserType } from '@towerwatch/domain';
import type { UserRecord } from '../../auth/user-record.ts';
import type { Queryable } from '../../db/pool.ts';

export type { UserRecord };

interface UserRow {
  uid: string;
  username: string;
  password_hash: string;
  name: string;
  email: string | null;
  phone: string | null;
  type: UserType;
  tenants: string[];
  root_user_uid: string | null;
  company_id: string | null;
  company_code: string | null;
  logo: string | null;
  access_roles: AccessRole[];
  scope: string[];
  totp_secret: string | null;
  two_factor_enabled: boolean;
  disabled: boolean;
  password_changed_at: Date;
  created_at: Date;
}

const USER_COLUMNS = `u.uid, u.username, u.password_hash, u.name, u.email, u.phone, u.type, u.tenants,
  u.root_user_uid, u.company_id, c.code as company_code, u.logo, u.access_roles, u.scope, u.totp_secret,
  u.two_factor_enabled, u.disabled, u.password_changed_at, u.created_at`;
const USER_FROM = 'from users u left join companies c on c.id = u.company_id';
const SELECT_USER = `select ${USER_COLUMNS} ${USER_FROM}`;
/** The user and whether session $2 (a uuid, or null) is theirs and not revoked. */
const SELECT_SIGNED_IN = `select ${USER_COLUMNS},
  exists(select 1 from auth_sessions s where s.id = $2::uuid and s.user_uid = u.uid and s.revoked_at is null)
    as session_active
  ${USER_FROM} where u.uid = $1`;

function toRecord(r: UserRow): UserRecord {
  return {
    uid: r.uid,
    username: r.username,
    passwordHash: r.password_hash,
    name: r.name,
    email: r.email,
    phone: r.phone,
    type: r.type,
    tenants: r.tenants,
    rootUserUid: r.root_user_uid,
    companyId: r.company_id,
    companyCode: r.company_code,
    logo: r.logo,
    accessRoles: r.access_roles,
    scope: r.scope,
    totpSecret: r.totp_secret,
    twoFactorEnabled: r.two_factor_enabled,
    disabled: r.disabled,
    passwordChangedAt: r.password_changed_at,
    createdAt: r.created_at,
  };
}

/** Fields of a new user. */
export interface NewUser {
  uid?: string;
  username: string;
  passwordHash: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  type: UserType;
  tenants: string[];
  rootUserUid: string | null;
  companyId: string | null;
  logo?: string | null;
  accessRoles: string[];
  scope?: string[];
}

/** Fields that can be changed; absent = unchanged. */
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'username'
    | 'name'
    | 'email'
    | 'phone'
    | 'type'
    | 'tenants'
    | 'logo'
    | 'accessRoles'
    | 'scope'
    | 'passwordHash'
  > & { totpSecret: string | null; twoFactorEnabled: boolean; disabled: boolean }
>;

const CHANGE_COLUMNS: Record<keyof UserChanges, string> = {
  username: 'username',
  name: 'name',
  email: 'email',
  phone: 'phone',
  type: 'type',
  tenants: 'tenants',
  logo: 'logo',
  accessRoles: 'access_roles',
  scope: 'scope',
  passwordHash: 'password_hash',
  totpSecret: 'totp_secret',
  twoFactorEnabled: 'two_factor_enabled',
  disabled: 'disabled',
};

export function createUsersRepository(db: Queryable) {
  return {
    async findByUid(uid: string): Promise<UserRecord | undefined> {
      const { rows } = await db.query<UserRow>(`${SELECT_USER} where u.uid = $1`, [uid]);
      return rows[0] ? toRecord(rows[0]) : undefined;
    },

    async findSignedIn(uid: string, sessionId: string) {
      // sid comes from a signed token, but guard the uuid cast anyway (a malformed one is no session).
      const sid = /^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : null;
      const { rows } = await db.query<UserRow & { session_active: boolean }>(SELECT_SIGNED_IN, [uid, sid]);
      const row = rows[0];
      return row ? { user: toRecord(row), sessionActive: row.session_active } : undefined;
    },

    async findByUsername(username: string): Promise<UserRecord | undefined> {
      const { rows } = await db.query<UserRow>(`${SELECT_USER} where lower(u.username) = lower($1)`, [
        username,
      ]);
      return rows[0] ? toRecord(rows[0]) : undefined;
    },

    /**
     * Users visible in a list: all (companyId undefined) or one company's, newest first.
     * `search` matches username or name.
     */
    async list(opts: {
      companyId?: string | null;
      /** Only this user (a company-less non-operator sees itself). */
      uid?: string;
      search?: string;
      limit: number;
      offset: number;
    }): Promise<{ total: number; items: UserRecord[] }> {
      const where: string[] = [];
      const values: unknown[] = [];
      if (opts.companyId !== undefined) {
        values.push(opts.companyId);
        where.push(`u.company_id is not distinct from $${values.length}`);
      }
      if (opts.uid !== undefined) {
        values.push(opts.uid);
        where.push(`u.uid = $${values.length}`);
      }
      if (opts.search) {
        values.push(`%${opts.search}%`);
        where.push(`(u.username ilike $${values.length} or u.name ilike $${values.length})`);
      }
      const cond = where.length ? `where ${where.join(' and ')}` : '';
      const total = await db.query<{ n: number }>(`select count(*)::int as n from users u ${cond}`, values);
      values.push(opts.limit, opts.offset);
      const { rows } = await db.query<UserRow>(
        `${SELECT_USER} ${cond} order by u.created_at desc, u.uid desc limit $${values.length - 1} offset $${values.length}`,
        values,
      );
      return { total: total.rows[0]?.n ?? 0, items: rows.map(toRecord) };
    },

    async insert(user: NewUser): Promise<string> {
      const { rows } = await db.query<{ uid: string }>(
        `insert into users (uid, username, password_hash, name, email, phone, type, tenants, root_user_uid,
           company_id, logo, access_roles, scope)
         values (coalesce($1, nextval('user_uid_seq')::text), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         returning uid`,
        [
          user.uid ?? null,
          user.username,
          user.passwordHash,
          user.name,
          user.email ?? null,
          user.phone ?? null,
          user.type,
          user.tenants,
          user.rootUserUid,
          user.companyId,
          user.logo ?? null,
          user.accessRoles,
          user.scope ?? [],
        ],
      );
      const uid = rows[0]?.uid;
      if (!uid) throw new Error('insert returned no uid');
      return uid;
    },

    async update(uid: string, changes: UserChanges): Promise<void> {
      const sets: string[] = [];
      const values: unknown[] = [];
      for (const [key, value] of Object.entries(changes) as [keyof UserChanges, unknown][]) {
        if (value === undefined) continue;
        values.push(value);
        sets.push(`${CHANGE_COLUMNS[key]} = $${values.length}`);
      }
      if (changes.passwordHash !== undefined) sets.push('password_changed_at = now()');
      if (changes.totpSecret !== undefined) sets.push('totp_last_step = null');
      if (sets.length === 0) return;
      values.push(uid);
      await db.query(
        `update users set ${sets.join(', ')}, updated_at = now() where uid = $${values.length}`,
        values,
      );
    },

    /**
     * Spends the TOTP step `step` of the user: true only when it is later than the last one spent (a
     * code is single-use, even between concurrent requests).
     */
    async consumeTotpStep(uid: string, step: number): Promise<boolean> {
      const res = await db.query(
        `update users set totp_last_step = $2
         where uid = $1 and (totp_last_step is null or totp_last_step < $2)`,
        [uid, step],
      );
      return (res.rowCount ?? 0) > 0;
    },

    async delete(uid: string): Promise<boolean> {
      const res = await db.query('delete from users where uid = $1', [uid]);
      return (res.rowCount ?? 0) > 0;
    },

    /** Root users (no root above them) of the company that are not disabled, other than `exceptUid`. */
    async countOtherActiveRoots(companyId: string, exceptUid: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from users
         where company_id = $1 and root_user_uid is null and not disabled and uid <> $2`,
        [companyId, exceptUid],
      );
      return rows[0]?.n ?? 0;
    },

    async countDependants(uid: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from users where root_user_uid = $1',
        [uid],
      );
      return rows[0]?.n ?? 0;
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
      return rows[0]?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
