/**
 * TOTP one-time passwords (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits, base32 secrets) with `otplib`.
 * Codes are checked against the injected clock, one step of drift either side.
 */
import { timingSafeEqual } from 'node:crypto';
import { generateSecret, generateSync, verifySync } from 'otplib';

export const TOTP_PERIOD_S = 30;
const DIGITS = 6;

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** A new random secret (20 bytes), base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The code for time `at`. */
export function totpCode(secret: string, at: Date): string {
  return generateSync({ secret, epoch: epochOf(at), period: TOTP_PERIOD_S, digits: DIGITS });
}

/** Accepts the code of the current step or one step either side (clock drift). */
export function verifyTotp(secret: string, code: string, at: Date): boolean {
  // otplib throws on a token that is not 6 digits; that is simply a wrong code here.
  if (!/^\d{6}$/.test(code)) return false;
  return verifySync({
    secret,
    token: code,
    epoch: epochOf(at),
    period: TOTP_PERIOD_S,
    digits: DIGITS,
    epochTolerance: TOTP_PERIOD_S,
  }).valid;
}

/**
 * The 30 s step whose code `code` is (the current step or one either side), or null. The caller
 * makes a code single-use by accepting only a step later than the last one accepted.
 */
export function totpStepOf(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Math.floor(epochOf(at) / TOTP_PERIOD_S);
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(totpCode(secret, new Date(step * TOTP_PERIOD_S * 1000)));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** Seconds left before the current code changes. */
export function totpSecondsLeft(at: Date): number {
  return TOTP_PERIOD_S - (epochOf(at) % TOTP_PERIOD_S);
}

/**
 * otpauth:// URI for authenticator apps. Written out rather than built with otplib's `generateURI`,
 * which leaves out the default algorithm/digits/period and does not escape the label's colon: the URI
 * handed out stays byte for byte what it was, with every parameter explicit.
 */
export function totpUri(secret: string, account: string, issuer = 'Towerwatch'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_PERIOD_S}`;
}
