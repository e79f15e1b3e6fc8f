/**
 * Service string and refused messages per device (docs/requirements.md#service-string,
 * docs/requirements.md#device-monitoring): a status message's `service` is stored on the device; a
 * refused message is counted for its device and reason and reaches GET /user/health/list after the
 * flush.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import { flushDeviceRejections } from './device-rejections.ts';
import type { IngestRole } from './ingest-role.ts';
import { type BuiltSite, buildSite } from './test-fixtures.ts';

let t: TestServer;
let role: IngestRole;
let site: BuiltSite;

beforeAll(async () => {
  t = await startTestServer();
  role = await startTestIngestRole(t, {
    deviceRate: deviceRateLimit(10),
  });
  site = await buildSite(t.pool, { companyId: 'ktbl' });
});
afterAll(async () => {
  await role?.stop();
  await t?.close();
});

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const health = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/user/health/list?q=${site.comId}`,
      headers: await t.auth('admin'),
    })
  ).json().items[0];

describe('device service and refusals', () => {
  it('stores the service of a status message and counts refusals per device and reason', async () => {
    const c = await mqtt.connectAsync(role.brokerUrl, {
      clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
      username: site.comId,
      password: site.password,
      reconnectPeriod: 0,
    });
    const service = { model: 'RMS-4G', uptime_s: 90_061, rssi_dbm: -71, last_error: null };
    await c.publishAsync(
      deviceTopics.status(site.comId),
      JSON.stringify({ online: true, fw: '2.4.1', service }),
      {
        qos: 1,
        retain: true,
      },
    );
    await c.publishAsync(deviceTopics.pins(site.comId), 'not json', { qos: 1 });
    await c.publishAsync(
      deviceTopics.pins(site.comId),
      JSON.stringify({ msg_id: 'x', ts: 1, readings: [] }),
      { qos: 1 },
    );
    await c.endAsync();
    await role.pipeline.idle();
    await waitFor(async () => t.container.ingestMetrics.byDevice.get(site.comId)?.size === 2);
    expect(await flushDeviceRejections(t.pool, t.container.ingestMetrics)).toBe(2);
    expect(t.container.ingestMetrics.byDevice.size).toBe(0);
    const d = await waitFor(async () => {
      const item = await health();
      return item?.service ? item : null;
    });
    expect(d.service).toBe('model=RMS-4G; fw=2.4.1; up=1d 1h 1m; rssi=-71 dBm; err=none');
    expect(d.rejected).toEqual({ invalid_json: 1, invalid_payload: 1 });
    expect(d.rejectedTotal).toBe(2);
    // A second flush adds to the stored counts.
    t.container.ingestMetrics.byDevice.set(
      site.comId,
      new Map([['invalid_json', { count: 3, lastAt: new Date(), lastError: 'x' }]]),
    );
    await flushDeviceRejections(t.pool, t.container.ingestMetrics);
    expect((await health()).rejected.invalid_json).toBe(4);
  });
});
