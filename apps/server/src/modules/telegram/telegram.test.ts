/**
 * Messaging-group calls (docs/requirements.md#messaging-calls): the eight spec calls and the designed
 * ones, company scoping (another company's group is 404), the `telegram` role, read-only refusals and
 * bad input naming the field. No bot token here: notifications are off and the API says so.
 */
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, user = 'ktbl', payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

const CHAT = -1001234567890;

describe('group lifecycle', () => {
  it('creates a group with sites, lists it, shows its details and default alarm settings', async () => {
    const created = await call('POST', '/telegram/group', 'ktbl', {
      chat_id: CHAT,
      title: 'KTBL NOC',
      site_uids: [KT1],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().group).toMatchObject({
      chat_id: CHAT,
      company_id: 'ktbl',
      status: 'active',
      invite_link: null,
      bot_admin: null,
      sites: [{ site_uid: KT1, name: expect.any(String) }],
      deliveries: { queued: 0, sent: 0, failed: 0 },
    });
    expect(created.json().policy).toMatchObject({
      notify_raise: true,
      notify_clear: true,
      grouping_seconds: 300,
    });
    const list = (await call('GET', '/telegram/group')).json();
    expect(list.notifications_enabled).toBe(false);
    expect(list.items.map((g: { chat_id: number }) => g.chat_id)).toEqual([CHAT]);
    const details = await call('GET', `/telegram/group/details?chat_id=${CHAT}`);
    expect(details.json().group.title).toBe('KTBL NOC');
  });

  it('adds sites by the double-slash path and its alias, removes one, changes status and title', async () => {
    const add = await call('POST', '/telegram//site', 'ktbl', { chat_id: CHAT, site_uids: [KT2] });
    expect(add.statusCode).toBe(200);
    expect(add.json().group.sites.map((s: { site_uid: string }) => s.site_uid)).toEqual([KT1, KT2]);
    expect(
      (await call('POST', '/telegram/site', 'ktbl', { chat_id: CHAT, site_uids: [KT2] })).statusCode,
    ).toBe(200);
    const removed = await call('DELETE', `/telegram/site?chat_id=${CHAT}&site_uid=${KT2}`);
    expect(removed.json().group.sites.map((s: { site_uid: string }) => s.site_uid)).toEqual([KT1]);
    const patched = await call('PATCH', `/telegram/group?chat_id=${CHAT}`, 'ktbl', { status: 'inactive' });
    expect(patched.json().group.status).toBe('inactive');
    const renamed = await call('PATCH', `/telegram/group?chat_id=${CHAT}`, 'ktbl', {
      title: 'Field team',
      status: 'active',
    });
    expect(renamed.json().group).toMatchObject({ title: 'Field team', status: 'active' });
  });

  it('saves alarm settings and refuses half-set quiet hours', async () => {
    const policy = {
      alarm_ids: ['mains_fail', 'site_on_battery'],
      severities: ['major', 'emergency'],
      notify_raise: true,
      notify_clear: false,
      quiet_start: 22 * 60,
      quiet_end: 6 * 60,
      grouping_seconds: 120,
    };
    const saved = await call('PUT', `/telegram/alarm-settings?chat_id=${CHAT}`, 'ktbl', policy);
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', `/telegram/alarm-settings?chat_id=${CHAT}`)).json().policy).toEqual(policy);
    const half = await call('PUT', `/telegram/alarm-settings?chat_id=${CHAT}`, 'ktbl', {
      ...policy,
      quiet_end: null,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().field).toBe('body.quiet_end');
  });

  it('update-link needs a bot token (409 while notifications are off); deliveries list is empty', async () => {
    const res = await call('PATCH', `/telegram/group/update-link?chat_id=${CHAT}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no bot token/);
    expect((await call('GET', `/telegram/deliveries?chat_id=${CHAT}`)).json()).toEqual({ items: [] });
  });

  it('refuses a second group for the same chat (409 naming chat_id)', async () => {
    const res = await call('POST', '/telegram/group', 'ktbl', { chat_id: CHAT, title: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('body.chat_id');
  });
});

describe('scope, roles and bad input', () => {
  it("another company's group and sites are 404; an operator sees every company", async () => {
    expect((await call('GET', `/telegram/group/details?chat_id=${CHAT}`, 'ftb')).statusCode).toBe(404);
    expect((await call('DELETE', `/telegram/group?chat_id=${CHAT}`, 'ftb')).statusCode).toBe(404);
    expect((await call('GET', '/telegram/group?company_id=ktbl', 'ftb')).statusCode).toBe(404);
    expect((await call('GET', '/telegram/group', 'ftb')).json().items).toEqual([]);
    const foreignSite = await call('POST', '/telegram//site', 'ktbl', { chat_id: CHAT, site_uids: [FT1] });
    expect(foreignSite.statusCode).toBe(404);
    const admin = (await call('GET', '/telegram/group', 'admin')).json();
    expect(admin.items.map((g: { chat_id: number }) => g.chat_id)).toContain(CHAT);
    const noCompany = await call('POST', '/telegram/group', 'admin', { chat_id: -42, title: 'x' });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().field).toBe('body.company_id');
  });

  it('needs the telegram role; read-only callers are refused writes with the spec text', async () => {
    expect((await call('GET', '/telegram/group', 'ktbl.rms')).statusCode).toBe(403);
    const ro = await call('POST', '/telegram/group', 'noc', { chat_id: -5, title: 'x' });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe(
      "Sorry! You don't have the necessary permission to manage messaging groups.",
    );
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [Method, string, object | undefined, string][] = [
      ['GET', '/telegram/group/details?chat_id=abc', undefined, 'query.chat_id'],
      ['GET', '/telegram/group/details?chat_id=0', undefined, 'query.chat_id'],
      ['POST', '/telegram/group', { chat_id: -7, title: '' }, 'body.title'],
      ['POST', '/telegram//site', { chat_id: CHAT, site_uids: [] }, 'body.site_uids'],
      ['PATCH', `/telegram/group?chat_id=${CHAT}`, { status: 'paused' }, 'body.status'],
      ['PUT', `/telegram/alarm-settings?chat_id=${CHAT}`, { alarm_ids: ['nope'] }, 'body.alarm_ids.0'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, 'ktbl', body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
  });

  it('link code: a one-time code for signed-in users, refused to read-only', async () => {
    const code = await call('POST', '/telegram/link-code', 'ktbl.employee', {});
    expect(code.statusCode).toBe(200);
    expect(code.json().code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await call('GET', '/telegram/link', 'ktbl.employee')).json()).toMatchObject({
      linked: false,
      notifications_enabled: false,
    });
    expect((await call('POST', '/telegram/link-code', 'noc', {})).statusCode).toBe(403);
  });

  it('deletes a group', async () => {
    expect((await call('DELETE', `/telegram/group?chat_id=${CHAT}`)).json()).toEqual({ deleted: true });
    expect((await call('GET', `/telegram/group/details?chat_id=${CHAT}`)).statusCode).toBe(404);
  });
});
