/** TOTP one-time passwords (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) with node:crypto. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_PERIOD_S = 30;
const DIGITS = 6;
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new random secret, base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  const bytes = randomBytes(20);
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i + 5 <= bits.length; i += 5) out += B32[Number.parseInt(bits.slice(i, i + 5), 2)];
  return out;
}

function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/=+$/, '').toUpperCase();
  let bits = '';
  for (const ch of clean) {
    const v = B32.indexOf(ch);
    if (v < 0) throw new Error('invalid base32');
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code for time `at` (RFC 4226 dynamic truncation over the 30 s counter). */
export function totpCode(secret: string, at: Date): string {
  const counter = Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return bin.toString().padStart(DIGITS, '0');
}

/** Accepts the code of the current step or one step either side (clock drift). */
export function verifyTotp(secret: string, code: string, at: Date): boolean {
  for (const drift of [0, -1, 1]) {
    const expected = totpCode(secret, new Date(at.getTime() + drift * TOTP_PERIOD_S * 1000));
    if (expected.length === code.length && timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      return true;
  }
  return false;
}

/** Seconds left before the current code changes. */
export function totpSecondsLeft(at: Date): number {
  return TOTP_PERIOD_S - (Math.floor(at.getTime() / 1000) % TOTP_PERIOD_S);
}

/** otpauth:// URI for authenticator apps. */
export function totpUri(secret: string, account: string, issuer = 'Towerwatch'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_PERIOD_S}`;
}
