/**
 * Access tokens: compact JWTs (HS256, header `{"alg":"HS256","typ":"JWT"}`, claims sub/sid/iat/exp)
 * signed and verified with `jose`; `exp` is enforced against the injected clock. Refresh tokens are
 * opaque random strings; only their SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_S, REFRESH_TOKEN_LIFETIME_S } from '@towerwatch/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Lifetimes of docs/requirements.md#tokens (the values live in the domain). */
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

const ALG = 'HS256';

/** The HMAC key bytes of a secret (encoded once per secret; a process uses one). */
const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/** Signs an access token for `sub`/`sid`, valid {@link ACCESS_TOKEN_TTL_S} seconds from `now`. */
export async function signAccessToken(
  claims: { sub: string; sid: string },
  secret: string,
  now: Date,
  ttlSeconds = ACCESS_TOKEN_TTL_S,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sub: claims.sub, sid: claims.sid, iat, exp: iat + ttlSeconds })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .sign(keyOf(secret));
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies signature and expiry (against `now`, no leeway) of an access token. */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALG],
      typ: 'JWT',
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    const { sub, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      return { ok: false, reason: 'malformed' };
    }
    return { ok: true, claims: { sub, sid, iat: typeof iat === 'number' ? iat : 0, exp } };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (err instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
    if (err instanceof errors.JOSEError) return { ok: false, reason: 'malformed' };
    throw err;
  }
}

/** A new opaque refresh token. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a refresh token, as stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
