/**
 * Late data through the real ingest path (issue 36, docs/requirements.md#late-data): a device resends
 * two days of buffered readings after a reconnect (docs/device-protocol.md §9). Its hours are marked
 * dirty in the ingest's own statement, and the next rollup run recomputes exactly those: every figure
 * read from the hourly rollups (DG report mean load and fuel, temperature report max and mean, the
 * hourly series, battery health history) changes from "nothing" to the raw readings' values.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics } from '@towerwatch/contract';
import { deviceRateLimit, dgFuelLitres } from '@towerwatch/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../test/harness.ts';
import type { IngestRole } from '../ingest/ingest-role.ts';
import { type BuiltSite, buildSite } from '../ingest/test-fixtures.ts';
import { runHourlyRollups } from './rollup.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (local: string) => Date.parse(`${local}+06:00`);
/** "Now": 20 November, 12:00 Dhaka. The buffered day is 18 November, 10:00–14:00 Dhaka. */
const NOW = at('2026-11-20T12:00:00');
const LATE_FROM = at('2026-11-18T10:00:00');
const READINGS = 4 * 60; // one a minute for four hours

let t: TestServer;
let role: IngestRole;
let dev: MqttClient;
let site: BuiltSite;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reading i: bus 50 V ± 0.5, load 20 A, temperature 30 + i/60 °C (max 33.98), every 20th at 41 V. */
function reading(i: number) {
  return {
    msg_id: `late-${i}`,
    ts: LATE_FROM + i * MIN,
    readings: [
      { pin: 'am4', value: i % 20 === 0 ? 41 : 50 + (i % 2) * 0.5 },
      { pin: 'am5', value: 20 },
      { pin: 'am6', value: 30 + i / 60 },
      { pin: 'di3', value: 1 },
    ],
  };
}

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  role = await startTestIngestRole(t, { deviceRate: deviceRateLimit(100_000) });
  site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
  await t.pool.query(`update sites set created_at = $1 where uid = $2`, [
    new Date(NOW - 10 * 24 * HOUR),
    site.siteUid,
  ]);
  // The rollup is up to date before the device comes back.
  await runHourlyRollups(t.pool, t.clock);
});
afterAll(async () => {
  await dev?.endAsync(true);
  await role?.stop();
  await t?.close();
});

const RANGE = `from_time=2026-11-18&until_time=2026-11-18`;

describe('readings stored two days late', () => {
  it('are rolled up on the next run and every rollup-based figure follows them', async () => {
    const headers = await t.auth('ktbl');
    const report = async (kind: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/analytics/${kind}-report?${RANGE}&site_uid=${site.siteUid}`,
          headers,
        })
      ).json();
    const before = { dg: (await report('dg')).sites[0], temp: (await report('temperature')).sites[0] };
    expect(before.dg.meanLoadKw).toBeNull();
    expect(before.temp.maxC).toBeNull();

    dev = await mqtt.connectAsync(role.brokerUrl, {
      clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
      username: site.comId,
      password: site.password,
      reconnectPeriod: 0,
    });
    for (let i = 0; i < READINGS; i++)
      await dev.publishAsync(deviceTopics.pins(site.comId), JSON.stringify(reading(i)), { qos: 1 });
    await waitFor(async () => {
      const { rows } = await t.pool.query<{ n: number }>(
        'select count(*)::int as n from telemetry where com_id = $1',
        [site.comId],
      );
      return rows[0]?.n === READINGS;
    });

    // The next rollup run (no re-roll window): the four hours two days back are rolled up.
    await runHourlyRollups(t.pool, t.clock);
    const hours = await t.pool.query<{ n: number; count: number }>(
      `select count(distinct hour)::int as n, sum(count)::int as count from telemetry_hourly where com_id = $1 and pin_name = 'am6'`,
      [site.comId],
    );
    expect(hours.rows[0]).toEqual({ n: 4, count: READINGS });

    const values = Array.from({ length: READINGS }, (_, i) => reading(i).readings);
    const mean = (pin: string) =>
      values.reduce((s, r) => s + (r.find((x) => x.pin === pin)?.value ?? 0), 0) / READINGS;
    const dg = (await report('dg')).sites[0];
    const loadKw = (mean('am4') * mean('am5')) / 1000;
    expect(dg.meanLoadKw).toBe(Math.round(loadKw * 1000) / 1000);
    expect(dg.fuelLitres).toBe(dgFuelLitres(dg.dgRunHours, loadKw));
    const temp = (await report('temperature')).sites[0];
    expect(temp.maxC).toBe(Math.round((30 + (READINGS - 1) / 60) * 10) / 10);
    expect(temp.meanC).toBe(Math.round(mean('am6') * 10) / 10);

    // The hourly series and the health history read the same rollups.
    const series = (
      await t.app.inject({
        method: 'GET',
        url: `/battery/health-history?comId=${site.comId}&pinName=am4&fromDate=2026-11-18&untilDate=2026-11-18&zoom=1440&value=42`,
        headers,
      })
    ).json();
    expect(series.points.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBe(READINGS);
    expect(series.points.reduce((n: number, p: { beyond: number }) => n + p.beyond, 0)).toBe(READINGS / 20);
    // Nothing is left to recompute.
    const dirty = await t.pool.query('select 1 from telemetry_dirty_hours');
    expect(dirty.rows).toEqual([]);
  });
});
