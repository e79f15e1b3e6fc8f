import { describe, expect, it, vi } from 'vitest';
import { hashDeviceSecret, hashPassword, verifyPassword } from './passwords.ts';
import { newRefreshToken, signAccessToken, verifyAccessToken } from './tokens.ts';
import { newTotpSecret, totpCode, totpSecondsLeft, totpStepOf, totpUri, verifyTotp } from './totp.ts';

describe('passwords (scrypt)', () => {
  it('verifies the right password only; hashes are salted', async () => {
    const a = await hashPassword('towerwatch');
    const b = await hashPassword('towerwatch');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('towerwatch', a)).toBe(true);
    expect(await verifyPassword('towerwatcH', a)).toBe(false);
    expect(await verifyPassword('towerwatch', 'plain-text')).toBe(false);
  });

  it('device secrets are bcrypt of cost 4 (nats-server checks them too), the same check', async () => {
    const h = await hashDeviceSecret('abc123');
    expect(h).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('abc123', h)).toBe(true);
    expect(await verifyPassword('abc124', h)).toBe(false);
    expect(await verifyPassword('abc123', h.slice(0, -1))).toBe(false);
  });
});

describe('access tokens', () => {
  const secret = 'x'.repeat(40);
  const now = new Date('2025-01-01T00:00:00Z');

  it('expire after 18000 s', async () => {
    const token = await signAccessToken({ sub: '100', sid: 's' }, secret, now);
    const ok = await verifyAccessToken(token, secret, new Date(now.getTime() + 17_999_000));
    expect(ok).toMatchObject({
      ok: true,
      claims: { sub: '100', sid: 's', exp: now.getTime() / 1000 + 18000 },
    });
    expect(await verifyAccessToken(token, secret, new Date(now.getTime() + 18_000_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuse another secret, a changed payload and garbage', async () => {
    const token = await signAccessToken({ sub: '100', sid: 's' }, secret, now);
    expect(await verifyAccessToken(token, 'y'.repeat(40), now)).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sid: 's', iat: 0, exp: 9e9 })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(`${h}.${forged}.${s}`, secret, now)).toMatchObject({ ok: false });
    expect(await verifyAccessToken('abc', secret, now)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it("check a token's signature once, then only its expiry; a changed token is checked again", async () => {
    const token = await signAccessToken({ sub: '7', sid: 'q' }, secret, now);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const first = await verifyAccessToken(token, secret, now);
      const again = await verifyAccessToken(token, secret, new Date(now.getTime() + 60_000));
      expect(again).toEqual(first);
      expect(first).toMatchObject({ ok: true, claims: { sub: '7', sid: 'q' } });
      expect(verify).toHaveBeenCalledTimes(1);
      // Remembered, yet refused from its expiry on (jose's rule: exp <= now), and under another secret.
      expect(await verifyAccessToken(token, secret, new Date(now.getTime() + 18_000_000))).toEqual({
        ok: false,
        reason: 'expired',
      });
      expect(await verifyAccessToken(token, 'z'.repeat(40), now)).toMatchObject({ reason: 'signature' });
      const [h, p, s] = token.split('.') as [string, string, string];
      const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await verifyAccessToken(`${h}.${p}.${flipped}`, secret, now)).toMatchObject({ ok: false });
      expect(verify).toHaveBeenCalledTimes(3);
    } finally {
      verify.mockRestore();
    }
  });

  it('refresh tokens are random', () => {
    expect(newRefreshToken()).not.toBe(newRefreshToken());
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (base32 below): the last 6 digits of
  // 94287082, 07081804, 89005924, 65353130.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(rfcSecret, new Date(seconds * 1000))).toBe(code);
  });

  it('accepts one step of drift, not two', () => {
    const at = new Date('2025-01-01T00:00:15Z');
    const secret = newTotpSecret();
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at)).toBe(false);
  });

  it('names the step a code belongs to (single-use bookkeeping), within one step of drift', () => {
    const at = new Date('2025-01-01T00:00:15Z');
    const step = Math.floor(at.getTime() / 30_000);
    const secret = newTotpSecret();
    expect(totpStepOf(secret, totpCode(secret, at), at)).toBe(step);
    expect(totpStepOf(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(totpStepOf(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(totpStepOf(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(totpStepOf(secret, 'abc', at)).toBeNull();
  });

  it('reports the seconds left and an otpauth URI', () => {
    expect(totpSecondsLeft(new Date('2025-01-01T00:00:10Z'))).toBe(20);
    expect(totpUri('ABC', 'ktbl')).toBe(
      'otpauth://totp/Towerwatch%3Aktbl?secret=ABC&issuer=Towerwatch&algorithm=SHA1&digits=6&period=30',
    );
  });
});
