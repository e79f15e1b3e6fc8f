/** Password hashing with crypto.scrypt (brief: passwords hashed with scrypt). */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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
 * Hash of a machine secret (device password): random, high-entropy secrets need no slow KDF, so a
 * cheap scrypt cost (N=1024) keeps seeding and device sign-in fast. Checked with {@link verifyPassword}.
 */
export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 1024;
  const key = await derive(secret, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Hash in the self-describing form `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time check of `password` against a {@link hashPassword} hash; false for malformed hashes. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!n || !r || !p || expected.length !== KEYLEN) return false;
  const key = await derive(password, salt, n, r, p);
  return timingSafeEqual(key, expected);
}
