/**
 * Sign-in, token rotation, sign-out, session status, two-factor, profile and password
 * (docs/requirements.md#auth-calls, docs/requirements.md#tokens token lifetimes).
 */
import type {
  ChangePasswordBody,
  LoginBody,
  LoginReply,
  ProfileUpdateBody,
  SessionStatusReply,
  TokenPair,
  TwoFactorBody,
  TwoFactorReply,
} from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { AuthSessionsRepository } from '../../auth/sessions.repository.ts';
import { createAuthSessionsRepository } from '../../auth/sessions.repository.ts';
import {
  ACCESS_TOKEN_TTL_S,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_S,
  signAccessToken,
} from '../../auth/tokens.ts';
import { newTotpSecret, TOTP_PERIOD_S, totpSecondsLeft, totpStepOf, totpUri } from '../../auth/totp.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, type Queryable, withTransaction } from '../../db/pool.ts';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { LoginFailuresRepository } from './login-failures.repository.ts';

export interface AuthServiceDeps {
  pool: Pool;
  users: UsersRepository;
  authSessions: AuthSessionsRepository;
  loginFailures: LoginFailuresRepository;
  clock: Clock;
  /** Session ends reach the live sockets (docs/api.md "Live socket"). */
  bus: Pick<EventBus, 'publish'>;
  tokenSecret: string;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** The audit log (sign-in, bursts, password and two-factor changes). */
  audit?: AuditRecorder;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** Hash of a throwaway password, so an unknown username costs the same time as a wrong password. */
const dummyHash = hashPassword('not-a-real-password');

export function createAuthService(deps: AuthServiceDeps) {
  const { users, authSessions, loginFailures, clock, audit } = deps;

  async function issuePair(
    userUid: string,
    sessionId: string,
    repo = authSessions,
  ): Promise<{ pair: TokenPair; tokenId: string }> {
    const now = clock.now();
    const refresh = newRefreshToken();
    const tokenId = await repo.insertRefreshToken({
      userUid,
      familyId: sessionId,
      tokenHash: hashRefreshToken(refresh),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
      at: now,
    });
    const pair: TokenPair = {
      access_token: await signAccessToken({ sub: userUid, sid: sessionId }, deps.tokenSecret, now),
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_expires_in: REFRESH_TOKEN_TTL_S,
    };
    return { pair, tokenId };
  }

  const tooMany = (what: string) =>
    new TooManyRequestsError(
      `Too many failed sign-in attempts for this ${what}. Try again in ${deps.loginWindowMinutes} minutes.`,
    );

  /** Takes one attempt of the account/address limit, or refuses with 429. */
  async function takeAttempt(username: string, ip: string, now: Date) {
    const since = new Date(now.getTime() - deps.loginWindowMinutes * 60_000);
    const taken = await loginFailures.take(username, ip, since, now, deps.loginMaxFailures);
    if (taken.blocked) throw tooMany(taken.blocked);
    return taken;
  }

  /** A failed attempt that exhausts a limit is logged once (a burst), not every failure. */
  async function reportBurst(
    username: string,
    ip: string,
    attempt: { account: number; ip: number },
    now: Date,
  ) {
    if (attempt.account !== deps.loginMaxFailures && attempt.ip !== deps.loginMaxFailures) return;
    const user = await users.findByUsername(username);
    await audit?.record({
      action: 'auth.sign_in_blocked',
      actor: null,
      companyId: user?.companyId ?? null,
      target: user ? { type: 'user', id: user.uid } : null,
      ip,
      detail: {
        username,
        limit: attempt.account === deps.loginMaxFailures ? 'account' : 'address',
        failures: deps.loginMaxFailures,
        window_minutes: deps.loginWindowMinutes,
        at: now.toISOString(),
      },
    });
  }

  /** Checks a one-time password and spends its step: a code is accepted once. */
  async function spendTotp(uid: string, secret: string, code: string, now: Date): Promise<boolean> {
    const step = totpStepOf(secret, code, now);
    return step !== null && (await users.consumeTotpStep(uid, step));
  }

  return {
    /**
     * POST /user/auth/login. The attempt is counted before the password is checked, atomically, so
     * the limit holds under concurrency; a one-time password is single-use.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<LoginReply> {
      const now = clock.now();
      const attempt = await takeAttempt(body.username, client.ip, now);
      const fail = async (message: string): Promise<never> => {
        await reportBurst(body.username, client.ip, attempt, now);
        throw new UnauthorizedError(message);
      };

      const user = await users.findByUsername(body.username);
      // An unknown username is checked against a dummy hash so both cases take the same time.
      const ok =
        (await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash))) && user !== undefined;
      if (!user || !ok || user.disabled) return fail('Invalid username or password');
      if (user.twoFactorEnabled && user.totpSecret) {
        if (!body.otp) {
          await loginFailures.release(attempt.id);
          return { two_factor_required: true };
        }
        if (!(await spendTotp(user.uid, user.totpSecret, body.otp, now))) {
          return fail('Invalid one-time password');
        }
      }
      await loginFailures.clearAccount(body.username);
      const sessionId = await authSessions.createSession(user.uid, now, client);
      await audit?.record({
        action: 'auth.sign_in',
        actor: { uid: user.uid, username: user.username, companyId: user.companyId },
        target: { type: 'user', id: user.uid },
        ip: client.ip,
        detail: { session_id: sessionId, two_factor: user.twoFactorEnabled },
      });
      return (await issuePair(user.uid, sessionId)).pair;
    },

    /**
     * POST /user/auth/refresh: rotates the refresh token. A revoked, expired or unknown token is
     * refused; presenting an already used token ends its whole session (token theft).
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock.now();
      const outcome = await withTransaction(deps.pool, async (tx) => {
        const repo = createAuthSessionsRepository(tx);
        const token = await repo.findRefreshTokenForUpdate(hashRefreshToken(refreshToken));
        if (!token) return { error: 'Invalid refresh token' } as const;
        if (token.revokedAt || token.sessionRevokedAt) return { error: 'Refresh token revoked' } as const;
        if (token.usedAt) {
          await repo.revokeSession(token.familyId, now);
          deps.bus.publish('auth.session-ended', { userUid: token.userUid, sessionId: token.familyId });
          return { error: 'Refresh token already used; the session has been ended' } as const;
        }
        if (token.expiresAt.getTime() <= now.getTime()) return { error: 'Refresh token expired' } as const;
        const disabled = await isUserDisabled(tx, token.userUid);
        if (disabled !== false) return { error: 'User not found or disabled' } as const;
        const { pair, tokenId } = await issuePair(token.userUid, token.familyId, repo);
        await repo.markUsed(token.id, tokenId, now);
        await repo.touchSession(token.familyId, now);
        return { pair } as const;
      });
      if ('error' in outcome) throw new UnauthorizedError(outcome.error);
      return outcome.pair;
    },

    /** POST /user/auth/logout. */
    async logout(
      caller: Caller,
      body: { refresh_token?: string; all?: boolean } | null | undefined,
    ): Promise<void> {
      const now = clock.now();
      if (body?.all) {
        await authSessions.revokeUserSessions(caller.uid, now);
        deps.bus.publish('auth.session-ended', { userUid: caller.uid });
        return;
      }
      await authSessions.revokeSession(caller.sessionId, now);
      deps.bus.publish('auth.session-ended', { userUid: caller.uid, sessionId: caller.sessionId });
      if (body?.refresh_token) {
        const token = await authSessions.findRefreshTokenForUpdate(hashRefreshToken(body.refresh_token));
        if (token && token.userUid === caller.uid) {
          await authSessions.revokeSession(token.familyId, now);
          deps.bus.publish('auth.session-ended', { userUid: caller.uid, sessionId: token.familyId });
        }
      }
    },

    /** POST /user/auth/session-status. */
    sessionStatus(caller: Caller): SessionStatusReply {
      const now = clock.now();
      return {
        active: true,
        uid: caller.uid,
        two_factor_enabled: caller.user.twoFactorEnabled,
        otp_period: TOTP_PERIOD_S,
        otp_expires_in: totpSecondsLeft(now),
        access_expires_at: caller.tokenExpiresAt.toISOString(),
      };
    },

    /**
     * POST /user/auth/two-factor. Verify and disable take an attempt of the sign-in limit (account and
     * address; 429 past it); the code is single-use.
     */
    async twoFactor(caller: Caller, body: TwoFactorBody, client: ClientInfo): Promise<TwoFactorReply> {
      const user = caller.user;
      const actor = auditActor(caller);
      if (body.action === 'setup') {
        if (user.twoFactorEnabled) {
          throw new ValidationError('body.action', 'Two-factor is already on; disable it first');
        }
        const secret = newTotpSecret();
        await users.update(user.uid, { totpSecret: secret });
        return { two_factor_enabled: false, secret, otpauth_uri: totpUri(secret, user.username) };
      }
      if (!user.totpSecret) throw new ValidationError('body.action', 'Set up two-factor first');
      const now = clock.now();
      const attempt = await takeAttempt(user.username, client.ip, now);
      if (!(await spendTotp(user.uid, user.totpSecret, body.otp, now))) {
        await reportBurst(user.username, client.ip, attempt, now);
        throw new ValidationError('body.otp', 'Invalid one-time password');
      }
      await loginFailures.clearAccount(user.username);
      const enable = body.action === 'verify';
      if (enable) await users.update(user.uid, { twoFactorEnabled: true });
      else await users.update(user.uid, { twoFactorEnabled: false, totpSecret: null });
      await audit?.record({
        action: enable ? 'auth.two_factor_enable' : 'auth.two_factor_disable',
        actor,
        target: { type: 'user', id: user.uid },
        ip: client.ip,
      });
      return { two_factor_enabled: enable };
    },

    /** POST /user/profile/update. */
    async updateProfile(caller: Caller, body: ProfileUpdateBody) {
      await users.update(caller.uid, body);
      const user = await users.findByUid(caller.uid);
      if (!user) throw new UnauthorizedError('User not found');
      return user;
    },

    /** POST /user/profile/change-password: other sessions of the user are ended. */
    async changePassword(caller: Caller, body: ChangePasswordBody, client: ClientInfo): Promise<void> {
      if (!(await verifyPassword(body.old_password, caller.user.passwordHash))) {
        throw new ValidationError('body.old_password', 'The old password is not correct');
      }
      if (body.old_password === body.new_password) {
        throw new ValidationError('body.new_password', 'The new password must differ from the old one');
      }
      await users.update(caller.uid, { passwordHash: await hashPassword(body.new_password) });
      await authSessions.revokeUserSessions(caller.uid, clock.now(), caller.sessionId);
      deps.bus.publish('auth.session-ended', { userUid: caller.uid, exceptSessionId: caller.sessionId });
      await audit?.record({
        action: 'auth.password_change',
        actor: auditActor(caller),
        target: { type: 'user', id: caller.uid },
        ip: client.ip,
      });
    },
  };
}

/** Inside the refresh transaction: false = active user; true (disabled) or undefined (gone) = refuse. */
async function isUserDisabled(tx: Queryable, uid: string): Promise<boolean | undefined> {
  const { rows } = await tx.query<{ disabled: boolean }>('select disabled from users where uid = $1', [uid]);
  return rows[0]?.disabled;
}

export type AuthService = ReturnType<typeof createAuthService>;
