/**
 * Messaging groups stay inside the caller's tenants (issue 34 finding 2, docs/api.md "Messaging
 * groups"): a user allowed only robi (`ktbl.robi`) may not subscribe a chat to KT-3 (ktbl, banglalink
 * only) nor remove it (404, as a missing site), sees a group's sites, counts and deliveries only of
 * visible sites and no invite link of a group that reaches KT-3, and may not mute, pause, rename,
 * re-link or delete such a group (403). Adding or removing its own sites stays allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildSite, buildTenantUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { REACH_REFUSED } from '../../kernel/scope/action-reach.ts';

const KT3 = 'KT-3';
const R = 'ktbl.robi';
const MIXED = -1003400000001; // ktbl group of KT-1 and KT-3
const OWN = -1003400000002; // ktbl group of KT-1 only

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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, user = 'ktbl', payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
const sitesOf = async (chatId: number) =>
  (
    await t.pool.query<{ site_uid: string }>(
      `select gs.site_uid from telegram_group_sites gs join telegram_groups g on g.id = gs.group_id
        where g.chat_id = $1 order by 1`,
      [chatId],
    )
  ).rows.map((r) => r.site_uid);
const groupRow = async (chatId: number) =>
  (
    await t.pool.query(
      `select g.title, g.status, g.invite_link, p.alarm_ids, p.severities from telegram_groups g
         join telegram_policies p on p.group_id = g.id where g.chat_id = $1`,
      [chatId],
    )
  ).rows[0];
const policy = {
  alarm_ids: ['door_status'],
  severities: ['minor'],
  notify_raise: false,
  notify_clear: false,
  quiet_start: null,
  quiet_end: null,
  grouping_seconds: 60,
};

describe('Telegram groups and tenants (issue 34 finding 2)', () => {
  it('arranges a group of a robi site and a hidden site, with an invite link and a delivery each', async () => {
    for (const [chat, sites] of [
      [MIXED, [KT1, KT3]],
      [OWN, [KT1]],
    ] as const) {
      const res = await call('POST', '/telegram/group', 'ktbl', {
        chat_id: chat,
        title: 'G',
        site_uids: sites,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.pool.query(`update telegram_groups set invite_link = 'https://t.me/+secret' where chat_id = $1`, [
      MIXED,
    ]);
    for (const site of [KT1, KT3]) {
      await t.pool.query(
        `insert into telegram_outbox (group_id, event_id, site_uid, event_name, active, event_time, status)
         select id, $2, $3, 'mains_fail', true, now(), 'sent' from telegram_groups where chat_id = $1`,
        [MIXED, site === KT1 ? 1 : 2, site],
      );
    }
  });

  it('a chat may not be subscribed to a hidden site: 404 as a missing site, nothing created', async () => {
    const created = await call('POST', '/telegram/group', R, {
      chat_id: -1003400000009,
      title: 'x',
      site_uids: [KT3],
    });
    expect(created.statusCode).toBe(404);
    expect(
      (await t.pool.query('select 1 from telegram_groups where chat_id = -1003400000009')).rowCount,
    ).toBe(0);
    const added = await call('POST', '/telegram/site', R, { chat_id: OWN, site_uids: [KT2, KT3] });
    expect(added.statusCode).toBe(404);
    expect(await sitesOf(OWN)).toEqual([KT1]);
    // its own sites: fine
    expect((await call('POST', '/telegram/site', R, { chat_id: MIXED, site_uids: [KT2] })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/telegram/site?chat_id=${MIXED}&site_uid=${KT2}`, R)).statusCode).toBe(200);
  });

  it('details, the list, counts and deliveries show only visible sites and no invite link', async () => {
    const details = await call('GET', `/telegram/group/details?chat_id=${MIXED}`, R);
    expect(details.statusCode).toBe(200);
    expect(details.json().group).toMatchObject({ sites: [{ site_uid: KT1 }], invite_link: null });
    expect(details.json().group.deliveries.sent).toBe(1);
    const settings = await call('GET', `/telegram/alarm-settings?chat_id=${MIXED}`, R);
    expect(JSON.stringify(settings.json())).not.toContain(KT3);
    const list = await call('GET', '/telegram/group', R);
    expect(JSON.stringify(list.json())).not.toContain(KT3);
    expect(JSON.stringify(list.json())).not.toContain('t.me/+secret');
    const deliveries = await call('GET', `/telegram/deliveries?chat_id=${MIXED}`, R);
    expect(deliveries.json().items.map((d: { site_uid: string }) => d.site_uid)).toEqual([KT1]);
    // the company account sees it all
    const full = (await call('GET', `/telegram/group/details?chat_id=${MIXED}`)).json().group;
    expect(full).toMatchObject({ invite_link: 'https://t.me/+secret', deliveries: { sent: 2 } });
    expect(full.sites.map((s: { site_uid: string }) => s.site_uid)).toEqual([KT1, KT3]);
  });

  it('removing a hidden site is 404; muting, pausing, renaming, re-linking or deleting its group is 403', async () => {
    const before = await groupRow(MIXED);
    expect((await call('DELETE', `/telegram/site?chat_id=${MIXED}&site_uid=${KT3}`, R)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PUT', `/telegram/alarm-settings?chat_id=${MIXED}`, policy],
      ['PATCH', `/telegram/group?chat_id=${MIXED}`, { status: 'inactive' }],
      ['PATCH', `/telegram/group?chat_id=${MIXED}`, { title: 'Mine now' }],
      ['PATCH', `/telegram/group/update-link?chat_id=${MIXED}`, undefined],
      ['DELETE', `/telegram/group?chat_id=${MIXED}`, undefined],
    ] as const) {
      const res = await call(method, url, R, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(REACH_REFUSED);
    }
    expect(await sitesOf(MIXED)).toEqual([KT1, KT3]);
    expect(await groupRow(MIXED)).toEqual(before);
    // a group of visible sites only is theirs to configure
    expect((await call('PUT', `/telegram/alarm-settings?chat_id=${OWN}`, R, policy)).statusCode).toBe(200);
  });
});
