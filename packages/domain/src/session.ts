/**
 * Session, cookies, tokens and live-socket timings (docs/requirements.md#states, docs/requirements.md#live-socket, docs/requirements.md#auth-storage).
 */

/** Access token lifetime in seconds: 5 hours (docs/requirements.md#tokens). */
export const ACCESS_TOKEN_LIFETIME_S = 18_000;
/** Refresh token lifetime in seconds: 24 hours (docs/requirements.md#tokens). */
export const REFRESH_TOKEN_LIFETIME_S = 86_400;

/** Prefix of auth cookies and local-storage keys (docs/requirements.md#auth-storage). */
export const AUTH_STORAGE_PREFIX = 'auth.';
/** Cookie path (docs/requirements.md#auth-storage). */
export const COOKIE_PATH = '/';

/** Cookies remembering the last opened site and tenant (docs/requirements.md#cookies). */
export const COOKIES = { lastSiteUid: 'last_site_uid', lastSiteTenant: 'last_site_tenant' } as const;

/** Auth state key with the storage prefix, e.g. authStorageKey('access_token') → 'auth.access_token'. */
export function authStorageKey(name: string): string {
  return `${AUTH_STORAGE_PREFIX}${name}`;
}

/** True when a token issued at `issuedAtMs` with `lifetimeS` has expired at `nowMs` (expiry instant included). */
export function isTokenExpired(issuedAtMs: number, lifetimeS: number, nowMs: number): boolean {
  return nowMs >= issuedAtMs + lifetimeS * 1000;
}

/** Live socket path (docs/requirements.md#live-socket). */
export const SOCKET_PATH = '/wss';
/** The client sends PING this often (docs/requirements.md#live-ping). */
export const SOCKET_PING_INTERVAL_MS = 10_000;
/** The client checks the connection this often and reconnects if needed (docs/requirements.md#live-connection). */
export const SOCKET_RECONNECT_CHECK_MS = 7_000;
/** Live connection states (docs/requirements.md#live-connection), as the WebSocket readyState order. */
export const LIVE_CONNECTION_STATES = ['connecting', 'open', 'closing', 'closed'] as const;
/** A live connection state. */
export type LiveConnectionState = (typeof LIVE_CONNECTION_STATES)[number];

/**
 * Whether the periodic check reconnects (docs/requirements.md#live-connection): when closing or closed, or when an error
 * or close marked the connection not alive.
 */
export function needsReconnect(state: LiveConnectionState, alive: boolean): boolean {
  return state === 'closing' || state === 'closed' || !alive;
}
