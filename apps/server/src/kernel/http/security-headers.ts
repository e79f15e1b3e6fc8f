/**
 * Browser hardening headers on every reply (docs/security.md "Browser hardening"):
 * - the web app's pages and files: a Content-Security-Policy of the app's own origin. Scripts only from
 *   it (the build has no inline script); styles also inline (Mantine writes its CSS variables into
 *   `<style>` elements); images also `data:`/`blob:` (inlined assets, chart exports) and the tile
 *   server the build declares in `csp-sources.json` (VITE_MAP_TILE_URL); the live socket and the
 *   service worker are same-origin;
 * - API replies (JSON, files): a policy that allows nothing (`default-src 'none'`), no referrer;
 * - everywhere: no framing (`X-Frame-Options: DENY`, `frame-ancestors 'none'`), no MIME sniffing.
 * `/api-docs` (Swagger UI) keeps its own page rules apart from framing and sniffing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The API's policy: nothing may run, load or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Origins the web build adds (`csp-sources.json` beside index.html, written by vite.config.ts). */
export interface WebCspSources {
  img?: string[];
}

/**
 * An `https://host[:port]` (or http) origin, `*.` allowed before the host (tile subdomains), nothing
 * else: a bad entry never widens the policy.
 */
const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** The app's Content-Security-Policy, with the build's extra image origins. */
export function webAppCsp(sources: WebCspSources = {}): string {
  const img = ["'self'", 'data:', 'blob:', ...(sources.img ?? []).filter((o) => ORIGIN.test(o))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The build's `csp-sources.json`, or none when the build did not write one. */
export function readWebCspSources(webDist: string | null): WebCspSources {
  const file = webDist ? path.join(webDist, 'csp-sources.json') : null;
  if (!file || !existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { img?: unknown };
  return {
    img: Array.isArray(parsed.img) ? parsed.img.filter((o): o is string => typeof o === 'string') : [],
  };
}

/**
 * Adds the headers to every reply of `app`. A reply is the web app's when it is not an API route's
 * and not JSON (the static files and the SPA fallback page); `/api-docs` gets no policy of ours.
 */
export function installSecurityHeaders(app: FastifyInstance, sources: WebCspSources): void {
  const appCsp = webAppCsp(sources);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    if (request.url.startsWith('/api-docs')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    // A page load of a path an endpoint shares (/telegram/alarm-settings) is the web app's page.
    const isApi =
      !type.startsWith('text/html') &&
      (request.routeOptions.config?.endpoint !== undefined || type.startsWith('application/json'));
    reply.header('content-security-policy', isApi ? API_CSP : appCsp);
    reply.header('referrer-policy', isApi ? 'no-referrer' : 'strict-origin-when-cross-origin');
    return payload;
  });
}
