import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_ENDPOINTS } from '@towerwatch/contract';
import { ERROR_PAGE, isWebRoute, WEB_ROUTE_PATTERNS } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PAGE_LOAD = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** Every web route as a path (parameters filled). */
const WEB_PATHS = WEB_ROUTE_PATTERNS.map((p) => p.replace(/:[a-z]+/gi, 'robi'));
/** Web routes whose path is also an API endpoint's (GET or any method): derived, so new ones are covered. */
const SHARED_PATHS = [...new Set(ALL_ENDPOINTS.map((e) => e.path).filter((p) => isWebRoute(p)))];

/**
 * The web app's routes share paths with the API (/telegram/alarm-settings, /site/list, /user/list):
 * see app.ts and docs/decisions/spa-and-api-paths.md.
 */
describe('serving the web app beside the API', () => {
  let server: TestServer;
  let web: App;
  const html = '<!doctype html><title>Towerwatch</title>';

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    const dist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
    writeFileSync(path.join(dist, 'index.html'), html);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
    web = await buildApp({ container: server.container, log: createLogger('silent'), webDist: dist });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await server.close();
  });

  it.each(['/site/list?filter=%7B%7D', '/site/history', '/user/list', '/dashboard/business'])(
    'a browser page load of %s gets the web app',
    async (url) => {
      const res = await web.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(html);
    },
  );

  it('an API client asking for an unknown API path gets a JSON 404', async () => {
    const res = await web.inject({
      url: '/site/nothing-here',
      headers: { accept: 'application/json, text/plain' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Route GET /site/nothing-here not found' });
  });

  it('an API route still answers as the API when a browser asks for it', async () => {
    const res = await web.inject({ url: '/healthz', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('some web routes share their path with an API endpoint', () => {
    expect(SHARED_PATHS).toContain('/telegram/alarm-settings');
  });

  it.each(SHARED_PATHS)('a page load of %s (an API path too) gets the web app, not JSON', async (url) => {
    const res = await web.inject({ url, headers: PAGE_LOAD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(html);
    // The page's policy, not the API's (which forbids scripts).
    expect(res.headers['content-security-policy']).toContain('script-src');
  });

  it.each(SHARED_PATHS)('an API call of %s with a token still reaches the API', async (url) => {
    const res = await web.inject({
      url,
      headers: { accept: 'application/json', authorization: 'Bearer not-a-valid-token' },
    });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.statusCode).not.toBe(200);
  });

  it.each(WEB_PATHS)('a page load of the web route %s is 200', async (url) => {
    const res = await web.inject({ url, headers: PAGE_LOAD });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
  });

  it.each(['/no-such-page', '/site/list/extra', '/user/site/fetch'])(
    'a page load of the unknown path %s is a 404 document',
    async (url) => {
      const res = await web.inject({ url, headers: PAGE_LOAD });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(html);
      expect(ERROR_PAGE.notFoundMessage).toBe('This page could not be found');
    },
  );

  it('a missing hashed asset is a 404, never the page', async () => {
    for (const accept of ['*/*', PAGE_LOAD.accept]) {
      const res = await web.inject({ url: '/assets/index-gone0000.js', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type'] ?? '').not.toContain('text/html');
    }
    const present = await web.inject({ url: '/assets/index-abc123.js', headers: { accept: '*/*' } });
    expect(present.statusCode).toBe(200);
    expect(present.body).toBe('export {};');
  });
});
