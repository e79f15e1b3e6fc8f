/**
 * Which requests get the web app and with which status (docs/requirements.md#page-loads,
 * docs/decisions/spa-and-api-paths.md). Web routes and API endpoints share paths
 * (`/telegram/alarm-settings`, `/site/list`, `/battery` ...): a browser navigation gets the app, an API
 * call gets the endpoint. The server decides with these rules; the route table is the web's
 * (`ROUTES` and the legacy tabs), so a new route is covered without a second list.
 */
import { LEGACY_TABS } from './legacy.ts';
import { normalizePath, ROUTES } from './routes.ts';

/** Every path pattern of the web app: the route table and the legacy dashboard tabs. */
export const WEB_ROUTE_PATTERNS: readonly string[] = [
  ...new Set<string>([...Object.values(ROUTES), ...LEGACY_TABS.map((tab) => tab.path)]),
];

/** True when `pattern` (segments, `:name` matches one non-empty segment) matches `path` exactly. */
function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/**
 * True when the path (query and hash ignored, a trailing slash allowed) is a page of the web app.
 * Anything else is "This page could not be found" (HTTP 404).
 */
export function isWebRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return WEB_ROUTE_PATTERNS.some((pattern) => matchesPattern(pattern, path));
}

/** What the server reads of a request to tell a page load from an API call. */
export interface PageRequest {
  method: string;
  /** The `Accept` header. */
  accept: string | undefined;
  /** The `Authorization` header. */
  authorization: string | undefined;
  /** The path with its query. */
  url: string;
}

/** Paths only the server answers, whatever the request looks like (API docs, live socket, health). */
const SERVER_ONLY_PREFIXES = ['/api-docs', '/wss', '/healthz'] as const;

/** True for a file path (its last segment has an extension: `/assets/index-3f2a.js`, `/sw.js`). */
export function isFilePath(pathname: string): boolean {
  const last = (pathname.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * A browser navigation: GET or HEAD, `Accept` names `text/html`, no `Authorization` header (the web
 * app sends its token as a header on every API call; a browser never sends one on a page load), and
 * not a file or a server-only path. Such a request gets the web app, even when an API endpoint has
 * the same path.
 */
export function isPageNavigation(request: PageRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.accept ?? '').includes('text/html')) return false;
  if (request.authorization) return false;
  const path = request.url.split(/[?#]/)[0] ?? '';
  if (SERVER_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return !isFilePath(path);
}

/** HTTP status of a page load: 200 for a web route, 404 ("This page could not be found") otherwise. */
export function pageLoadStatus(pathname: string): 200 | 404 {
  return isWebRoute(pathname) ? 200 : 404;
}
