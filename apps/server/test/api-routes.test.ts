/**
 * The server serves exactly the contract's endpoint tables: every endpoint once, with its method and
 * path, a permission rule and its summary in the OpenAPI document; every other route is
 * infrastructure (health, metrics, live socket, API docs).
 */
import { ALL_ENDPOINTS, type EndpointDef } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/kernel/http/registry.ts';
import { startTestServer, type TestServer } from './harness.ts';

const INFRASTRUCTURE = [/^\/healthz$/, /^\/metrics$/, /^\/wss$/, /^\/api-docs(\/|$)/];

let t: TestServer;
let routes: readonly RegisteredRoute[];
beforeAll(async () => {
  t = await startTestServer({ seed: false });
  // Fastify adds a HEAD route beside each GET route; the contract lists the GET.
  routes = t.app.routeRegistry.filter((r) => r.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

const key = (e: Pick<EndpointDef, 'method' | 'path'>) => `${e.method} ${e.path}`;

describe('API routes', () => {
  it('register every endpoint of the contract exactly once, with its method and path', () => {
    for (const e of ALL_ENDPOINTS) {
      const served = routes.filter((r) => r.endpoint === e);
      expect(
        served.map((r) => `${r.method} ${r.path}`),
        key(e),
      ).toEqual([key(e)]);
    }
  });

  it('come only from the contract, each with a rule; the other routes are infrastructure', () => {
    const endpoints = new Set<EndpointDef>(ALL_ENDPOINTS);
    for (const r of routes) {
      if (r.endpoint) {
        expect(endpoints.has(r.endpoint), `${r.method} ${r.path}`).toBe(true);
        expect(r.rule, `${r.method} ${r.path}`).not.toBeNull();
        expect(r.rule?.kind === 'public', `${r.method} ${r.path}`).toBe(r.endpoint.public === true);
      } else {
        expect(r.rule, `${r.method} ${r.path}`).toBeNull();
        expect(
          INFRASTRUCTURE.some((p) => p.test(r.path)),
          `${r.method} ${r.path} is neither a contract endpoint nor infrastructure`,
        ).toBe(true);
      }
    }
  });

  it('are documented in OpenAPI with their summary and tags; public ones need no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = { summary?: string; tags?: string[]; security?: unknown[] };
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    for (const e of ALL_ENDPOINTS) {
      // OpenAPI spells path parameters `{id}` where Fastify has `:id`.
      const path = e.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const op = doc.paths[path]?.[e.method.toLowerCase()];
      expect(op?.summary, key(e)).toBe(e.summary);
      expect(op?.tags, key(e)).toEqual([...e.tags]);
      if (e.public) expect(op?.security, key(e)).toEqual([]);
    }
  });

  it('answer a missing or bad token with 401 on every endpoint that is not public', async () => {
    for (const e of ALL_ENDPOINTS.filter((x) => !x.public)) {
      const res = await t.app.inject({ method: e.method, url: e.path.replace(/:(\w+)/g, 'x') });
      expect(res.statusCode, key(e)).toBe(401);
    }
  });
});
