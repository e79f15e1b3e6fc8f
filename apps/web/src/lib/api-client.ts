/**
 * The typed API client: every call names an endpoint of a contract table
 * (`@towerwatch/contract` `siteEndpoints`, `authEndpoints`, ...), which gives its method, path, the
 * types of its query, path parameters and body, and the type of its reply. Replies are not parsed
 * with zod at runtime (the site list is tens of thousands of sites): the server validates what it
 * sends against the same schemas, the types are enough here.
 *
 *     const page = await apiCall(networkEndpoints.siteEvents, { query: { site_uid }, signal });
 */
import {
  authEndpoints,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointReply,
  endpointPath,
  type FileVariant,
  isFileReply,
} from '@towerwatch/contract';
import { type AnyTenant, isAnyTenant } from '@towerwatch/domain';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { trackRequest } from './progress.ts';
import { getAccessToken, getRefreshToken, markTokenExpired, setTokens } from './token-store.ts';

/** A query value as the client sends it: arrays are joined with commas, null and undefined left out. */
type QueryValue<T> = T extends readonly (infer I)[] ? readonly I[] : T;

/**
 * The query of an endpoint as the web passes it: the keys (and which are required) of the schema's
 * input, each with the schema's parsed value type (numbers, booleans, lists) — the client turns them
 * into the strings the schema parses back. Optional keys also take null (left out).
 */
export type ApiQuery<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: K extends keyof z.output<Q>
    ?
        | QueryValue<z.output<Q>[K]>
        | z.input<Q>[K]
        | (undefined extends z.input<Q>[K] ? null | undefined : never)
    : z.input<Q>[K];
};

/** Makes a part optional when every field of it is. */
type Part<Key extends string, T> = object extends T ? { [P in Key]?: T } : { [P in Key]: T };

/** What one call of endpoint `E` takes besides the endpoint. */
export type ApiCallInput<E extends EndpointDef> = {
  signal?: AbortSignal;
  /** false: this request does not drive the top progress bar (docs/requirements.md#progress-bar). */
  progress?: boolean;
} & (E['query'] extends z.ZodType ? Part<'query', ApiQuery<E['query']>> : { query?: never }) &
  (E['params'] extends z.ZodType ? { params: EndpointParams<E> } : { params?: never }) &
  (E['body'] extends z.ZodType
    ? undefined extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> }
    : { body?: never });

/** The optional-or-required second argument of {@link apiCall}. */
type CallArgs<E extends EndpointDef> =
  object extends ApiCallInput<E> ? [input?: ApiCallInput<E>] : [input: ApiCallInput<E>];

interface Request {
  method: string;
  url: string;
  body: unknown;
  anonymous: boolean;
  signal: AbortSignal | undefined;
}

const ACCEPT = 'application/json, text/plain';

/** Builds `path?query`: undefined and null values are left out, arrays are joined with commas. */
export function buildUrl(path: string, query: object | undefined): string {
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
 * refresh only raises the expired flag (docs/requirements.md#token-expiry: expiry is a flag, auto-logout is off).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const response = await fetch(authEndpoints.refresh.path, {
        method: authEndpoints.refresh.method,
        headers: { Accept: ACCEPT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!response.ok) {
        markTokenExpired();
        return false;
      }
      const pair = (await response.json()) as EndpointReply<typeof authEndpoints.refresh>;
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

function send(request: Request): Promise<Response> {
  const headers: Record<string, string> = { Accept: ACCEPT };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = request.anonymous ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(request.url, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
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

/**
 * Calls an endpoint of a contract table: its method and path (with `params` filled in), the query
 * and the JSON body; the Bearer token unless the endpoint is public, one shared token refresh and
 * one retry on a 401. Resolves to the JSON reply (a `Blob` for file endpoints); an error reply
 * rejects with an {@link ApiError} carrying the server's `message` and `field`.
 */
export async function apiCall<E extends EndpointDef>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointReply<E>> {
  return (await call(endpoint, input, null)) as EndpointReply<E>;
}

/**
 * Calls a JSON endpoint for the file it sends instead (its `fileVariant`, e.g. `excel=yes` of the
 * analytics reports): the same query plus the variant's parameter; resolves to the file as a `Blob`.
 */
export async function apiFileVariant<E extends EndpointDef & { fileVariant: FileVariant }>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<Blob> {
  return (await call(endpoint, input, endpoint.fileVariant)) as Blob;
}

async function call(endpoint: EndpointDef, input: unknown, variant: FileVariant | null): Promise<unknown> {
  // The typed input, read field by field (its type is checked at the call site).
  const options = (input ?? {}) as {
    query?: object;
    params?: Record<string, string | number>;
    body?: unknown;
    signal?: AbortSignal;
    progress?: boolean;
  };
  const query = variant ? { ...options.query, [variant.param]: variant.value } : options.query;
  const request: Request = {
    method: endpoint.method,
    url: buildUrl(endpointPath(endpoint.path, options.params), query),
    body: options.body,
    anonymous: endpoint.public === true,
    signal: options.signal,
  };
  const done = options.progress === false ? () => {} : trackRequest();
  try {
    let response = await send(request);
    if (response.status === 401 && !request.anonymous && getRefreshToken()) {
      if (await refreshSession()) response = await send(request);
    }
    if (!response.ok) throw await toApiError(response);
    return variant ? await response.blob() : await readReply(endpoint, response);
  } finally {
    done();
  }
}

/** The reply body: bytes for file endpoints, JSON (or text) otherwise, nothing for 204. */
async function readReply(endpoint: EndpointDef, response: Response): Promise<unknown> {
  if (isFileReply(endpoint.reply)) return response.blob();
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

/**
 * A tenant for a query parameter. The web holds tenants as strings (from the user, the focused site
 * and the URL, each checked against the user's allowed tenants before); the contract types them as
 * tenant codes. A value that is no tenant code cannot get here; it would be left out, not cast.
 */
export function tenantQuery(tenant: string | null | undefined): AnyTenant | undefined {
  return isAnyTenant(tenant) ? tenant : undefined;
}
