/** SQL for auth sessions (refresh-token families) and refresh tokens. */
import type { Queryable } from '../db/pool.ts';

export interface RefreshTokenRecord {
  id: string;
  userUid: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  sessionRevokedAt: Date | null;
}

export function createAuthSessionsRepository(db: Queryable) {
  return {
    async createSession(
      userUid: string,
      at: Date,
      meta: { ip?: string; userAgent?: string },
    ): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `insert into auth_sessions (user_uid, created_at, last_used_at, ip, user_agent)
         values ($1, $2, $2, $3, $4) returning id`,
        [userUid, at, meta.ip ?? null, meta.userAgent ?? null],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('no session id');
      return id;
    },

    async insertRefreshToken(t: {
      userUid: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      at: Date;
    }) {
      const { rows } = await db.query<{ id: string }>(
        `insert into refresh_tokens (user_uid, family_id, token_hash, expires_at, created_at)
         values ($1, $2, $3, $4, $5) returning id`,
        [t.userUid, t.familyId, t.tokenHash, t.expiresAt, t.at],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('no token id');
      return id;
    },

    /** Looks a refresh token up by hash, locking its row (call inside a transaction). */
    async findRefreshTokenForUpdate(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
      const { rows } = await db.query<{
        id: string;
        user_uid: string;
        family_id: string;
        expires_at: Date;
        used_at: Date | null;
        revoked_at: Date | null;
        session_revoked_at: Date | null;
      }>(
        `select t.id, t.user_uid, t.family_id, t.expires_at, t.used_at, t.revoked_at, s.revoked_at as session_revoked_at
         from refresh_tokens t join auth_sessions s on s.id = t.family_id
         where t.token_hash = $1 for update of t`,
        [tokenHash],
      );
      const r = rows[0];
      return r
        ? {
            id: r.id,
            userUid: r.user_uid,
            familyId: r.family_id,
            expiresAt: r.expires_at,
            usedAt: r.used_at,
            revokedAt: r.revoked_at,
            sessionRevokedAt: r.session_revoked_at,
          }
        : undefined;
    },

    async markUsed(id: string, replacedBy: string, at: Date): Promise<void> {
      await db.query('update refresh_tokens set used_at = $2, replaced_by = $3 where id = $1', [
        id,
        at,
        replacedBy,
      ]);
    },

    async touchSession(sessionId: string, at: Date): Promise<void> {
      await db.query('update auth_sessions set last_used_at = $2 where id = $1', [sessionId, at]);
    },

    /** Ends a session: its access tokens stop working and its refresh tokens are revoked. */
    async revokeSession(sessionId: string, at: Date): Promise<void> {
      await db.query('update auth_sessions set revoked_at = coalesce(revoked_at, $2) where id = $1', [
        sessionId,
        at,
      ]);
      await db.query('update refresh_tokens set revoked_at = coalesce(revoked_at, $2) where family_id = $1', [
        sessionId,
        at,
      ]);
    },

    /** Ends every session of a user, optionally except one. */
    async revokeUserSessions(userUid: string, at: Date, exceptSessionId?: string): Promise<void> {
      await db.query(
        `update auth_sessions set revoked_at = $2
         where user_uid = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)`,
        [userUid, at, exceptSessionId ?? null],
      );
      await db.query(
        `update refresh_tokens t set revoked_at = $2 from auth_sessions s
         where s.id = t.family_id and s.user_uid = $1 and s.revoked_at is not null and t.revoked_at is null`,
        [userUid, at],
      );
    },
  };
}

export type AuthSessionsRepository = ReturnType<typeof createAuthSessionsRepository>;
