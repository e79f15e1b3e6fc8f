/**
 * Password hashing with crypto.scrypt (brief: passwords hashed with scrypt); device secrets with
 * bcrypt, the one hash nats-server also checks (docs/decisions/nats-device-identity.md).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * bcrypt cost of a device secret: random, high-entropy secrets need no slow KDF, so the lowest cost
 * (4, about 1 ms) keeps seeding, device sign-in and a NATS server's reconnect storm of 100k devices cheap.
 */
const DEVICE_BCRYPT_COST = 4;

/**
 * Hash of a machine secret (device password): bcrypt (`$2b$04$…`), so the same hash serves the
 * embedded broker ({@link verifyPassword}) and nats-server's `users` (ingest/nats/device-auth.ts).
 * Hashes written before 2026-12-06 are scrypt (N=1024) and still verify here.
 */
export function hashDeviceSecret(secret: string): Promise<string> {
  return bcrypt.hash(secret, DEVICE_BCRYPT_COST);
}

/** True for a bcrypt hash (the form nats-server accepts as a user's password). */
export function isBcryptHash(hash: string): boolean {
  return /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash);
}

/** Hash in the self-describing form `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Constant-time check of `password` against a {@link hashPassword} or {@link hashDeviceSecret} hash;
 * false for malformed hashes.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (isBcryptHash(hash)) return bcrypt.compare(password, hash);
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!n || !r || !p || expected.length !== KEYLEN) return false;
  const key = await derive(password, salt, n, r, p);
  return timingSafeEqual(key, expected);
}
