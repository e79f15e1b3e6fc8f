/**
 * Issue 12 finding 8: a tenant user sees only the per-tenant keys of its allowed tenants inside the
 * free-form site maps (more_details, inc, bms, settings) of every reply that carries them
 * (docs/requirements.md#tenant-rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { buildTwoCompanyFleet, KT1 } from './two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: true });
  await buildTwoCompanyFleet(t.pool);
  await t.pool.query(`update sites set more_details = $2, inc = $3 where uid = $1`, [
    KT1,
    JSON.stringify({
      has_dg: true,
      power: { nominal_load_a: { banglalink: 12, robi: 20 }, dg_tank_litres: 100 },
    }),
    JSON.stringify({ banglalink: { amount: 1 }, robi: { amount: 2 } }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type SiteLike = { uid: string; more_details: Record<string, unknown>; inc: Record<string, unknown> };

async function detailsAs(username: string): Promise<SiteLike> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/user/site/details?site_uid=${KT1}`,
    headers: await t.auth(username),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().siteInfo as SiteLike;
}

async function fetchAs(username: string): Promise<SiteLike> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/user/site/fetch?site_uid=${KT1}`,
    headers: await t.auth(username),
  });
  expect(res.statusCode, res.body).toBe(200);
  const site = (res.json().items as SiteLike[]).find((s) => s.uid === KT1);
  if (!site) throw new Error('KT-1 not in the reply');
  return site;
}

describe('per-tenant keys of the free-form site maps', () => {
  it.each([
    ['details', detailsAs],
    ['fetch', fetchAs],
  ] as const)('%s: a robi user sees robi keys only', async (_name, read) => {
    const site = await read('robi.viewer');
    expect(site.more_details).toEqual({
      has_dg: true,
      power: { nominal_load_a: { robi: 20 }, dg_tank_litres: 100 },
    });
    expect(site.inc).toEqual({ robi: { amount: 2 } });
  });

  it('a user of every tenant sees every key', async () => {
    const site = await detailsAs('noc');
    expect(site.more_details.power).toEqual({
      nominal_load_a: { banglalink: 12, robi: 20 },
      dg_tank_litres: 100,
    });
    expect(site.inc).toEqual({ banglalink: { amount: 1 }, robi: { amount: 2 } });
  });
});

describe('saving a narrowed map', () => {
  it("keeps the keys of tenants the writer may not see (a robi-only superuser's update)", async () => {
    await t.pool.query(`update users set tenants = '{robi}' where username = 'super'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/site/update',
      headers: await t.auth('super'),
      payload: { site_uid: KT1, more_details: { has_dg: false, power: { nominal_load_a: { robi: 25 } } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().site.more_details).toEqual({ has_dg: false, power: { nominal_load_a: { robi: 25 } } });
    const { rows } = await t.pool.query<{ more_details: unknown }>(
      'select more_details from sites where uid = $1',
      [KT1],
    );
    expect(rows[0]?.more_details).toEqual({
      has_dg: false,
      power: { nominal_load_a: { banglalink: 12, robi: 25 } },
    });
  });
});
