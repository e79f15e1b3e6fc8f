/**
 * Operators reach every customer's sites (issue 37 point 9, docs/api.md "Scoping"): `company_id` on
 * GET /user/site/fetch and POST /user/site/save names the customer by id, so a customer without a root
 * user is listed, gets new sites, and its sites are edited and configured like any other. Anyone else
 * may only name their own company (another one is 404 "Company not found", the scope never widens).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet } from '../../../test/two-company-fleet.ts';

let t: TestServer;
const ROOTLESS = 'rootless';
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await t.pool.query(
    `insert into companies (id, code, name, label) values ($1, $1, 'Rootless Towers', 'RLT')`,
    [ROOTLESS],
  );
  await buildSite(t.pool, { uid: 'RLT-1', company: ROOTLESS });
  await t.pool.query(`update sites set user_uid = null where uid = 'RLT-1'`);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const post = async (url: string, payload: object, user: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: await t.auth(user) });
const uids = (res: { json(): { items: { uid: string }[] } }) => res.json().items.map((s) => s.uid);

describe('operators and customers without a root user', () => {
  it('admin and ops list a rootless customer’s sites by company_id, and only that customer’s', async () => {
    for (const user of ['admin', 'ops']) {
      const res = await get(`/user/site/fetch?company_id=${ROOTLESS}&lean=true`, user);
      expect(res.statusCode, user).toBe(200);
      expect(uids(res), user).toEqual(['RLT-1']);
    }
    const ktbl = await get('/user/site/fetch?company_id=ktbl&lean=true&limit=3000', 'admin');
    expect(uids(ktbl).length).toBeGreaterThan(0);
    expect(uids(ktbl)).not.toContain('RLT-1');
  });

  it('an unknown company is 404 "Company not found"; a bad id is 400 naming the field', async () => {
    const res = await get('/user/site/fetch?company_id=nope', 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Company not found');
    const bad = await get(`/user/site/fetch?company_id=${'x'.repeat(41)}`, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.company_id');
  });

  it('a company user may name only its own company: another one is 404, its scope never widens', async () => {
    const other = await get(`/user/site/fetch?company_id=${ROOTLESS}`, 'ktbl');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Company not found');
    expect((await get('/user/site/fetch?company_id=ftb', 'ktbl')).statusCode).toBe(404);
    const own = await get('/user/site/fetch?company_id=ktbl&lean=true&limit=3000', 'ktbl');
    const plain = await get('/user/site/fetch?lean=true&limit=3000', 'ktbl');
    expect(uids(own)).toEqual(uids(plain));
  });

  it('an operator creates a site for a rootless customer by company_id, then edits it', async () => {
    const created = await post(
      '/user/site/save',
      { company_id: ROOTLESS, name: 'Rootless Two', tenants: ['robi'] },
      'admin',
    );
    expect(created.statusCode).toBe(200);
    const uid = created.json().site.uid as string;
    const { rows } = await t.pool.query('select company_id, user_uid from sites where uid = $1', [uid]);
    expect(rows[0]).toEqual({ company_id: ROOTLESS, user_uid: null });
    const edited = await post('/user/site/update', { site_uid: uid, name: 'Rootless Two B' }, 'ops');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().site.name).toBe('Rootless Two B');
    expect((await get(`/user/site/details?site_uid=${uid}`, 'admin')).statusCode).toBe(200);
    const listed = await get(`/user/site/fetch?company_id=${ROOTLESS}&lean=true`, 'ops');
    expect(uids(listed).sort()).toEqual(['RLT-1', uid].sort());
  });

  it('a company user’s company_id on save is ignored: the site is its own company’s', async () => {
    const res = await post(
      '/user/site/save',
      { company_id: ROOTLESS, name: 'Not Rootless', tenants: ['robi'] },
      'ktbl',
    );
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query('select company_id from sites where uid = $1', [res.json().site.uid]);
    expect(rows[0].company_id).toBe('ktbl');
  });
});
