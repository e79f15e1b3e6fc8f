/**
 * The permission matrix (issue 12), generated from the route table: every route × every demo account
 * and a company user allowed only robi × the caller's own company's site / another company's site / a site of a tenant the caller may not
 * see, asserting the documented answer (docs/api.md, docs/security.md):
 * - the route's declared rule first (kernel/http/rules.ts): a read-only caller refused a restricted
 *   action → 403 with the spec's text; a user type or access role the rule needs → 403;
 * - then the scope: another company's site, or a site none of whose tenants the caller may see → 404
 *   (operators see every company);
 * - then what the service decides from the data, declared per endpoint below (`SERVICE_RULES`);
 * - else the example's own answer (`OWN_STATUS`, default 200).
 * The test fails when a route has no example (endpoint-examples.ts) or no declared rule. What a
 * tenant-restricted user does with objects reaching other tenants' sites: tenant-reach.test.ts.
 *
 * Runs in `server:system` only: the answers come from the rules and the same scoping SQL on either
 * PostgreSQL (the isolation tests of each module run on both). One session per account; each route's
 * cells are sent in parallel.
 */

import { ALL_ENDPOINTS } from '@towerwatch/contract';
import { auditReadScope, INSTALLED_TENANTS } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCaller, type Caller, hasAccess, toDomainUser } from '../src/auth/caller.ts';
import { readOnlyMessage } from '../src/errors.ts';
import type { RegisteredRoute } from '../src/kernel/http/registry.ts';
import {
  buildExampleFleet,
  ENDPOINT_EXAMPLES,
  KT3,
  ROBI_USER,
  SITE_DEVICES,
  urlOf,
} from './endpoint-examples.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The demo accounts of the README, and a company user allowed only robi (endpoint-examples.ts). */
const ROLES = [
  'admin',
  'ops',
  'finance',
  'ktbl',
  'super',
  'ktbl.rms',
  'ktbl.employee',
  'robi.viewer',
  'noc',
  'ftb',
  ROBI_USER,
] as const;

/** The example fleet's sites: company and tenants. */
const SITES: Record<string, { company: string; tenants: string[] }> = {
  'KT-1': { company: 'ktbl', tenants: ['banglalink', 'robi'] },
  [KT3]: { company: 'ktbl', tenants: ['banglalink'] },
  'FT-1': { company: 'ftb', tenants: ['banglalink'] },
};

type Variant = 'own company' | 'other company' | 'other tenant';

/** The site of each variant for a caller. */
function siteFor(caller: Caller, variant: Variant): string {
  const own = caller.companyId === 'ftb' ? 'FT-1' : 'KT-1';
  if (variant === 'own company') return own;
  if (variant === 'other company') return own === 'FT-1' ? 'KT-1' : 'FT-1';
  return caller.companyId === 'ftb' ? 'FT-1' : KT3; // ftb has one tenant: same site
}

function canSee(caller: Caller, siteUid: string): boolean {
  const site = SITES[siteUid];
  if (!site) throw new Error(`unknown site ${siteUid}`);
  if (caller.isOperator) return true;
  return caller.companyId === site.company && site.tenants.some((x) => caller.allowedTenants.includes(x));
}

/** Allowed every installed tenant (a user without tenants is). */
const allTenants = (c: Caller) => INSTALLED_TENANTS.every((x) => c.allowedTenants.includes(x));

/** Holds manage_users (sudo always does; support does not: docs/api.md user management). */
const manageUsers = (c: Caller) => hasAccess(c, 'manage_users');

/**
 * What the services decide beyond the rule, per endpoint (docs/api.md): the answer when the caller
 * passed the rule and the scope, or null for the example's own answer.
 */
