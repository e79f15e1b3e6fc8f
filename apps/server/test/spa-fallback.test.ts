import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The web app's routes share prefixes with the API (/site/list, /user/list): see app.ts. */
describe('serving the web app beside the API', () => {
  let server: TestServer;
  let web: App;
  const html = '<!doctype html><title>Towerwatch</title>';

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    const dist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
    writeFileSync(path.join(dist, 'index.html'), html);
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
});
