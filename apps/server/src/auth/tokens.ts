/**
 * Access tokens: compact JWTs signed with HMAC-SHA256 (node:crypto), `exp` enforced against the
 * injected clock. Refresh tokens are opaque random strings; only their SHA-256 is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_S, REFRESH_TOKEN_LIFETIME_S } from '@towerwatch/domain';

/** Lifetimes of platform-core §9 (the values live in the domain). */
export const ACCESS_TOKEN_TTL_S = ACCESS_TOKEN_LIFETIME_S;
export const REFRESH_TOKEN_TTL_S = REFRESH_TOKEN_LIFETIME_S;

export interface AccessClaims {
  /** user uid */
  sub: string;
  /** auth session (refresh-token family) id */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** Signs an access token for `sub`/`sid`, valid {@link ACCESS_TOKEN_TTL_S} seconds from `now`. */
export function signAccessToken(
  claims: { sub: string; sid: string },
  secret: string,
  now: Date,
  ttlSeconds = ACCESS_TOKEN_TTL_S,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessClaims = { sub: claims.sub, sid: claims.sid, iat, exp: iat + ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret)}`;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies signature and expiry of an access token. */
export function verifyAccessToken(token: string, secret: string, now: Date): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'signature' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.floor(now.getTime() / 1000) >= claims.exp) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** A new opaque refresh token. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a refresh token, as stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
