/**
 * GET /user/network/events reads the events' own company (migration 0590): every caller's pages, walked
 * to the end, hold exactly the events its scope allows — other companies' events left out, events of a
 * site without an allowed tenant left out, tenant-less power events only with the first operator
 * tenant (docs/requirements.md#tenant-rule) — and a site moved to another company takes its events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

const KT_BL = 'KT-BL';
const KT_NONE = 'KT-NONE';
const FT_ROBI = 'FT-ROBI';

/**
 * The events, oldest first, with who sees them: `robi` = a ktbl company account allowed only robi,
 * `ktbl` = the ktbl account (every installed tenant), `ktblRobi` = ktbl asking for `tenants=robi`.
 * ftb sees exactly the ftb rows.
 */
const EVENTS = [
  { site: KT1, name: 'mains_fail', tenant: 'robi', robi: true, ktblRobi: true },
  { site: FT1, name: 'mains_fail', tenant: 'banglalink', robi: false, ktblRobi: false },
  { site: KT1, name: 'mains_fail', tenant: 'banglalink', robi: false, ktblRobi: false },
  // Tenant-less power events count as banglalink (the first operator tenant).
  { site: KT1, name: 'site_down', tenant: '', robi: false, ktblRobi: false },
  { site: KT1, name: 'door_open', tenant: '', group: 'ACS', robi: true, ktblRobi: true },
  { site: FT_ROBI, name: 'mains_fail', tenant: 'robi', robi: false, ktblRobi: false },
  { site: KT2, name: 'dc_low_voltage', tenant: 'grameenphone', robi: false, ktblRobi: false },
  { site: KT2, name: 'high_temperature', tenant: '', robi: true, ktblRobi: true },
  { site: FT_ROBI, name: 'door_open', tenant: '', group: 'ACS', robi: false, ktblRobi: false },
  { site: KT2, name: 'dg_power', tenant: 'robi', robi: true, ktblRobi: true },
  // A site whose tenants the robi account is not allowed: none of its events, whatever their tenant.
  { site: KT_BL, name: 'door_open', tenant: '', group: 'ACS', robi: false, ktblRobi: true },
  { site: KT_BL, name: 'mains_fail', tenant: 'robi', robi: false, ktblRobi: true },
  { site: FT1, name: 'door_open', tenant: '', group: 'ACS', robi: false, ktblRobi: false },
  // A site without tenants is visible to its whole company.
  { site: KT_NONE, name: 'door_open', tenant: '', group: 'ACS', robi: true, ktblRobi: true },
  { site: KT_NONE, name: 'mains_fail', tenant: 'robi', robi: true, ktblRobi: true },
  { site: KT_NONE, name: 'site_down', tenant: '', robi: false, ktblRobi: false },
] as const;
const FTB_SITES: readonly string[] = [FT1, FT_ROBI];

