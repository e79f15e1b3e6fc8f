/**
 * Property-based input fuzzing over the route table (issue 12): for every endpoint the app serves
 * (read from `app.routeRegistry`, so routes added later are covered without a change here), every
 * query and body field named by the endpoint's zod schema gets hostile values — NUL bytes, unicode,
 * huge strings, numbers at the edges, deep JSON, wrong types — on top of the endpoint's valid example
 * (endpoint-examples.ts), signed in as sudo. Each reply must be below 500; a 400 must name, in
 * `field`, a field the endpoint declares (the fuzzed one, or another one a cross-field rule names).
 *
 * Runs in `server:system` only: validation and the error handler do not depend on which PostgreSQL
 * runs, and the suite is a few thousand requests — running it twice would double its CI time for
 * no extra coverage.
 */
import { ALL_ENDPOINTS, type EndpointDef } from '@towerwatch/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { buildExampleFleet, ENDPOINT_EXAMPLES, SITE_DEVICES, urlOf } from './endpoint-examples.ts';
import { startTestServer, type TestServer } from './harness.ts';

const RANDOM_RUNS_PER_FIELD = 4;

/** `{ a: { a: … } }` nested `depth` levels deep. */
function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Values every field gets, in every run. */
const EDGE_VALUES: unknown[] = [
  'a\u0000b',
  '',
  '1', // the provider's root uid: a user without a company
  'NaN',
  '-1',
  '99999999999999999999999',
  '\uD800 ℌ𝔢𝔩𝔩𝔬 🗼',
  "'; drop table users; --",
  'x'.repeat(100_000),
  Number.MAX_SAFE_INTEGER,
  1e308,
  0.5,
  true,
  null,
  ['\u0000', 1],
  nested(60),
];

/** Random hostile values. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31, -0),
  fc.jsonValue({ maxDepth: 4 }),
);

type Shape = Record<string, z.ZodType>;

/** The object fields of a zod schema: through optional/default/pipe wrappers and every union option. */
export function fieldsOf(schema: z.ZodType | undefined): Shape {
  if (!schema) return {};
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return { ...(def.shape as Shape) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fieldsOf(def.innerType as z.ZodType);
    case 'pipe':
      return { ...fieldsOf(def.in as z.ZodType), ...fieldsOf(def.out as z.ZodType) };
    case 'union':
      return Object.assign({}, ...(def.options as z.ZodType[]).map(fieldsOf));
    case 'intersection':
      return { ...fieldsOf(def.left as z.ZodType), ...fieldsOf(def.right as z.ZodType) };
    default:
      return {};
  }
}

/** A value as the query string carries it. */
function asQuery(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

let t: TestServer;
let headers: { authorization: string } | undefined;
let seq = 0;
const runOnSystem = inject('towerwatchDbKind') === 'system';

describe.runIf(runOnSystem)('fuzzed input on every endpoint', () => {
  beforeAll(async () => {
    t = await startTestServer({ seed: true, env: { LOGIN_MAX_FAILURES: '1000000' } });
    await buildExampleFleet(t.pool);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every endpoint of the route table has an example', () => {
    const missing = t.app.routeRegistry
      .filter((r) => r.endpoint && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !ENDPOINT_EXAMPLES[k]);
    expect(missing, 'add these to test/endpoint-examples.ts').toEqual([]);
  });

  // One test per endpoint (the contract's table is the route table: test/api-routes.test.ts), in order:
  // a fuzzed call may end the session, and the next endpoint signs in again.
  const endpoints = ALL_ENDPOINTS;

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s never answers 5xx; a 400 names a declared field',
    async (key, e: EndpointDef) => {
      const failures: string[] = [];
      const example = ENDPOINT_EXAMPLES[key];
      if (!example) return; // reported by the test above
      headers ??= await t.auth('admin');
      const query = fieldsOf(e.query);
      const body = fieldsOf(e.body);
      const declared = new Set([
        ...Object.keys(query).map((f) => `query.${f}`),
        ...Object.keys(body).map((f) => `body.${f}`),
      ]);
      const send = async (where: 'query' | 'body', field: string, value: unknown): Promise<void> => {
        const base = example.request({ site: 'KT-1', com: SITE_DEVICES['KT-1'] ?? '', seq: ++seq });
        const q: Record<string, string | string[]> = { ...(base.query ?? {}) };
        let b = base.body;
        if (where === 'query') q[field] = asQuery(value);
        else b = { ...(typeof b === 'object' && b !== null ? b : {}), [field]: value };
        const res = await t.app.inject({
          method: e.method,
          url: urlOf(e.path, q, base.params),
          headers,
          ...(b === undefined ? {} : { payload: b as object }),
        });
        const shown = JSON.stringify(value)?.slice(0, 60);
        if (res.statusCode >= 500) failures.push(`${key} ${where}.${field}=${shown} → ${res.statusCode}`);
        if (res.statusCode === 400) {
          const named = String(res.json().field ?? '');
          const top = named.split('.').slice(0, 2).join('.');
          if (!declared.has(top) && named !== 'body')
            failures.push(`${key} ${where}.${field}=${shown} → 400 field ${named || '(none)'}`);
        }
        if (res.statusCode === 401 && key !== 'POST /user/auth/logout' && !e.public) {
          headers = await t.auth('admin'); // a fuzzed call ended the session (change-password, two-factor)
        }
      };
      if (e.method !== 'GET') {
        // The whole body of a wrong type, or not JSON at all.
        const { params } = example.request({ site: 'KT-1', com: SITE_DEVICES['KT-1'] ?? '', seq: ++seq });
        for (const payload of ['[]', '"x"', 'null', '42', '{', '{"a":\u0000}', '\u0000']) {
          const res = await t.app.inject({
            method: e.method,
            url: urlOf(e.path, undefined, params),
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
          if (res.statusCode >= 500)
            failures.push(`${key} body ${JSON.stringify(payload)} → ${res.statusCode}`);
          // A call whose input is all in the query (DELETE /telegram/group) may name its missing query field.
          const field = String(res.json().field ?? '');
          if (res.statusCode === 400 && !field.startsWith('body') && !declared.has(field))
            failures.push(
              `${key} body ${JSON.stringify(payload)} → 400 field ${res.json().field ?? '(none)'}`,
            );
        }
      }
      for (const [where, shape] of [
        ['query', query],
        ['body', body],
      ] as const) {
        for (const field of Object.keys(shape)) {
          for (const v of EDGE_VALUES) await send(where, field, v);
          await fc.assert(
            fc.asyncProperty(hostile, async (v) => {
              await send(where, field, v);
            }),
            { numRuns: RANDOM_RUNS_PER_FIELD },
          );
        }
      }
      if (key === 'POST /user/auth/logout') headers = await t.auth('admin');
      expect(failures).toEqual([]);
    },
  );
});