const SERVICE_RULES: Record<string, (c: Caller) => { status: number; message?: string } | null> = {
  // The examples' users have every tenant: a manager restricted to some tenants may not give or manage them.
  'POST /user/auth/signup': (c) =>
    c.isReadOnly
      ? { status: 403, message: readOnlyMessage('create users') }
      : manageUsers(c) && allTenants(c)
        ? null
        : { status: 403 },
  'POST /user/auth/update': (c) =>
    c.isReadOnly
      ? { status: 403, message: readOnlyMessage('update users') }
      : manageUsers(c)
        ? c.companyId === 'ftb'
          ? { status: 404 } // the example's user is of ktbl
          : allTenants(c)
            ? null
            : { status: 403 }
        : { status: 403 },
  'POST /user/auth/delete': (c) =>
    c.isReadOnly
      ? { status: 403, message: readOnlyMessage('delete users') }
      : manageUsers(c)
        ? null
        : { status: 403 },
  'GET /user/user/list': (c) =>
    c.isOperator || manageUsers(c) || c.type === 'superuser' ? null : { status: 403 },
  'GET /user/audit/list': (c) => (auditReadScope(toDomainUser(c.user)) === null ? { status: 403 } : null),
  // The examples name ktbl: another company (or none) is 404 (docs/api.md "Tickets").
  'GET /ticket/api/sla-settings': (c) => (c.isOperator || c.companyId === 'ktbl' ? null : { status: 404 }),
  'POST /ticket/api/sla-settings': (c) => (c.isOperator || c.companyId === 'ktbl' ? null : { status: 404 }),
  'GET /user/app/user-list': (c) =>
    c.isOperator || manageUsers(c) || hasAccess(c, 'acs') ? null : { status: 403 },
  // access control: operators name the customer of a card by user_uid / userUid (400 without)
  'POST /door/access/master-remove': (c) => (c.isOperator ? { status: 400 } : null),
  'GET /door/access/card-ledger': (c) => (c.isOperator ? { status: 400 } : null),
  // messaging groups: the example group and the example's company_id are ktbl's
  ...Object.fromEntries(
    [
      'GET /telegram/group/details',
      'PATCH /telegram/group',
      'POST /telegram/group',
      'POST /telegram//site',
      'POST /telegram/site',
      'DELETE /telegram/site',
      'GET /telegram/alarm-settings',
      'PUT /telegram/alarm-settings',
      'GET /telegram/deliveries',
    ].map((key) => [key, (c: Caller) => (c.isOperator || c.companyId === 'ktbl' ? null : { status: 404 })]),
  ),
  'PATCH /telegram/group/update-link': (c) =>
    c.isOperator || c.companyId === 'ktbl' ? { status: 409 } : { status: 404 }, // no bot token in tests
};

/** The example's answer when everything is allowed (default 200). */
const OWN_STATUS: Record<string, number> = {
  'POST /user/auth/login': 401, // an unknown account
  'POST /user/auth/refresh': 401, // not a token
  'POST /user/auth/delete': 404, // no such user
  'POST /user/network/acknowledge-event': 404, // no such event
  'POST /user/device/unbind': 404, // no such device on the site
  'POST /user/device/remove-config': 404, // no such pin config
  'DELETE /urms/admin/delete-vendor/:id': 404, // no such vendor
  'POST /urms/admin/revoke-api-token': 404, // no such token
  'POST /urms/ingest/messages': 401, // a user's token is not a vendor API token
  'POST /ticket/api/ticket-update': 404, // no such ticket
  'GET /ticket/api/ticket-details': 404,
  'POST /ticket/api/ticket-attachment': 404,
  'GET /ticket/api/ticket-attachment': 404,
  'POST /door/access/delete-card': 404, // no such access_id
  'POST /door/access/master-remove': 404, // no such card
  'GET /door/access/card-ledger': 404, // no such card
  'POST /door/manage/site/delete-group': 404, // no such group
  'GET /door/manage/card/attached-card-group': 404,
  'POST /door/manage/card/delete-group': 404,
  'POST /door/manage/attach-groups': 404, // no such card
  'POST /door/manage/detach-groups': 404,
  'DELETE /telegram/group': 404, // no such group
  'DELETE /analytics/report-schedules/:id': 404, // no such schedule
  'GET /analytics/scheduled-reports/:id/file': 404, // no such report
};

/** Routes that end the caller's session(s): called with a session of their own; cached ones renewed after. */
const SESSION_ENDING = new Set(['POST /user/auth/logout', 'POST /user/profile/change-password']);

let t: TestServer;
let routes: RegisteredRoute[];
/** One session per account for the whole matrix (a new session per request would dominate its time). */
const tokens = new Map<string, Promise<{ authorization: string }>>();
const headersOf = (username: string) => {
  const cached = tokens.get(username);
  if (cached) return cached;
  const h = t.auth(username);
  tokens.set(username, h);
  return h;
};
let seq = 0;
const callers = new Map<string, Caller>();

