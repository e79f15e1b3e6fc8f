/**
 * Access management (docs/requirements.md#access-model): cards, card groups, site groups, attaching a
 * card group to a site group (every member site gets a new list), the spec's drop messages, detach,
 * master cards, scope (another company 404, tenant-restricted members) and the audit trail.
 */
import { accessEndpoints as e } from '@towerwatch/contract';
import { ACCESS_MESSAGES } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const post = async (url: string, body: object, user = 'ktbl') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload: body });
const listOf = async (siteUid: string) =>
  (
    await t.pool.query<{ card_number: string }>(
      `select card_number from access_list_entries where site_uid = $1 and removed_version is null order by 1`,
      [siteUid],
    )
  ).rows.map((r) => r.card_number);

const cardIds: number[] = [];
let cardGroup = 0;
let siteGroup = 0;

describe('cards, groups and attachments', () => {
  it('saves cards and a card group, and a site group of two sites', async () => {
    for (const n of ['G1', 'G2']) {
      const res = await post(e.saveCard.path, { card_number: n, holder_name: `Tech ${n}` });
      expect(res.statusCode).toBe(200);
      cardIds.push(res.json().card.card_id);
    }
    const dup = await post(e.saveCard.path, { card_number: 'G1' });
    expect(dup.statusCode).toBe(409);
    const cg = await post(e.saveCardGroup.path, { name: 'Field engineers', members: cardIds });
    expect(cg.json().group).toMatchObject({ type: 'card_group', name: 'Field engineers', members: cardIds });
    cardGroup = cg.json().group.groupId;
    const sg = await post(e.saveSiteGroup.path, { name: 'Dhaka north', members: [KT1, KT2] });
    expect(sg.json().group).toMatchObject({ type: 'site_group', members: [KT1, KT2] });
    siteGroup = sg.json().group.groupId;
  });

  it('attaching the card group to the site group puts both cards on both sites (a new version each)', async () => {
    const res = await post(e.attachGroups.path, {
      cardGroupId: cardGroup,
      cardGroupType: 'card_group',
      siteGroupId: siteGroup,
      siteGroupType: 'site_group',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attached: true, sitesAffected: 2, site: { name: 'Dhaka north' } });
    expect(await listOf(KT1)).toEqual(['G1', 'G2']);
    expect(await listOf(KT2)).toEqual(['G1', 'G2']);
    const groups = (await get(e.cardGroupList.path)).json().items;
    expect(groups[0].attached_to).toEqual([
      { siteGroupType: 'site_group', siteGroupId: String(siteGroup), name: 'Dhaka north' },
    ]);
    const sites = (await get(e.siteGroupList.path)).json();
    expect(sites.items[0].attached[0]).toMatchObject({ cardGroupType: 'card_group', cardGroupId: cardGroup });
    const mine = sites.sites.filter((s: { site_uid: string }) => s.site_uid.length === 4);
    expect(mine.map((s: { site_uid: string; sync: string }) => [s.site_uid, s.sync])).toEqual([
      [KT1, 'pending'],
      [KT2, 'pending'],
    ]);
  });

  it('counts the cards added to a site directly (not by an attachment) in the site list', async () => {
    const added = await post(e.addCard.path, {
      site_uid: KT2,
      card_number: 'D1DIRECT',
      holder_name: 'Karim',
    });
    expect(added.statusCode, added.body).toBe(200);
    const sites = (await get(e.siteGroupList.path)).json().sites as {
      site_uid: string;
      direct_cards: number;
    }[];
    expect(sites.find((s) => s.site_uid === KT2)?.direct_cards).toBe(1);
    expect(sites.find((s) => s.site_uid === KT1)?.direct_cards).toBe(0);
    const removed = await post(e.deleteCard.path, { access_id: added.json().card.access_id });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('a member leaving the card group leaves every site list; a master card joins every site', async () => {
    await post(e.saveCardGroup.path, { groupId: cardGroup, name: 'Field engineers', members: [cardIds[0]] });
    expect(await listOf(KT2)).toEqual(['G1']);
    await post(e.saveCard.path, { card_id: cardIds[1], card_number: 'G2', master: true });
    expect(await listOf(KT1)).toEqual(['G1', 'G2']);
    const removed = await post(e.masterRemove.path, { card_number: 'G2' });
    // the master card was on every ktbl site (the demo fleet's too): each gets a version without it
    expect(removed.json().sitesAffected).toBeGreaterThan(2);
    expect(await listOf(KT1)).toEqual(['G1']);
  });

  it('refuses wrong drops with the spec messages, and a detach of nothing with "something wrong"', async () => {
    const noSite = await post(e.attachGroups.path, { cardGroupId: cardGroup, cardGroupType: 'card_group' });
    expect(noSite.statusCode, noSite.body).toBe(400);
    expect(noSite.json()).toMatchObject({ field: 'body.siteGroupId', message: ACCESS_MESSAGES.dropOnSite });
    const noCard = await post(e.attachGroups.path, { siteGroupId: KT1, siteGroupType: 'site' });
    expect(noCard.json()).toMatchObject({ field: 'body.cardGroupId', message: ACCESS_MESSAGES.dropOnCard });
    const link = {
      cardGroupId: cardGroup,
      cardGroupType: 'card_group',
      siteGroupId: siteGroup,
      siteGroupType: 'site_group',
    };
    expect((await post(e.detachGroups.path, link)).json()).toMatchObject({
      attached: false,
      sitesAffected: 2,
    });
    expect(await listOf(KT1)).toEqual([]);
    const again = await post(e.detachGroups.path, link);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCESS_MESSAGES.detachFailed);
  });

  it('records every change in the audit log with before and after', async () => {
    const { rows } = await t.pool.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_log where action like 'access.%' order by id`,
    );
    const actions = rows.map((r) => r.action);
    for (const a of [
      'access.card_save',
      'access.card_group_save',
      'access.site_group_save',
      'access.attach',
      'access.detach',
      'access.master_remove',
    ])
      expect(actions).toContain(a);
    const regroup = rows.filter((r) => r.action === 'access.card_group_save')[1];
    expect(regroup?.before).toMatchObject({ members: cardIds });
    expect(regroup?.after).toMatchObject({ members: [cardIds[0]] });
  });
});

describe('validity and weekly windows reach the device (docs/requirements.md#time-windows)', () => {
  it("sends a card's validity range and Asia/Dhaka windows in the access_list entries", async () => {
    const windows = [{ days: [0, 1, 2, 3, 4], from: '08:00', until: '18:00' }];
    const saved = await post(e.saveCard.path, {
      card_number: 'W1',
      valid_from: '2026-01-01T00:00:00+06:00',
      valid_until: '2027-01-01T00:00:00+06:00',
      time_windows: windows,
    });
    expect(saved.json().card).toMatchObject({
      valid_from: '2025-12-31T18:00:00.000Z',
      time_windows: windows,
    });
    const attach = {
      cardGroupId: saved.json().card.card_id,
      cardGroupType: 'card',
      siteGroupId: KT2,
      siteGroupType: 'site',
    };
    expect((await post(e.attachGroups.path, attach)).json()).toMatchObject({
      attached: true,
      sitesAffected: 1,
    });
    const { rows } = await t.pool.query<{ params: { entries: { card_number: string }[] } }>(
      `select params from commands where site_uid = $1 and command = 'access_list' order by id desc limit 1`,
      [KT2],
    );
    expect(rows[0]?.params.entries.find((x) => x.card_number === 'W1')).toEqual({
      card_number: 'W1',
      valid_from: '2025-12-31T18:00:00.000Z',
      valid_until: '2026-12-31T18:00:00.000Z',
      blocked: false,
      time_windows: windows,
    });
  });
});

describe('scope', () => {
  it('another company: its groups and cards are 404 and its lists are not shown', async () => {
    const ftbCard = (await post(e.saveCard.path, { card_number: 'F9' }, 'ftb')).json().card.card_id;
    const ftbGroup = (await post(e.saveCardGroup.path, { name: 'FTB', members: [ftbCard] }, 'ftb')).json()
      .group.groupId;
    expect((await get(`${e.attachedCardGroup.path}?groupId=${ftbGroup}`)).statusCode).toBe(404);
    expect((await post(e.deleteCardGroup.path, { groupId: ftbGroup })).statusCode).toBe(404);
    expect((await post(e.saveCardGroup.path, { groupId: ftbGroup, name: 'x', members: [] })).statusCode).toBe(
      404,
    );
    expect((await post(e.saveCard.path, { card_id: ftbCard, card_number: 'F9' })).statusCode).toBe(404);
    expect((await post(e.saveSiteGroup.path, { name: 'x', members: [FT1] })).statusCode).toBe(404);
    expect((await post(e.deleteSiteGroup.path, { groupId: siteGroup }, 'ftb')).statusCode).toBe(404);
    const attach = {
      cardGroupId: ftbGroup,
      cardGroupType: 'card_group',
      siteGroupId: KT1,
      siteGroupType: 'site',
    };
    expect((await post(e.attachGroups.path, attach)).statusCode).toBe(404);
    expect((await post(e.attachGroups.path, attach, 'ftb')).statusCode).toBe(404);
    const cards = (await get(e.cardList.path))
      .json()
      .items.map((c: { card_number: string }) => c.card_number);
    expect(cards).not.toContain('F9');
  });

  it('a tenant-restricted user sees only its sites in the site lists and groups', async () => {
    await t.pool.query(`update sites set tenants = '{grameenphone}' where uid = $1`, [KT2]);
    const view = (await get(e.siteGroupList.path, 'robi.viewer')).json();
    const uids = view.sites.map((s: { site_uid: string }) => s.site_uid);
    expect(uids).toContain(KT1);
    expect(uids).not.toContain(KT2);
    expect(view.items[0].members).toEqual([KT1]);
    await t.pool.query(`update sites set tenants = '{robi,grameenphone}' where uid = $1`, [KT2]);
  });

  it('operators name the customer; the acs role is required', async () => {
    const noCustomer = await post(e.saveCardGroup.path, { name: 'ops', members: [] }, 'admin');
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().field).toBe('body.userUid');
    const forKtbl = await post(e.saveCardGroup.path, { userUid: '100', name: 'ops', members: [] }, 'admin');
    expect(forKtbl.json().group.company_id).toBe('ktbl');
    expect((await get(e.cardList.path, 'ktbl.rms')).statusCode).toBe(403);
    expect((await get(e.cardList.path, 'finance')).statusCode).toBe(403);
  });
});
