/**
 * HTTP ingest with a vendor API token: readings pushed over HTTPS become the same alarm and events as
 * over MQTT (same pipeline, de-duplicated by msg_id); a revoked or expired token is refused at once;
 * another vendor's device is refused and counted.
 */
import { deviceRateLimit } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../../test/harness.ts';
import type { IngestRole } from '../../ingest/ingest-role.ts';
import { type BuiltSite, buildSite } from '../../ingest/test-fixtures.ts';

let t: TestServer;
let role: IngestRole;
let site: BuiltSite;
let other: BuiltSite;
let token: string;
let tokenId: string;

const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth('admin'), ...(payload ? { payload } : {}) });
const push = (bearer: string, messages: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/urms/ingest/messages',
    headers: { authorization: `Bearer ${bearer}` },
    payload: { messages },
  });
let seq = 0;
const pins = (comId: string, readings: Record<string, number>, msgId = `h${++seq}`) => ({
  com_id: comId,
  kind: 'pins',
  payload: {
    msg_id: msgId,
    ts: t.clock.now().getTime(),
    readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
  },
});

beforeAll(async () => {
  t = await startTestServer();
  role = await startTestIngestRole(t, {
    deviceRate: deviceRateLimit(100_000),
  });
  t.container.deviceInbox.attach(role.pipeline);
  site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
  other = await buildSite(t.pool, { companyId: 'ftb', tenants: ['banglalink'] });
  await t.pool.query(`update devices set vendor = 'vendor-hsl' where com_id = $1`, [site.comId]);
  await t.pool.query(`update devices set vendor = 'vendor-voltguard' where com_id = $1`, [other.comId]);
  const issued = (await admin('POST', '/urms/admin/generate-api-token', { vendor_uid: 'vendor-hsl' })).json();
  token = issued.token;
  tokenId = issued.info.id;
});
afterAll(async () => {
  t?.container.deviceInbox.attach(null);
  await role?.stop();
  await t?.close();
});

describe('HTTP ingest', () => {
  it('turns pushed readings into the alarm and events, like MQTT, once per msg_id', async () => {
    const normal = pins(site.comId, { am1: 231, am2: 229, am3: 230, am4: 53.2 });
    const fail = pins(site.comId, { am1: 0, am2: 0, am3: 0 });
    const res = await push(token, [normal, fail]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, refused: [] });
    // Answered once committed: the alarm is there without waiting.
    const alarm = await t.pool.query(
      `select is_normal from alarms where site_uid = $1 and alarm_id = 'mains_fail' and tenant = 'robi'`,
      [site.siteUid],
    );
    expect(alarm.rows[0]?.is_normal).toBe(false);
    const names = async () =>
      (
        await t.pool.query('select name from events where site_uid = $1 order by name', [site.siteUid])
      ).rows.map((r) => r.name);
    expect(await names()).toEqual(['battery_power', 'mains_fail', 'mains_outage']);
    // The same messages again: de-duplicated by (com_id, msg_id).
    expect((await push(token, [normal, fail])).json().accepted).toBe(2);
    expect(await names()).toEqual(['battery_power', 'mains_fail', 'mains_outage']);
  });

  it("refuses another vendor's device, unknown devices and bad payloads, and counts them", async () => {
    const res = await push(token, [
      pins(other.comId, { am1: 0 }),
      pins('NO-SUCH-DEVICE', { am1: 0 }),
      { com_id: site.comId, kind: 'pins', payload: { msg_id: 'x' } },
      pins(site.comId, { am6: 30 }),
    ]);
    expect(res.json()).toEqual({
      accepted: 1,
      refused: [
        { index: 0, com_id: other.comId, reason: 'forbidden_topic' },
        { index: 1, com_id: 'NO-SUCH-DEVICE', reason: 'unknown_device' },
        { index: 2, com_id: site.comId, reason: 'invalid_payload' },
      ],
    });
    const other_ = await t.pool.query('select count(*)::int as n from events where site_uid = $1', [
      other.siteUid,
    ]);
    expect(other_.rows[0].n).toBe(0);
    const listed = (await admin('GET', '/urms/admin/api-tokens?vendor_uid=vendor-hsl')).json();
    const info = listed.items.find((x: { id: string }) => x.id === tokenId);
    expect(info).toMatchObject({ accepted: 5, rejected: 3 });
    expect(info.last_used_at).not.toBeNull();
  });

  it('takes a newly bound and configured device at once (the site is reloaded in ingest)', async () => {
    const { device } = (await admin('POST', '/user/device/save', { vendor: 'vendor-hsl' })).json();
    // Unbound: the pipeline knows no site for it (and caches that).
    await push(token, [pins(device.com_id, { di1: 1 })]);
    await admin('POST', '/user/device/bind', { com_id: device.com_id, site_uid: site.siteUid });
    const saved = await admin('POST', '/user/device/save-config', {
      site_uid: site.siteUid,
      com_id: device.com_id,
      pin_name: 'di9',
      type: 'smoke_detector',
    });
    expect(saved.statusCode).toBe(200);
    expect((await push(token, [pins(device.com_id, { di9: 1 })])).json().accepted).toBe(1);
    const smoke = await t.pool.query(`select name from events where site_uid = $1 and com_id = $2`, [
      site.siteUid,
      device.com_id,
    ]);
    expect(smoke.rows.map((r) => r.name)).toEqual(['smoke_detection']);
  });

  it('answers 401 at once for a revoked, expired, malformed or unknown token', async () => {
    const { token: second, info } = (
      await admin('POST', '/urms/admin/generate-api-token', {
        vendor_uid: 'vendor-hsl',
        expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      })
    ).json();
    expect((await push(second, [pins(site.comId, { am6: 31 })])).statusCode).toBe(200);
    t.clock.advance(61_000);
    const expired = await push(second, [pins(site.comId, { am6: 32 })]);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('The vendor API token has expired');
    expect(info.id).not.toBe(tokenId);

    await admin('POST', '/urms/admin/revoke-api-token', { id: tokenId });
    const revoked = await push(token, [pins(site.comId, { am6: 33 })]);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('The vendor API token was revoked');
    const forged = `${token.slice(0, 17)}${'A'.repeat(43)}`;
    expect((await push(forged, [pins(site.comId, { am6: 34 })])).statusCode).toBe(401);
    expect((await push('not-a-token', [pins(site.comId, { am6: 34 })])).statusCode).toBe(401);
    expect((await push(await t.tokenFor('admin'), [pins(site.comId, { am6: 34 })])).statusCode).toBe(401);
  });
});
