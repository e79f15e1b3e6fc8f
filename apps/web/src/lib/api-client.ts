import { ApiError } from './api-error.ts';
import { trackRequest } from './progress.ts';
import { getAccessToken, getRefreshToken, markTokenExpired, setTokens } from './token-store.ts';

/** Options of one API call. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; undefined values are left out, arrays are joined with commas. */
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  /** JSON body. */
  body?: unknown;
  /** false: this request does not drive the top progress bar (platform-core §7). */
  progress?: boolean;
  /** Skip the Authorization header and the refresh-on-401 (login, refresh). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

const ACCEPT = 'application/json, text/plain';

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.pathname + url.search;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent 401s share one in-flight refresh. A failed
 * refresh only raises the expired flag (platform-core §4: expiry is a flag, auto-logout is off).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const response = await fetch('/user/auth/refresh', {
        method: 'POST',
        headers: { Accept: ACCEPT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!response.ok) {
        markTokenExpired();
        return false;
      }
      const pair = (await response.json()) as {
        access_token: string;
        refresh_token: string;
        refresh_expires_in?: number;
      };
      setTokens(pair.access_token, pair.refresh_token, pair.refresh_expires_in);
      return true;
    } catch {
      // Network failure: keep the session, try again on the next 401.
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: ACCEPT };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed (${response.status})`;
  let field: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; field?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.field === 'string') field = body.field;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, message, field);
}

/** Sends a request with the Bearer token, refreshing once on 401; returns the raw response. */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const done = options.progress === false ? () => {} : trackRequest();
  try {
    let response = await send(path, options);
    if (response.status === 401 && !options.anonymous && getRefreshToken()) {
      if (await refreshSession()) response = await send(path, options);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  } finally {
    done();
  }
}

/** Sends a request and parses the JSON reply (typed by the caller's contract schema type). */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}
