/**
 * GET /user/site/fetch is built by PostgreSQL (site-list-json.repository.ts) and sent without zod
 * serialisation. These tests pin both forms to the path that built them in JS before and still builds
 * GET /user/site/details (site-view.ts `toSite`, serialised by the contract's schemas; the lean item
 * is that site reduced by `toLeanSite`): the same keys, values and order, on a fleet with alarms
 * (power alarms with and without a tenant, unset times), tenants (narrowed, duplicated, none), DC
 * load states (with and without a tenant), free-form maps with tenant keys at any depth and awkward
 * site fields; and they check that real replies are exactly the schemas' shape.
 */
import {
  alarmFromTuple,
  type Site,
  type SiteCompactListReply,
  type SiteListReply,
  siteCompactListReply,
  siteLeanListReply,
  siteListReply,
} from '@towerwatch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAlarm, buildDcLoad, buildDevice } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { toLeanSite } from './site-view.ts';

const KT3 = 'KT-3';
const KT4 = 'KT-4';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // Sites with the fields the mapping has to get right: no root user, no location, empty and
  // non-string rectifier types, an empty generic id, microseconds in created_at, an exponent-sized
  // battery_max, quotes and non-ASCII in the name, a duplicated tenant, tenant keys at any depth of
  // the free-form maps (and keys that JS orders first); and a site without tenants.
  const details = {
    power: { nominal_load_a: { banglalink: 5, teletalk: 7, robi: 2.5 } },
    10: 'ten',
    b: [{ robi: 1, teletalk: 2 }, 'x', null],
  };
  await t.pool.query(
    `insert into sites (uid, name, company_id, user_uid, tenants, thana, district, division, lat, lng, meta,
                        rectifier, battery_max, device_vendor, created_at, more_details, settings, inc, bms)
     values ($1, 'Tower "Ä" \\ 1', 'ktbl', null, '{robi,teletalk,robi,banglalink}', null, 'Sylhet', null,
             23.5, null, '{"generic_site_id": ""}', '{"rectifier_type": "", "rectifier_type_2": 5}',
             0.00001, 'vendor', '2026-01-02 03:04:05.678912+00', $3, '{"robi": {"low": 1.50}, "grameenphone": 1e3}',
             '{"robi": 1, "teletalk": 3, "banglalink": {"x": [1, 2]}}', '[1, 2]'),
            ($2, 'No tenants', 'ktbl', '100', '{}', 'Banani', 'Dhaka', 'Dhaka', 23.79, 90.41,
             '{"generic_site_id": "G-4", "x": 1}', '[1]', 12.5, null, '2026-03-04 05:06:07+06', '"text"', '{}', '{}',
             '{"soc": 88, "robi": {"soc": 1}}')`,
    [KT3, KT4, JSON.stringify(details)],
  );
  await buildDevice(t.pool, { comId: 'RMS-KT3', siteUid: KT3, online: false });
  const at = (iso: string) => new Date(iso);
  // Power alarms without a tenant (the first operator tenant's) and with one; non-power alarms.
  await buildAlarm(t.pool, {
    siteUid: KT1,
    alarmId: 'mains_fail',
    lastEventAt: at('2026-05-01T10:00:00.001Z'),
  });
  await buildAlarm(t.pool, {
    siteUid: KT1,
    alarmId: 'mains_fail',
    tenant: 'robi',
    isNormal: true,
    lastEventAt: at('2026-05-01T10:00:00.999Z'),
  });
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'door_open', tenant: 'banglalink', isDisable: true });
  await buildAlarm(t.pool, { siteUid: KT1, alarmId: 'high_temperature', isAvailable: false, value: 1e-7 });
  await buildAlarm(t.pool, { siteUid: KT2, alarmId: 'dc_low_voltage', tenant: 'grameenphone', value: 47.9 });
  await buildAlarm(t.pool, {
    siteUid: KT3,
    alarmId: 'site_down',
    lastEventAt: at('2026-06-30T23:59:59.290Z'),
  });
  await buildAlarm(t.pool, { siteUid: FT1, alarmId: 'mains_fail', tenant: 'banglalink' });
  // An alarm that never changed: no times at all.
  await t.pool.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal) values ($1, 'dg_on', '', true),
                                                                      ($1, 'dg_on', 'teletalk', true)`,
    [KT3],
  );
  for (const [site, tenant, state] of [
    [KT1, '', 'NORMAL'],
    [KT1, 'robi', 'OVER'],
    [KT2, 'grameenphone', 'DOWN'],
    [KT2, 'robi', 'NORMAL'],
    [KT3, 'teletalk', 'OVER'],
    [FT1, '', 'DOWN'],
  ] as const) {
    await buildDcLoad(t.pool, site, tenant, state);
  }
});
afterAll(async () => {
  await t?.close();
});

/** One session per user for the file (thousands of requests; a session each would be most of the time). */
const sessions = new Map<string, Promise<{ authorization: string }>>();
const get = async (url: string, user: string) => {
  let headers = sessions.get(user);
  if (!headers) {
    headers = t.auth(user);
    sessions.set(user, headers);
  }
  return t.app.inject({ method: 'GET', url, headers: await headers });
};

/**
 * GET /user/site/details replies of the current test (the queries of one test ask for the same sites
 * again; the data changes only between tests).
 */
const details = new Map<string, Promise<Site>>();
beforeEach(() => details.clear());

/** A site as the JS path builds it: GET /user/site/details `siteInfo` (devices only when asked for). */
async function referenceSite(uid: string, user: string, withDevices: boolean): Promise<Site> {
  const key = `${user} ${uid}`;
  let reply = details.get(key);
  if (!reply) {
    reply = get(`/user/site/details?site_uid=${uid}`, user).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ siteInfo: Site }>().siteInfo;
    });
    details.set(key, reply);
  }
  const site = await reply;
  return { ...site, devices: withDevices ? site.devices : [] };
}

/**
 * Asks `query` in the three forms and checks the full and lean ones against the JS path's sites
 * serialised by the contract (the same keys, values and order: JSON.stringify keeps the order, the
 * text's whitespace may differ), the compact one against the lean one (its tuples read back by the
 * contract's `alarmFromTuple`), and that each reply is exactly its schema's shape (parsing it changes
 * nothing). Returns the lean reply, or null when the query is refused (the same error in every form).
 */
async function compareForms(query: string, user: string) {
  const fullRes = await get(`/user/site/fetch?${query}`, user);
  const leanRes = await get(`/user/site/fetch?${query}&lean=true`, user);
  const compactRes = await get(`/user/site/fetch?${query}&compact=true`, user);
  expect(leanRes.statusCode, `${user} ${query}: ${leanRes.body}`).toBe(fullRes.statusCode);
  expect(compactRes.statusCode, `${user} ${query}: ${compactRes.body}`).toBe(fullRes.statusCode);
  if (fullRes.statusCode !== 200) {
    expect(leanRes.json()).toEqual(fullRes.json());
    expect(compactRes.json()).toEqual(fullRes.json());
    return null;
  }
  for (const res of [fullRes, leanRes, compactRes])
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const full = fullRes.json<SiteListReply>();
  const lean = leanRes.json<Record<string, unknown>>();
  const withDevices = query.includes('with_devices=true');
  const sites = await Promise.all(full.items.map((site) => referenceSite(site.uid, user, withDevices)));
  const message = `${user} ${query}`;
  expect(JSON.stringify(full), message).toBe(JSON.stringify(siteListReply.parse({ ...full, items: sites })));
  expect(JSON.stringify(lean), message).toBe(
    JSON.stringify(siteLeanListReply.parse({ ...full, items: sites.map(toLeanSite) })),
  );
  expect(JSON.stringify(siteListReply.parse(full))).toBe(JSON.stringify(full));
  expect(JSON.stringify(siteLeanListReply.parse(lean))).toBe(JSON.stringify(lean));
  const compact = compactRes.json<SiteCompactListReply>();
  expect(JSON.stringify(siteCompactListReply.parse(compact))).toBe(JSON.stringify(compact));
  const expanded = {
    ...compact,
    items: compact.items.map((i) => ({ ...i, alarms: i.alarms.map(alarmFromTuple) })),
  };
  expect(JSON.stringify(expanded), message).toBe(JSON.stringify(lean));
  return lean as { items: Record<string, unknown>[]; total: number; page: number; limit: number };
}

/** {@link compareForms} for a query that must succeed. */
async function leanReply(query: string, user: string) {
  const lean = await compareForms(query, user);
  if (!lean) throw new Error(`${user} ${query}: refused`);
  return lean;
}

const QUERIES = [
  'limit=3000',
  'limit=3000&with_devices=true',
  'limit=2&page=1&with_devices=true',
  'limit=2&page=2',
  'limit=3000&page=2',
  `site_uid=${KT3}&with_devices=true`,
  'tenants=grameenphone',
];

describe('GET /user/site/fetch, built in SQL', () => {
  for (const user of ['admin', 'ktbl', 'robi.viewer', 'ftb']) {
    it(`equals the JS-built replies for ${user}`, async () => {
      // Some are refused for some users (ftb: KT-3 is not its site; robi.viewer: grameenphone).
      let compared = 0;
      for (const query of QUERIES) if (await compareForms(query, user)) compared += 1;
      expect(compared).toBeGreaterThanOrEqual(QUERIES.length - 1);
    });
  }

  it('equals the JS-built replies for an operator choosing a customer', async () => {
    const lean = await leanReply('user_uid=100&limit=3000', 'admin');
    const uids = lean.items.map((s) => s.uid);
    expect(uids).toEqual(expect.arrayContaining([KT1, KT2, KT3, KT4]));
    expect(uids).not.toContain(FT1);
  });

  it('carries the values the list needs, tenant-filtered', async () => {
    const all = await leanReply('limit=3000&with_devices=true', 'ktbl');
    expect(all.total).toBe(all.items.length);
    const kt1 = all.items.find((s) => s.uid === KT1);
    expect(kt1?.devices).toEqual(['RMS-KT1']);
    expect(kt1?.status).toBe('online');
    expect(kt1?.alarms).toContainEqual({
      id: 'mains_fail',
      tenant: null,
      isNormal: false,
      isAvailable: true,
      isDisable: false,
      lastEvent: '2026-05-01T10:00:00.001Z',
    });
    expect(kt1?.dc_load).toEqual([
      { value: 'NORMAL', tenant: 'banglalink' },
      { value: 'OVER', tenant: 'robi' },
    ]);
    const kt3 = all.items.find((s) => s.uid === KT3);
    expect(kt3).toMatchObject({
      name: 'Tower "Ä" \\ 1',
      user_uid: '',
      status: 'offline',
      rectifier: { rectifier_type: null, rectifier_type_2: null },
      battery_max: 0.00001,
      place: { thana: null, district: 'Sylhet', division: null },
      location: null,
      meta: { generic_site_id: null },
      created_at: '2026-01-02T03:04:05.678Z',
    });
    expect(all.items.find((s) => s.uid === KT4)).toMatchObject({
      tenants: [],
      location: { lat: 23.79, lng: 90.41 },
      created_at: '2026-03-03T23:06:07.000Z',
    });

    // robi only: the power alarm without a tenant counts as banglalink's and is hidden, as is its DC load.
    const robi = await leanReply(`site_uid=${KT1}`, 'robi.viewer');
    const site = robi.items[0];
    expect(site?.tenants).toEqual(['robi']);
    expect(site?.alarms).toEqual([
      expect.objectContaining({ id: 'high_temperature', tenant: null }),
      expect.objectContaining({ id: 'mains_fail', tenant: 'robi', lastEvent: '2026-05-01T10:00:00.999Z' }),
    ]);
    expect(site?.dc_load).toEqual([{ value: 'OVER', tenant: 'robi' }]);
  });

  it("writes the compact form's alarms as [id, tenant, flags, lastEvent] tuples", async () => {
    const res = await get(`/user/site/fetch?site_uid=${KT1}&compact=true`, 'ktbl');
    const alarms = res.json<SiteCompactListReply>().items[0]?.alarms;
    // flags: 1 normal, 2 available, 4 disabled (contract ALARM_TUPLE_FLAGS)
    expect(alarms).toEqual([
      ['door_open', 'banglalink', 6, expect.any(String)],
      ['high_temperature', null, 0, expect.any(String)],
      ['mains_fail', null, 2, '2026-05-01T10:00:00.001Z'],
      ['mains_fail', 'robi', 3, '2026-05-01T10:00:00.999Z'],
    ]);
  });

  it("narrows the full form's free-form maps to the caller's tenants at any depth", async () => {
    const kt3 = (await get(`/user/site/fetch?site_uid=${KT3}`, 'robi.viewer')).json<SiteListReply>().items[0];
    expect(kt3?.more_details).toEqual({
      power: { nominal_load_a: { robi: 2.5 } },
      10: 'ten',
      b: [{ robi: 1 }, 'x', null],
    });
    expect(kt3?.settings).toEqual({ robi: { low: 1.5 } });
    expect(kt3?.inc).toEqual({ robi: 1 });
    expect(kt3?.bms).toEqual({});
    const asKtbl = (await get(`/user/site/fetch?site_uid=${KT3}`, 'ktbl')).json<SiteListReply>().items[0];
    expect(asKtbl?.inc).toEqual({ robi: 1, banglalink: { x: [1, 2] } });
    expect(asKtbl?.settings).toEqual({ robi: { low: 1.5 }, grameenphone: 1000 });
    const kt4 = (await get(`/user/site/fetch?site_uid=${KT4}`, 'ktbl')).json<SiteListReply>().items[0];
    expect(kt4?.more_details).toEqual({});
    expect(kt4?.bms).toEqual({ soc: 88, robi: { soc: 1 } });
  });

  it('pages the list ordered by uid and keeps the total past the last page', async () => {
    const all = await leanReply('limit=3000', 'ktbl');
    const uids = all.items.map((s) => s.uid);
    expect(uids).toEqual([...uids].sort());
    expect(uids).toEqual(expect.arrayContaining([KT1, KT2, KT3, KT4]));
    const page2 = await leanReply('limit=3&page=2', 'ktbl');
    expect(page2).toMatchObject({ total: all.total, page: 2, limit: 3 });
    expect(page2.items.map((s) => s.uid)).toEqual(uids.slice(3, 6));
    const beyondPage = Math.ceil(all.total / 3) + 1;
    const beyond = await leanReply(`limit=3&page=${beyondPage}`, 'ktbl');
    expect(beyond).toEqual({ items: [], total: all.total, page: beyondPage, limit: 3 });
  });
});
