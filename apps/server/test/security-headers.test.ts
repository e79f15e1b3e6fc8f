/**
 * Issue 34 finding 8: security headers (docs/security.md "Browser hardening"). The web app's pages and
 * files carry a Content-Security-Policy of its own origin (plus what the build declares: the map's tile
 * server), framing is refused everywhere, MIME sniffing is off and the referrer is kept to the origin.
 * API replies get a policy that allows nothing. The e2e test `e2e/src/security-headers.test.ts` shows
 * the built app runs under it in Chromium without a violation.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { webAppCsp } from '../src/kernel/http/security-headers.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let web: App;
const html = '<!doctype html><title>Towerwatch</title><div id="root"></div>';

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const dist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'sw.js'), '// service worker');
  // Written by the web build (vite.config.ts): the tile server of VITE_MAP_TILE_URL.
  writeFileSync(path.join(dist, 'csp-sources.json'), JSON.stringify({ img: ['https://tiles.example.org'] }));
  web = await buildApp({ container: server.container, log: createLogger('silent'), webDist: dist });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await server?.close();
});

/** The directives of a Content-Security-Policy header. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const PAGES = [
  ['the index page', '/', 'text/html'],
  ['a page of the SPA fallback', '/site/list', 'text/html'],
  ['the service worker', '/sw.js', 'javascript'],
] as const;

describe("the web app's pages and files", () => {
  it.each(PAGES)('%s carries the app policy and the hardening headers', async (_name, url, type) => {
    const res = await web.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // Mantine writes its CSS variables into <style> elements: inline styles, never inline scripts.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('API replies', () => {
  it('allow nothing to run or frame them, and are not sniffed', async () => {
    for (const url of ['/healthz', '/user/nothing-here']) {
      const res = await web.inject({ url, headers: { accept: 'application/json' } });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const signedIn = await server.app.inject({ url: '/user/auth/user', headers: {} });
    expect(signedIn.statusCode).toBe(401);
    expect(signedIn.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('the API docs page may not be framed either', async () => {
    const res = await web.inject({ url: '/api-docs/static/index.html' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe("the build's extra origins", () => {
  it('take tile subdomains as *., and never widen the policy with anything but an origin', () => {
    const img = directives(
      webAppCsp({
        img: [
          'https://*.tile.openstreetmap.org',
          "https://evil.example 'unsafe-inline'",
          '*',
          'data:',
          'http://x:80/path',
        ],
      }),
    ).get('img-src');
    expect(img).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
  });
});
