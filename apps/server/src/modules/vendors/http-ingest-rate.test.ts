/**
 * Issue 34 (4): HTTP ingest holds each device to the device protocol's message rate, like every other
 * way in (docs/device-protocol.md §9, the domain's `DEVICE_MESSAGE_RATE`), by the messages' own `ts`:
 * a burst of 500 + 500 messages of one device is limited to the burst, the excess refused as
 * `rate_limited` (in the reply and the ingest metrics) and never stored; a vendor cloud pushing a
 * device's stored backlog at the legal rate is not limited, however fast it posts.
 */
import { deviceRateLimit } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { IngestRole } from '../../ingest/ingest-role.ts';
import { type BuiltSite, buildSite } from '../../ingest/test-fixtures.ts';

let t: TestServer;
let role: IngestRole;
let token: string;

const push = (messages: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/urms/ingest/messages',
    headers: { authorization: `Bearer ${token}` },
    payload: { messages },
  });
const pins = (comId: string, msgId: string, ts: number) => ({
  com_id: comId,
  kind: 'pins',
  payload: { msg_id: msgId, ts, readings: [{ pin: 'am6', value: 30 }] },
});
const storedOf = async (comId: string) =>
  (
    await t.pool.query<{ n: number }>('select count(*)::int as n from ingest_messages where com_id = $1', [
      comId,
    ])
  ).rows[0]?.n ?? 0;

async function vendorSite(): Promise<BuiltSite> {
  const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
  await t.pool.query(`update devices set vendor = 'vendor-hsl' where com_id = $1`, [site.comId]);
  return site;
}

beforeAll(async () => {
  t = await startTestServer();
  // The documented default rate: 10 messages/s per device, bursts of 100.
  role = await startTestIngestRole(t);
  t.container.deviceInbox.attach(role.pipeline);
  const res = await t.app.inject({
    method: 'POST',
    url: '/urms/admin/generate-api-token',
    headers: await t.auth('admin'),
    payload: { vendor_uid: 'vendor-hsl' },
  });
  token = res.json().token;
});
afterAll(async () => {
  t?.container.deviceInbox.attach(null);
  await role?.stop();
  await t?.close();
});

describe('HTTP ingest: the device message rate', () => {
  it('limits 500 + 500 messages of one device to the burst, refused as rate_limited', async () => {
    const limit = deviceRateLimit();
    const site = await vendorSite();
    const now = t.clock.now().getTime();
    const before = t.container.ingestMetrics.rejected.rate_limited;
    const first = await push(Array.from({ length: 500 }, (_, i) => pins(site.comId, `b1-${i}`, now)));
    expect(first.statusCode).toBe(200);
    const second = await push(Array.from({ length: 500 }, (_, i) => pins(site.comId, `b2-${i}`, now)));
    expect(second.statusCode).toBe(200);
    const [a, b] = [first.json(), second.json()];
    expect(a.accepted).toBe(limit.burst);
    expect(a.refused).toHaveLength(500 - limit.burst);
    expect(a.refused[0]).toEqual({ index: limit.burst, com_id: site.comId, reason: 'rate_limited' });
    expect(b.accepted).toBe(0);
    expect(b.refused.every((r: { reason: string }) => r.reason === 'rate_limited')).toBe(true);
    expect(t.container.ingestMetrics.rejected.rate_limited - before).toBe(1000 - limit.burst);
    expect(await storedOf(site.comId)).toBe(limit.burst);
  });

  it("does not limit a device's backlog at the legal rate of its own clock", async () => {
    const site = await vendorSite();
    // 1,000 readings 100 ms apart (10/s), from 10 minutes ago: two requests, at once.
    const from = t.clock.now().getTime() - 600_000;
    const before = t.container.ingestMetrics.rejected.rate_limited;
    for (const part of [0, 1]) {
      const res = await push(
        Array.from({ length: 500 }, (_, i) =>
          pins(site.comId, `k${part}-${i}`, from + (part * 500 + i) * 100),
        ),
      );
      expect(res.json()).toEqual({ accepted: 500, refused: [] });
    }
    expect(t.container.ingestMetrics.rejected.rate_limited - before).toBe(0);
    expect(await storedOf(site.comId)).toBe(1000);
  });
});
