/**
 * Door access stays inside the caller's tenants (issue 34 finding 1, docs/api.md "Scoping"): a user
 * allowed only robi (`ktbl.robi`) may not attach, detach, change, block, master or delete anything
 * whose effect reaches KT-3 (ktbl, banglalink only): 403 "This action reaches sites outside your allowed
 * tenants", and KT-3's list stays as it was; a site they name themselves and may not see is 404. Only
 * a user who sees every site of the company sets or removes `master`. Counts and lists show only
 * visible sites.
 */
import { accessEndpoints as e } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildSite, buildTenantUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { REACH_REFUSED } from '../../kernel/scope/action-reach.ts';

const KT3 = 'KT-3';
const R = 'ktbl.robi';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildSite(t.pool, { uid: KT3, name: 'Banglalink Only', tenants: ['banglalink'] });
  await buildDevice(t.pool, { comId: 'RMS-KT3', siteUid: KT3 });
  await buildTenantUser(t.pool, R, ['robi']);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const post = async (url: string, body: object, user = 'ktbl') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload: body });
/** The card numbers of a site's current list, with their blocked flag. */
const listOf = async (siteUid: string) =>
  (
    await t.pool.query<{ card_number: string; blocked: boolean }>(
      `select card_number, coalesce((entry->>'blocked')::boolean, false) as blocked from access_list_entries
        where site_uid = $1 and removed_version is null order by 1`,
      [siteUid],
    )
  ).rows.map((r) => `${r.card_number}${r.blocked ? ' blocked' : ''}`);
