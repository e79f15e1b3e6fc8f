/**
 * GET /user/site/fetch in its two forms: the full item (alarms with every detail, more_details,
 * settings, inc, bms) and the lean list item (`lean=true`: brief alarms, no free-form fields);
 * `with_devices` fills `devices` in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildAlarm(t.pool, {
    siteUid: KT1,
    alarmId: 'mains_fail',
    tenant: 'banglalink',
    lastEventAt: new Date(t.clock.now().getTime() - 60_000),
  });
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

type Item = Record<string, unknown> & { uid: string; devices: string[]; alarms: Record<string, unknown>[] };
const BRIEF_ALARM_KEYS = ['id', 'isAvailable', 'isDisable', 'isNormal', 'lastEvent', 'tenant'];

describe('GET /user/site/fetch forms', () => {
  it('the full item carries every alarm detail and the free-form fields; devices only with with_devices', async () => {
    const full = (await get(`/user/site/fetch?site_uid=${KT1}&with_devices=true`)).json<{ items: Item[] }>();
    const site = full.items[0];
    expect(site?.devices).toEqual(['RMS-KT1']);
    for (const key of ['more_details', 'settings', 'inc', 'bms']) expect(site).toHaveProperty(key);
    const alarm = site?.alarms.find((a) => a.id === 'mains_fail');
    expect(alarm).toMatchObject({ group: 'Power', tenant: 'banglalink', isNormal: false });
    expect(Object.keys(alarm ?? {})).toEqual(
      expect.arrayContaining(['raisedAt', 'clearedAt', 'acknowledgedBy', 'value']),
    );
    const withoutRes = await get(`/user/site/fetch?site_uid=${KT1}`);
    expect(withoutRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const without = withoutRes.json<{ items: Item[] }>();
    expect(without.items[0]?.devices).toEqual([]);
  });

  it('the lean item has the same sites, order and alarm states, brief alarms and no free-form fields', async () => {
    const full = (await get('/user/site/fetch?limit=3000&with_devices=true')).json<{
      items: Item[];
      total: number;
    }>();
    const leanRes = await get('/user/site/fetch?limit=3000&with_devices=true&lean=true');
    expect(leanRes.statusCode).toBe(200);
    expect(leanRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const lean = leanRes.json<{ items: Item[]; total: number }>();
    expect(lean.total).toBe(full.total);
    expect(lean.items.map((s) => s.uid)).toEqual(full.items.map((s) => s.uid));
    for (const [i, site] of lean.items.entries()) {
      const whole = full.items[i];
      for (const key of ['more_details', 'settings', 'inc', 'bms']) expect(site).not.toHaveProperty(key);
      expect(site.devices).toEqual(whole?.devices);
      expect(site.status).toBe(whole?.status);
      expect(site.rectifier).toEqual(whole?.rectifier);
      expect(site.dc_load).toEqual(whole?.dc_load);
      expect(site.meta).toEqual(whole?.meta);
      for (const alarm of site.alarms) expect(Object.keys(alarm).sort()).toEqual(BRIEF_ALARM_KEYS);
      expect(site.alarms).toEqual(
        whole?.alarms.map((a) => Object.fromEntries(BRIEF_ALARM_KEYS.map((key) => [key, a[key]]))),
      );
    }
    expect(lean.items.find((s) => s.uid === KT1)?.devices).toEqual(['RMS-KT1']);
    // The point of the lean form: a smaller reply (how much smaller depends on the alarms per site).
    expect(leanRes.body.length).toBeLessThan(JSON.stringify(full).length);
  });

  it('lean without with_devices leaves devices empty; a bad lean flag is a 400 naming it', async () => {
    const lean = (await get(`/user/site/fetch?site_uid=${KT1}&lean=true`)).json<{ items: Item[] }>();
    expect(lean.items[0]?.devices).toEqual([]);
    const bad = await get('/user/site/fetch?lean=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lean');
  });

  it("another company's site is a 404 with its message in both forms (errors keep the error reply)", async () => {
    for (const lean of [false, true]) {
      const res = await get(`/user/site/fetch?site_uid=${FT1}&lean=${lean}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Site not found' });
    }
  });

  it('the lean form keeps the tenant filtering of alarms', async () => {
    const lean = (await get(`/user/site/fetch?site_uid=${KT1}&lean=true`, 'robi.viewer')).json<{
      items: Item[];
    }>();
    expect(lean.items[0]?.tenants).toEqual(['robi']);
    expect(lean.items[0]?.alarms.map((a) => a.tenant)).not.toContain('banglalink');
  });
});
