import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_LIFETIME_S,
  authStorageKey,
  COOKIES,
  isTokenExpired,
  needsReconnect,
  REFRESH_TOKEN_LIFETIME_S,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_CHECK_MS,
} from './session.ts';

describe('tokens and cookies (docs/requirements.md#auth-storage)', () => {
  it('access 18000 s, refresh 86400 s', () => {
    expect(ACCESS_TOKEN_LIFETIME_S).toBe(5 * 3600);
    expect(REFRESH_TOKEN_LIFETIME_S).toBe(24 * 3600);
  });

  it('expires exactly at the end of the lifetime', () => {
    expect(isTokenExpired(0, ACCESS_TOKEN_LIFETIME_S, 17_999_999)).toBe(false);
    expect(isTokenExpired(0, ACCESS_TOKEN_LIFETIME_S, 18_000_000)).toBe(true);
  });

  it("uses the 'auth.' prefix and the last-site cookies", () => {
    expect(authStorageKey('refresh_token')).toBe('auth.refresh_token');
    expect(COOKIES).toEqual({ lastSiteUid: 'last_site_uid', lastSiteTenant: 'last_site_tenant' });
  });
});

describe('live socket (docs/requirements.md#live-connection, docs/requirements.md#live-ping)', () => {
  it('pings every 10 s and checks every 7 s', () => {
    expect(SOCKET_PING_INTERVAL_MS).toBe(10_000);
    expect(SOCKET_RECONNECT_CHECK_MS).toBe(7_000);
  });

  it('reconnects when closing, closed or not alive', () => {
    expect(needsReconnect('closing', true)).toBe(true);
    expect(needsReconnect('closed', true)).toBe(true);
    expect(needsReconnect('open', false)).toBe(true);
    expect(needsReconnect('open', true)).toBe(false);
    expect(needsReconnect('connecting', true)).toBe(false);
  });
});