const refused = (res: { statusCode: number; json(): { message: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(REACH_REFUSED);
};

let mixedGroup = 0; // site group [KT-1, KT-3]
const card: Record<string, number> = {};

describe('door access beyond the caller tenants (issue 34 finding 1)', () => {
  it('arranges: cards C1..C3, a site group of a robi site and a hidden site, H1 assigned only at KT-3', async () => {
    for (const n of ['C1', 'C2', 'C3']) {
      const res = await post(e.saveCard.path, { card_number: n });
      expect(res.statusCode, res.body).toBe(200);
      card[n] = res.json().card.card_id;
    }
    const sg = await post(e.saveSiteGroup.path, { name: 'Mixed', members: [KT1, KT3] });
    mixedGroup = sg.json().group.groupId;
    const h1 = await post(e.addCard.path, { site_uid: KT3, card_number: 'H1' });
    expect(h1.statusCode, h1.body).toBe(200);
    card.H1 = h1.json().card.card_id;
    expect(await listOf(KT3)).toEqual(['H1']);
  });

  it('(a) attaching a card to a site group with a hidden member is refused; KT-3 gets nothing', async () => {
    const link = {
      cardGroupId: card.C1,
      cardGroupType: 'card',
      siteGroupId: mixedGroup,
      siteGroupType: 'site_group',
    };
    refused(await post(e.attachGroups.path, link, R));
    expect(await listOf(KT3)).toEqual(['H1']);
    // the same card on a robi site is fine
    const own = { ...link, siteGroupId: KT1, siteGroupType: 'site' };
    expect((await post(e.attachGroups.path, own, R)).statusCode).toBe(200);
    // the hidden site named directly is not found
    const direct = { ...link, siteGroupId: KT3, siteGroupType: 'site' };
    expect((await post(e.attachGroups.path, direct, R)).statusCode).toBe(404);
  });

  it('(b) only a user who sees every site sets master; a restricted user changes no card reaching a hidden site', async () => {
    refused(await post(e.saveCard.path, { card_number: 'M1', master: true }, R));
    expect((await t.pool.query(`select 1 from access_cards where card_number = 'M1'`)).rowCount).toBe(0);
    refused(await post(e.saveCard.path, { card_id: card.C2, card_number: 'C2', master: true }, R));
    refused(await post(e.saveCard.path, { card_id: card.H1, card_number: 'H1', blocked: true }, R));
    expect(await listOf(KT3)).toEqual(['H1']);
    // a card that reaches only visible sites is theirs to change
    expect(
      (await post(e.saveCard.path, { card_id: card.C2, card_number: 'C2', holder_name: 'R' }, R)).statusCode,
    ).toBe(200);
    // the company account sees every site: master is allowed
    const master = await post(e.saveCard.path, { card_id: card.C3, card_number: 'C3', master: true });
    expect(master.statusCode, master.body).toBe(200);
    expect(await listOf(KT3)).toEqual(['C3', 'H1']);
    refused(await post(e.masterRemove.path, { card_number: 'C3' }, R));
    refused(await post(e.saveCard.path, { card_id: card.C3, card_number: 'C3', master: false }, R));
    expect(await listOf(KT3)).toEqual(['C3', 'H1']);
  });

  it('(c) add-card of a card held at a hidden site may not change it; adding it unchanged is fine', async () => {
    refused(await post(e.addCard.path, { site_uid: KT1, card_number: 'H1', blocked: true }, R));
    expect(await listOf(KT3)).toEqual(['C3', 'H1']);
    const same = await post(e.addCard.path, { site_uid: KT1, card_number: 'H1' }, R);
    expect(same.statusCode, same.body).toBe(200);
    expect(await listOf(KT1)).toContain('H1');
    expect(await listOf(KT3)).toEqual(['C3', 'H1']);
  });

  it('(d) detach, master-remove and group deletion that reach a hidden site are refused', async () => {
    const link = {
      cardGroupId: card.C1,
      cardGroupType: 'card',
      siteGroupId: mixedGroup,
      siteGroupType: 'site_group',
    };
    expect((await post(e.attachGroups.path, link)).statusCode).toBe(200);
    expect(await listOf(KT3)).toEqual(['C1', 'C3', 'H1']);
    refused(await post(e.detachGroups.path, link, R));
    refused(await post(e.masterRemove.path, { card_number: 'H1' }, R));
    refused(await post(e.deleteSiteGroup.path, { groupId: mixedGroup }, R));
    const cg = await post(e.saveCardGroup.path, { name: 'Hidden reach', members: [card.C2] });
    const cgId = cg.json().group.groupId;
    await post(e.attachGroups.path, { ...link, cardGroupId: cgId, cardGroupType: 'card_group' });
    expect(await listOf(KT3)).toEqual(['C1', 'C2', 'C3', 'H1']);
    refused(await post(e.saveCardGroup.path, { groupId: cgId, name: 'Hidden reach', members: [] }, R));
    refused(await post(e.deleteCardGroup.path, { groupId: cgId }, R));
    expect(await listOf(KT3)).toEqual(['C1', 'C2', 'C3', 'H1']);
    // a rename changes no list: allowed
    const renamed = await post(
      e.saveCardGroup.path,
      { groupId: cgId, name: 'Renamed', members: [card.C2] },
      R,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('counts and lists show only visible sites', async () => {
    // H1 is assigned at KT-3 (by ktbl) and KT-1 (by R): R counts one site
    const cards = (await get(e.cardList.path, R)).json().items as {
      card_number: string;
      site_count: number;
    }[];
    expect(cards.find((c) => c.card_number === 'H1')?.site_count).toBe(1);
    const all = (await get(e.cardList.path)).json().items as { card_number: string; site_count: number }[];
    expect(all.find((c) => c.card_number === 'H1')?.site_count).toBe(2);
    await post(e.attachGroups.path, {
      cardGroupId: card.C2,
      cardGroupType: 'card',
      siteGroupId: KT3,
      siteGroupType: 'site',
    });
    const c2 = (await get(e.cardList.path, R))
      .json()
      .items.find((c: { card_number: string }) => c.card_number === 'C2');
    expect(JSON.stringify(c2.attached_to)).not.toContain(KT3);
    const groups = (await get(e.cardGroupList.path, R)).json().items;
    expect(JSON.stringify(groups)).not.toContain(KT3);
    const sites = (await get(e.siteGroupList.path, R)).json();
    expect(JSON.stringify(sites)).not.toContain(KT3);
    expect(JSON.stringify((await get(`${e.cardLedger.path}?card_number=H1`, R)).json())).not.toContain(KT3);
    // KT-2 (robi, grameenphone) is visible: untouched by the narrowing
    expect(sites.sites.map((s: { site_uid: string }) => s.site_uid)).toContain(KT2);
  });
});
