/**
 * Where the session lives (docs/requirements.md#auth-storage: storage prefix 'auth.', cookie path '/').
 * Tokens are kept in localStorage under `auth.*`; a small `auth.loggedIn` cookie (path '/') mirrors
 * the state for tabs and the server's SPA fallback. Token expiry is only a flag (docs/requirements.md#token-expiry): nothing here
 * clears the session on an error — only an explicit logout does.
 */
import { AUTH_STORAGE_PREFIX, authStorageKey, REFRESH_TOKEN_LIFETIME_S } from '@towerwatch/domain';
import { writeCookie } from './cookies.ts';

const ACCESS = authStorageKey('access_token');
const REFRESH = authStorageKey('refresh_token');
const EXPIRED = authStorageKey('expired');

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current access token, or null when logged out. */
export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS) ?? null;
}

/** The current refresh token, or null. */
export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH) ?? null;
}

/** True when a refresh failed: the UI asks the user to sign in again, but keeps the session. */
export function isTokenExpired(): boolean {
  return storage()?.getItem(EXPIRED) === '1';
}

/** Stores a fresh token pair and clears the expired flag. */
export function setTokens(
  accessToken: string,
  refreshToken: string,
  refreshExpiresIn = REFRESH_TOKEN_LIFETIME_S,
): void {
  const s = storage();
  s?.setItem(ACCESS, accessToken);
  s?.setItem(REFRESH, refreshToken);
  s?.removeItem(EXPIRED);
  writeCookie(authStorageKey('loggedIn'), '1', refreshExpiresIn);
  emit();
}

/** Marks the token as expired (a flag only; the session is kept). */
export function markTokenExpired(): void {
  if (isTokenExpired()) return;
  storage()?.setItem(EXPIRED, '1');
  emit();
}

/** Clears the session: only logout calls this. */
export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS);
  s?.removeItem(REFRESH);
  s?.removeItem(EXPIRED);
  writeCookie(authStorageKey('loggedIn'), '', 0);
  emit();
}

/** Subscribes to token changes (login, refresh, expiry, logout). */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out: the login state is watched (docs/requirements.md#sign-in-flow).
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(AUTH_STORAGE_PREFIX)) emit();
  });
}