const runOnSystem = inject('towerwatchDbKind') === 'system';

beforeAll(async () => {
  if (!runOnSystem) return;
  // Every account's failed sign-in of the example comes from one IP: more than the default limit.
  t = await startTestServer({ seed: true, env: { LOGIN_MAX_FAILURES: '1000' } });
  await buildExampleFleet(t.pool);
  routes = t.app.routeRegistry.filter((r) => r.endpoint && r.method !== 'HEAD');
  for (const username of ROLES) {
    const user = await t.container.repos.users.findByUsername(username);
    if (!user) throw new Error(`no demo account ${username}`);
    callers.set(username, buildCaller(user, 'matrix', new Date(Date.now() + 3_600_000)));
  }
});
afterAll(async () => {
  await t?.close();
});

interface Expected {
  status: number;
  message?: string;
  why: string;
}

function expectedAnswer(route: RegisteredRoute, caller: Caller, siteUid: string | null): Expected {
  const key = `${route.method} ${route.path}`;
  const rule = route.rule;
  if (rule?.kind === 'signedIn') {
    if (rule.denyReadOnly !== undefined && caller.isReadOnly)
      return { status: 403, message: readOnlyMessage(rule.denyReadOnly), why: 'read-only refused' };
    if (rule.userTypes && !rule.userTypes.includes(caller.type)) return { status: 403, why: 'user type' };
    if (rule.access?.some((a) => !hasAccess(caller, a))) return { status: 403, why: 'access role' };
  }
  if (siteUid !== null && !canSee(caller, siteUid)) return { status: 404, why: 'site out of scope' };
  const service = SERVICE_RULES[key]?.(caller);
  if (service) return { ...service, why: 'service rule' };
  return { status: OWN_STATUS[key] ?? 200, why: 'allowed' };
}

describe.runIf(runOnSystem)('permission matrix', () => {
  it('every route has an example and a declared rule', () => {
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      expect(ENDPOINT_EXAMPLES[key], `${key}: add an example to test/endpoint-examples.ts`).toBeDefined();
      expect(r.rule, `${key}: no declared rule`).not.toBeNull();
    }
  });

  // One test per route (each with its own time limit), in the route table's order.
  it.each(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`))(
    '%s × demo account × own company / other company / other tenant',
    async (key) => {
      const r = routes.find((x) => `${x.method} ${x.path}` === key);
      const example = ENDPOINT_EXAMPLES[key];
      if (!r || !example) return; // reported by the test above
      const mismatches: string[] = [];
      const variants: (Variant | null)[] = example.site
        ? ['own company', 'other company', 'other tenant']
        : [null];
      // The route's accounts × variants in parallel (one server, batched requests).
      const cells = ROLES.flatMap((username) => variants.map((variant) => ({ username, variant })));
      await Promise.all(
        cells.map(async ({ username, variant }) => {
          const caller = callers.get(username) as Caller;
          const site = variant ? siteFor(caller, variant) : 'KT-1';
          const req = example.request({ site, com: SITE_DEVICES[site] ?? '', seq: ++seq });
          const res = await t.app.inject({
            method: r.method as 'GET' | 'POST' | 'DELETE',
            url: urlOf(r.path, req.query, req.params),
            headers: SESSION_ENDING.has(key) ? await t.auth(username) : await headersOf(username),
            ...(req.body === undefined ? {} : { payload: req.body as object }),
          });
          const want = expectedAnswer(r, caller, variant ? site : null);
          const got = res.statusCode;
          const okStatus = want.status === 200 ? got >= 200 && got < 300 : got === want.status;
          const okMessage = want.message === undefined || res.json().message === want.message;
          if (!okStatus || !okMessage)
            mismatches.push(
              `${key} as ${username} (${variant ?? 'no site'}): want ${want.status} (${want.why}), got ${got} ${res.body.slice(0, 120)}`,
            );
        }),
      );
      if (SESSION_ENDING.has(key)) tokens.clear();
      expect(mismatches).toEqual([]);
    },
  );
});