let t: TestServer;
let ids: number[];
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildSite(t.pool, { uid: KT_BL, tenants: ['banglalink'] });
  await buildSite(t.pool, { uid: KT_NONE, tenants: [] });
  await buildSite(t.pool, { uid: FT_ROBI, company: 'ftb', tenants: ['robi'] });
  // A company account of ktbl restricted to robi (not read-only: every event kind).
  await t.pool.query(
    `insert into users (username, password_hash, name, type, tenants, root_user_uid, company_id, access_roles)
     select 'ktbl.robi', password_hash, 'KTBL Robi', type, '{robi}', uid, company_id, access_roles
       from users where username = 'ktbl'`,
  );
  ids = [];
  for (const e of EVENTS) {
    ids.push(
      await buildEvent(t.pool, {
        siteUid: e.site,
        name: e.name,
        tenant: e.tenant,
        group: 'group' in e ? e.group : 'RMS',
      }),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

/** Every id of the caller's network events, walking pages of `limit` to the end (newest first). */
async function walk(user: string, query = '', limit = 4): Promise<number[]> {
  const seen: number[] = [];
  let cursor: number | null = 2147483647;
  for (let pages = 0; cursor !== null; pages++) {
    if (pages > EVENTS.length) throw new Error('paging does not end');
    const res = await t.app.inject({
      method: 'GET',
      url: `/user/network/events?limit=${limit}&oldestId=${cursor}${query}`,
      headers: await t.auth(user),
    });
    expect(res.statusCode).toBe(200);
    const page: { items: { id: number }[]; nextOldestId: number | null } = res.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((e) => e.id));
    cursor = page.nextOldestId;
  }
  return seen;
}

/** Ids of the events matching `keep`, newest first (the page order). */
const expected = (keep: (e: (typeof EVENTS)[number]) => boolean) =>
  EVENTS.flatMap((e, i) => (keep(e) ? [ids[i] as number] : [])).reverse();
const isFtb = (e: (typeof EVENTS)[number]) => FTB_SITES.includes(e.site);

describe('network events of a company with tenant restrictions', () => {
  it('holds exactly the allowed events of the company, across pages', async () => {
    expect(await walk('ktbl.robi')).toEqual(expected((e) => e.robi));
    expect(await walk('ktbl.robi', '', 100)).toEqual(expected((e) => e.robi));
  });

  it('the company account sees every event of its company; tenants=robi narrows it', async () => {
    expect(await walk('ktbl')).toEqual(expected((e) => !isFtb(e)));
    expect(await walk('ktbl', '&tenants=robi')).toEqual(expected((e) => e.ktblRobi));
  });

  it('keeps the group filter', async () => {
    const acs = expected((e) => e.robi && 'group' in e && e.group === 'ACS');
    expect(acs.length).toBeGreaterThan(0);
    expect(await walk('ktbl.robi', '&group=ACS')).toEqual(acs);
  });

  it('other companies and operators', async () => {
    expect(await walk('ftb')).toEqual(expected(isFtb));
    expect(await walk('admin')).toEqual(expected(() => true));
    // An operator naming a customer reads that company's events; provider staff (no company): none.
    expect(await walk('admin', '&userUid=100')).toEqual(expected((e) => !isFtb(e)));
    expect(await walk('admin', '&userUid=200')).toEqual(expected(isFtb));
    expect(await walk('admin', '&userUid=3')).toEqual([]);
  });
});

describe("events' company", () => {
  it("is the site's, whatever the writer gives; an unknown site is a foreign key violation", async () => {
    const { rows } = await t.pool.query<{ company_id: string }>(
      `insert into events (site_uid, company_id, name, tenant, time) values ($1, 'ftb', 'door_open', '', now())
       returning company_id`,
      [KT1],
    );
    expect(rows[0]?.company_id).toBe('ktbl');
    await t.pool.query('delete from events where id > $1', [Math.max(...ids)]);
    const unknown = await t.pool
      .query(
        `insert into events (site_uid, name, tenant, time) values ('NO-SUCH-SITE', 'door_open', '', now())`,
      )
      .then(
        () => null,
        (err: { code?: string }) => err.code,
      );
    expect(unknown).toBe('23503');
  });

  it('follows a site moved to another company', async () => {
    await t.pool.query(`update sites set company_id = 'ftb', user_uid = '200' where uid = $1`, [KT_NONE]);
    const moved = (e: (typeof EVENTS)[number]) => e.site === KT_NONE;
    expect(await walk('ktbl.robi')).toEqual(expected((e) => e.robi && !moved(e)));
    expect(await walk('ftb')).toEqual(expected((e) => isFtb(e) || moved(e)));
    const { rows } = await t.pool.query<{ company_id: string; n: number }>(
      'select company_id, count(*)::int as n from events where site_uid = $1 group by company_id',
      [KT_NONE],
    );
    expect(rows).toEqual([{ company_id: 'ftb', n: 3 }]);
  });
});
