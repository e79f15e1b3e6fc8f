/**
 * The permission matrix's tenant dimension (issue 34), generated from the route table: a company user
 * allowed only robi ({@link ROBI_USER}: every ktbl role, not read-only) calls every route — with its
 * example, for KT-3 when the route's object is a site, and with the declared requests naming objects
 * that reach KT-3 or banglalink items at KT-1 (tenant-reach-examples.ts). For every call:
 * - the answer is the declared one (a hidden object named directly 404, an action reaching a hidden
 *   site 403, docs/api.md "Scoping");
 * - nothing hidden from the caller changed (a digest of hidden sites' rows, lists, groups, pins,
 *   alarms, events, tickets; tenant-reach-fixture.ts);
 * - the reply names no hidden site (uid), nor KT-3's name or a hidden invite link.
 * A route without a declaration fails, like a route without an example in the permission matrix.
 * Runs in `server:system` only (the same scoping SQL runs on either PostgreSQL).
 */
import { ALL_ENDPOINTS } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisteredRoute } from '../src/kernel/http/registry.ts';
import {
  buildExampleFleet,
  ENDPOINT_EXAMPLES,
  type ExampleRequest,
  KT3,
  SITE_DEVICES,
  urlOf,
} from './endpoint-examples.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { TENANT_REACH } from './tenant-reach-examples.ts';
import {
  buildReachFixture,
  changedParts,
  hiddenMarkers,
  hiddenState,
  ROBI_USER,
  type ReachFixture,
} from './tenant-reach-fixture.ts';

/**
 * Replies that still name hidden sites, each fixed on another branch: the entry must go when the fix
 * is merged (the test fails while a listed route no longer leaks, so it cannot be forgotten).
 */
const KNOWN_LEAKS: Record<string, string> = {};

let t: TestServer;
let routes: RegisteredRoute[];
let fixture: ReachFixture;
let markers: string[];
let seq = 0;

const runOnSystem = inject('towerwatchDbKind') === 'system';

beforeAll(async () => {
  if (!runOnSystem) return;
  t = await startTestServer({ seed: true });
  await buildExampleFleet(t.pool);
  fixture = await buildReachFixture(t);
  markers = await hiddenMarkers(t.pool);
  routes = t.app.routeRegistry.filter((r) => r.endpoint && r.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

/** The requests of a route for ROBI_USER with the answer each must get (null: any answer). */
function requestsOf(key: string): { req: ExampleRequest; status: number | null }[] {
  const reach = TENANT_REACH[key];
  const example = ENDPOINT_EXAMPLES[key];
  if (!reach || !example) return [];
  if (reach === 'site')
    return [{ req: example.request({ site: KT3, com: SITE_DEVICES[KT3] ?? '', seq: ++seq }), status: 404 }];
  if ('none' in reach)
    return [
      { req: example.request({ site: 'KT-1', com: SITE_DEVICES['KT-1'] ?? '', seq: ++seq }), status: null },
    ];
  return reach.cases.map((c) => ({ req: c.request(fixture), status: c.status }));
}

describe.runIf(runOnSystem)('tenant dimension of the permission matrix', () => {
  it('every route declares what it does with objects of another tenant', () => {
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !TENANT_REACH[key]);
    expect(missing, 'declare them in test/tenant-reach-examples.ts').toEqual([]);
    for (const [key, reach] of Object.entries(TENANT_REACH)) {
      const example = ENDPOINT_EXAMPLES[key];
      expect(example, `${key}: no such route`).toBeDefined();
      // a site-aimed example is sent for KT-3; one not aimed at a site cannot be declared 'site'
      if (reach === 'site') expect(example?.site, `${key}: its example is not aimed at a site`).toBe(true);
      if (example?.site) expect(reach === 'site' || 'cases' in reach, `${key}: aimed at a site`).toBe(true);
    }
  });

  // One test per route (each with its own time limit), in order: each call's state is the next one's start.
  let headers: { authorization: string } | undefined;
  let before: Awaited<ReturnType<typeof hiddenState>> | undefined;
  const leaking = new Set<string>();
  it.each(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`))(
    `%s as ${ROBI_USER}: the declared answer, nothing hidden changes, no hidden site named`,
    async (key) => {
      const r = routes.find((x) => `${x.method} ${x.path}` === key);
      if (!r) return; // reported by the tests above
      headers ??= await t.auth(ROBI_USER);
      before ??= await hiddenState(t.pool);
      const problems: string[] = [];
      for (const { req, status } of requestsOf(key)) {
        const session = key === 'POST /user/auth/logout' || key === 'POST /user/profile/change-password';
        const res = await t.app.inject({
          method: r.method as 'GET' | 'POST' | 'DELETE',
          url: urlOf(r.path, req.query, req.params),
          headers: session ? await t.auth(ROBI_USER) : headers,
          ...(req.body === undefined ? {} : { payload: req.body as object }),
        });
        if (session) headers = await t.auth(ROBI_USER); // a password change ends every session
        const sent = JSON.stringify(req);
        const what = `${key} ${sent.slice(0, 100)}`;
        if (status !== null && res.statusCode !== status)
          problems.push(`${what}: want ${status}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        const after = await hiddenState(t.pool);
        const changed = changedParts(before, after);
        before = after;
        if (changed.length)
          problems.push(`${what}: changed hidden ${changed.join(', ')} (answer ${res.statusCode})`);
        const named = markers.filter((m) => !sent.includes(m) && res.body.includes(m));
        if (named.length && KNOWN_LEAKS[key]) leaking.add(key);
        else if (named.length) problems.push(`${what}: the reply names ${named.slice(0, 3).join(', ')}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('every known leak still leaks (a fixed one is removed from KNOWN_LEAKS)', () => {
    expect([...leaking].sort(), 'a known leak is fixed: remove it from KNOWN_LEAKS').toEqual(
      Object.keys(KNOWN_LEAKS).sort(),
    );
  });
});
