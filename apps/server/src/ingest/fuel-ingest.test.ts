/**
 * Fuel theft through the real ingest path (docs/requirements.md#fuel-theft): a device publishes its
 * fuel level over MQTT; a sustained drop with the DG off writes `fuel_theft_suspected` with the litres,
 * raises the alarm and shows in GET /fuel/events and /fuel/fleet; a refill writes `fuel_refill`.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit } from '@towerwatch/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, startTestIngestRole } from '../../test/harness.ts';
import type { IngestRole } from './ingest-role.ts';
import { buildSite } from './test-fixtures.ts';

let t: TestServer;
let role: IngestRole;
let dev: MqttClient;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await startTestServer();
  role = await startTestIngestRole(t, {
    deviceRate: deviceRateLimit(100_000),
  });
});
afterAll(async () => {
  await dev?.endAsync(true);
  await role?.stop();
  await t?.close();
});

describe('fuel theft and refill through ingest', () => {
  it('raises fuel_theft_suspected on a sustained drop with the DG off, then records the refill', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    await t.pool.query(`update sites set more_details = '{"fuel_tank_litres": 150}' where uid = $1`, [
      site.siteUid,
    ]);
    dev = await mqtt.connectAsync(role.brokerUrl, {
      clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
      username: site.comId,
      password: site.password,
      reconnectPeriod: 0,
    });
    const start = t.clock.now().getTime() - 60 * 60_000;
    let n = 0;
    const publish = async (minute: number, fuel: number) =>
      dev.publishAsync(
        deviceTopics.pins(site.comId),
        JSON.stringify({
          msg_id: `f${++n}`,
          ts: start + minute * 60_000,
          readings: [
            { pin: 'am1', value: 230 },
            { pin: 'am4', value: 53.5 },
            { pin: 'di3', value: 0 },
            { pin: 'am8', value: fuel },
          ],
        }),
        { qos: 1 },
      );
    // 20 minutes at 60 % ± noise, then 20 minutes at 40 %: 20 % of 150 L = 30 L gone with the DG off.
    for (let m = 0; m < 20; m++) await publish(m, 60 + ((m % 3) - 1) * 0.8);
    for (let m = 20; m < 40; m++) await publish(m, 40 + ((m % 3) - 1) * 0.8);
    const theft = await waitFor(async () => {
      const { rows } = await t.pool.query<{ value: number; active: boolean }>(
        `select value::text::float8 as value, active from events where site_uid = $1 and name = 'fuel_theft_suspected'`,
        [site.siteUid],
      );
      return rows[0];
    });
    expect(theft.active).toBe(true);
    // One drop is one event (the median moves in one jump, not through a half-way level).
    const { rows: thefts } = await t.pool.query(
      `select 1 from events where site_uid = $1 and name = 'fuel_theft_suspected'`,
      [site.siteUid],
    );
    expect(thefts).toHaveLength(1);
    expect(theft.value).toBeGreaterThan(25);
    expect(theft.value).toBeLessThan(35);
    const headers = await t.auth('ktbl');
    const fuelEvents = (await t.app.inject({ url: `/fuel/events?siteUid=${site.siteUid}`, headers })).json();
    expect(fuelEvents.items.map((e: { name: string }) => e.name)).toEqual(['fuel_theft_suspected']);
    const fleet = (await t.app.inject({ url: '/fuel/fleet', headers })).json();
    expect(fleet.items.find((i: { siteUid: string }) => i.siteUid === site.siteUid)).toMatchObject({
      theftSuspected: true,
      tankLitres: 150,
    });
    // A tanker fills it to 95 %.
    for (let m = 40; m < 55; m++) await publish(m, 95);
    const refill = await waitFor(async () => {
      const { rows } = await t.pool.query<{ value: number }>(
        `select value::text::float8 as value from events where site_uid = $1 and name = 'fuel_refill'`,
        [site.siteUid],
      );
      return rows[0];
    });
    expect(refill.value).toBeGreaterThan(78); // ≈ 55 % of 150 L (the median reference is noisy)
    expect(refill.value).toBeLessThan(86);
    const cleared = await t.pool.query<{ is_normal: boolean }>(
      `select is_normal from alarms where site_uid = $1 and alarm_id = 'fuel_theft_suspected'`,
      [site.siteUid],
    );
    expect(cleared.rows[0]?.is_normal).toBe(true);
  });
});
