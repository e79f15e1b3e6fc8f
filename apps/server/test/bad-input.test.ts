/**
 * Issue 12 finding 6: input that used to reach SQL (or the stack) and give 500 is refused with 400
 * naming the field — a NUL byte in any string, numbers past what the database takes, free-form JSON
 * too deep, too big or with too many keys.
 */
import { FREE_JSON_MAX_BYTES, FREE_JSON_MAX_DEPTH, FREE_JSON_MAX_KEYS } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { buildTwoCompanyFleet, KT1 } from './two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: true });
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
type Case = [method: 'GET' | 'POST', url: string, body: unknown, field: string];

/** `{ a: { a: … } }` nested `depth` levels deep. */
function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const NUL_CASES: Case[] = [
  ['GET', '/user/site/details?site_uid=%00', undefined, 'query.site_uid'],
  ['GET', '/user/site/alarms?site_uid=a%00b', undefined, 'query.site_uid'],
  ['GET', '/user/site/events?site_uid=%00', undefined, 'query.site_uid'],
  ['GET', '/user/site/fetch?site_uid=%00', undefined, 'query.site_uid'],
  ['GET', '/user/site/fetch?user_uid=%00', undefined, 'query.user_uid'],
  ['GET', '/oem/api/site-list?event_name=%00', undefined, 'query.event_name'],
  ['GET', '/user/user/list?search=%00', undefined, 'query.search'],
  ['GET', '/user/network/last-events?site_uids=KT-1,%00', undefined, 'query.site_uids.1'],
  ['GET', '/site/healths?userUid=%00', undefined, 'query.userUid'],
  ['POST', '/user/auth/login', { username: `ktbl${NUL}`, password: 'x' }, 'body.username'],
  ['POST', '/user/auth/login', { username: 'ktbl', password: `x${NUL}` }, 'body.password'],
  ['POST', '/user/auth/refresh', { refresh_token: NUL }, 'body.refresh_token'],
  ['POST', '/user/profile/update', { name: `A${NUL}` }, 'body.name'],
  ['POST', '/user/site/save', { name: `A${NUL}`, tenants: ['robi'] }, 'body.name'],
  ['POST', '/user/site/update', { site_uid: KT1, name: `A${NUL}` }, 'body.name'],
  ['POST', '/user/site/update', { site_uid: KT1, place: { thana: NUL } }, 'body.place.thana'],
  ['POST', '/user/site/update', { site_uid: KT1, more_details: { note: NUL } }, 'body.more_details'],
  ['POST', '/user/site/update', { site_uid: KT1, more_details: { [NUL]: 1 } }, 'body.more_details'],
  ['POST', '/user/session/start', { site_uid: NUL }, 'body.site_uid'],
  ['POST', '/user/site/unlock', { site_uid: KT1, com_id: NUL }, 'body.com_id'],
  [
    'POST',
    '/user/auth/signup',
    { username: 'abc', password: 'longenough', name: NUL, type: 'employee' },
    'body.name',
  ],
  ['POST', '/user/auth/update', { uid: NUL }, 'body.uid'],
  ['POST', '/user/auth/delete', { uid: NUL }, 'body.uid'],
];

const SURROGATE_CASES: Case[] = [
  ['POST', '/user/site/update', { site_uid: KT1, generic_site_id: '\uD800' }, 'body.generic_site_id'],
  ['POST', '/user/site/update', { site_uid: KT1, more_details: { note: '\uDC00x' } }, 'body.more_details'],
];

