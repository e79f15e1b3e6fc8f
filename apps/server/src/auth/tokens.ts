/**
 * Access tokens: compact JWTs (HS256, header `{"alg":"HS256","typ":"JWT"}`, claims sub/sid/iat/exp)
 * signed and verified with `jose`; `exp` is enforced against the injected clock. Refresh tokens are
 * opaque random strings; only their SHA-256 is stored.
 */
import { createHash, randomBytes, webcrypto } from 'node:crypto';
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

/**
 * The HMAC key of a secret, imported into WebCrypto once per secret (a process uses one): jose would
 * otherwise import raw key bytes again for every token it signs or verifies.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens whose signature and claims verified, per secret, with their claims: a client sends the same
 * access token with every request of its 5 hours, and the signature of a given token string cannot
 * change, so it is checked once (jose, WebCrypto) and later only its expiry (against `now`, as jose
 * does). Only tokens that verified are kept; at {@link VERIFIED_TOKENS_MAX} the oldest entry goes.
 * Session revocation is not cached here: the auth hook asks the database on every request.
 */
export const VERIFIED_TOKENS_MAX = 10_000;
const verified = new Map<string, Map<string, AccessClaims>>();

function remember(secret: string, token: string, claims: AccessClaims): void {
  let bySecret = verified.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(secret, bySecret);
  }
  if (bySecret.size >= VERIFIED_TOKENS_MAX) {
    const oldest = bySecret.keys().next();
    if (!oldest.done) bySecret.delete(oldest.value);
  }
  bySecret.set(token, claims);
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
    .sign(await keyOf(secret));
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies signature and expiry (against `now`, no leeway) of an access token. */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<VerifyResult> {
  const known = verified.get(secret)?.get(token);
  if (known) {
    // jose's rule (no clock tolerance): expired once `exp` <= now in whole seconds.
    if (known.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { ...known } };
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALG],
      typ: 'JWT',
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    const { sub, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      return { ok: false, reason: 'malformed' };
    }
    const claims = { sub, sid, iat: typeof iat === 'number' ? iat : 0, exp };
    remember(secret, token, claims);
    return { ok: true, claims };
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
