/**
 * Issue 34 finding 6: the audit log keeps to the reader's tenants. A company admin allowed only some
 * tenants reads no entry about a site outside them (card numbers, site changes, groups reaching it);
 * entries about no site keep the company rule; a reader allowed every tenant reads them all.
 */
import { accessEndpoints, siteEndpoints, userEndpoints } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';

/** A KTBL site of banglalink only: hidden from a robi-only user. */
const HIDDEN = 'KT-HIDDEN';
const HIDDEN_CARD = 'HIDDEN0001';
const SHARED_CARD = 'ROBI0001';

let t: TestServer;
const post = async (user: string, url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};
const list = async (user: string) =>
  t.app.inject({ method: 'GET', url: '/user/audit/list?limit=200', headers: await t.auth(user) });

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildSite(t.pool, { uid: HIDDEN, name: 'Banglalink Only', tenants: ['banglalink'] });
  await buildDevice(t.pool, { comId: 'RMS-HIDDEN', siteUid: HIDDEN });
  // The robi-only manager: a company admin (manage_users) allowed robi only.
  await post('ktbl', userEndpoints.signup.path, {
    username: 'robi.admin',
    password: 'password-123',
    name: 'Robi Admin',
    type: 'company',
    tenants: ['robi'],
    meta: { accessRoles: ['acs', 'rms', 'manage_users'] },
  });
  // What the company root does: entries about the hidden site, about a robi site, about no site.
  await post('ktbl', accessEndpoints.addCard.path, { site_uid: HIDDEN, card_number: HIDDEN_CARD });
  await post('ktbl', accessEndpoints.addCard.path, { site_uid: KT1, card_number: SHARED_CARD });
  await post('ktbl', siteEndpoints.siteUpdate.path, { site_uid: HIDDEN, name: 'Renamed hidden' });
  await post('ktbl', accessEndpoints.saveSiteGroup.path, { name: 'Both', members: [KT1, HIDDEN] });
  await post('ktbl', accessEndpoints.masterRemove.path, { card_number: HIDDEN_CARD });
  await post('ktbl', userEndpoints.update.path, { uid: '103', name: 'KTBL Employee' });
});
afterAll(async () => {
  await t?.close();
});

describe('the audit log and the reader’s tenants', () => {
  it('a robi-only admin reads no entry about a banglalink-only site', async () => {
    const res = await list('robi.admin');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; items: Array<{ action: string; target_id: string | null }> };
    const text = JSON.stringify(body.items);
    expect(text).not.toContain(HIDDEN);
    expect(text).not.toContain(HIDDEN_CARD);
    expect(body.items.map((e) => e.action)).not.toContain('access.site_group_save');
    expect(body.items.map((e) => e.action)).not.toContain('access.master_remove');
    // About a robi site, and about no site (the company rule), it still reads.
    expect(text).toContain(SHARED_CARD);
    expect(body.items.some((e) => e.action === 'user.update' && e.target_id === '103')).toBe(true);
    expect(body.total).toBe(body.items.length);
  });

  it('the company root (every tenant) reads them all', async () => {
    const body = (await list('ktbl')).json() as { items: Array<{ action: string }> };
    const text = JSON.stringify(body.items);
    expect(text).toContain(HIDDEN);
    expect(text).toContain(HIDDEN_CARD);
    const actions = body.items.map((e) => e.action);
    for (const action of [
      'access.card_add',
      'site.update',
      'access.site_group_save',
      'access.master_remove',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