const NUMBER_CASES: Case[] = [
  [
    'GET',
    '/user/site/filter?alarmName=door_status&minDuration=10000000000000',
    undefined,
    'query.minDuration',
  ],
  [
    'GET',
    '/user/site/filter?alarmName=door_status&maxDuration=10000000000000',
    undefined,
    'query.maxDuration',
  ],
  ['GET', '/user/site/filter?alarmName=door_status&page=9007199254740991', undefined, 'query.page'],
  ['GET', '/user/site/fetch?page=9007199254740991', undefined, 'query.page'],
  ['GET', '/user/site/down-history?page=9007199254740991', undefined, 'query.page'],
  ['GET', '/site/healths?page=9007199254740991', undefined, 'query.page'],
  ['GET', '/user/user/list?page=9007199254740991', undefined, 'query.page'],
  ['POST', '/user/network/acknowledge-event', { eventId: 9007199254740991 }, 'body.eventId'],
];

/** Built lazily: the test titles must not format a 5,000-level object (sent as a JSON string). */
const JSON_CASES: [name: string, method: 'POST', url: string, body: () => unknown, field: string][] = [
  [
    '5,000 levels',
    'POST',
    '/user/site/update',
    () => `{"site_uid":"${KT1}","more_details":${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}}`,
    'body.more_details',
  ],
  [
    'one level too deep',
    'POST',
    '/user/site/update',
    () => ({ site_uid: KT1, more_details: nested(FREE_JSON_MAX_DEPTH + 1) }),
    'body.more_details',
  ],
  [
    'too many keys',
    'POST',
    '/user/site/update',
    () => ({
      site_uid: KT1,
      more_details: Object.fromEntries(
        Array.from({ length: FREE_JSON_MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]),
      ),
    }),
    'body.more_details',
  ],
  [
    'too large',
    'POST',
    '/user/site/save',
    () => ({ name: 'Big', tenants: ['robi'], more_details: { blob: 'x'.repeat(FREE_JSON_MAX_BYTES + 1) } }),
    'body.more_details',
  ],
];

async function send(method: 'GET' | 'POST', url: string, body: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await t.auth('ktbl')), 'content-type': 'application/json' },
    // A string is sent as is (JSON.stringify of 5,000 levels would overflow the test's own stack).
    ...(body === undefined ? {} : { payload: body as object | string }),
  });
}

describe('bad input is a 400 naming the field, never a 500', () => {
  it.each([...NUL_CASES, ...SURROGATE_CASES, ...NUMBER_CASES])(
    '%s %s → %s',
    async (method, url, body, field) => {
      const res = await send(method, url, body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().field).toBe(field);
    },
  );

  it.each(JSON_CASES)('free-form JSON %s: %s %s → %s', async (_name, method, url, body, field) => {
    const res = await send(method, url, body());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it.each([
    '/site/legacy-table?kind=energy&user_uid=1',
    '/user/site/fetch?user_uid=1',
    '/user/network/availability?user_uid=2',
  ])('an operator naming provider staff (no company) gets an empty list: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: await t.auth('admin') });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('refuses a NUL byte with a message that says so', async () => {
    const res = await send('GET', '/user/site/details?site_uid=%00', undefined);
    expect(res.json().message).toContain('NUL character');
  });

  it('still accepts free-form JSON within the caps', async () => {
    const res = await send('POST', '/user/site/update', {
      site_uid: KT1,
      more_details: { power: { nominal_load_a: { robi: 20 } }, deep: nested(FREE_JSON_MAX_DEPTH - 2) },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the error handler as a safety net', () => {
  it.each([
    ['invalid byte sequence', "select convert_from('\\x00'::bytea, 'UTF8')"],
    ['integer out of range', 'select 9007199254740991::int'],
    ['datetime out of range', "select now() - interval '1 minute' * 1e13"],
  ])('answers a PostgreSQL data error (%s) with 400, not 500', async (_name, sql) => {
    const app = await buildApp({
      container: {
        ...t.container,
        registerRoutes: (a) => {
          a.get('/net-test', { config: { public: true } }, async () => (await t.pool.query(sql)).rows);
        },
      },
      log: createLogger('silent'),
      webDist: null,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/net-test' });
      expect(res.statusCode, res.body).toBe(400);
    } finally {
      await app.close();
    }
  });
});
