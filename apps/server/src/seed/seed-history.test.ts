/** The demo power history seeded on first start: telemetry, rollups and events the power calls read. */
import { buildDemoFleet } from '@towerwatch/fleet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { seedPowerHistory } from './seed-history.ts';

let t: TestServer;
const fleet = buildDemoFleet();
const dgSite = fleet.sites.find((s) => s.has_dg && s.company === 'ktbl');

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('seedPowerHistory', () => {
  it('back-fills a week of a site: run hours, voltage profile, health history and events answer with data', async () => {
    if (!dgSite) throw new Error('no ktbl DG site');
    const small = { ...fleet, sites: [dgSite] };
    const res = await seedPowerHistory(t.pool, { now: t.clock.now(), fleet: small, days: 7 });
    expect(res).toMatchObject({ sites: 1 });
    expect(res.telemetryRows).toBeGreaterThan(250);
    expect(res.hourlyRows).toBeGreaterThan(100);
    expect(res.events).toBeGreaterThan(0);
    const headers = await t.auth('ktbl');
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();
    const from = new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const until = t.clock.now().toISOString().slice(0, 10);
    const run = await get(
      `/dg/api/run-hours?siteUid=${dgSite.uid}&event=dg_power&fromDate=${from}&untilDate=${until}`,
    );
    expect(run.totalHours).toBeGreaterThan(0);
    const profile = await get(`/battery/voltage/profile?siteUid=${dgSite.uid}&comId=${dgSite.com_id}`);
    expect(profile.points.length).toBeGreaterThan(200);
    const health = await get(
      `/battery/health-history?comId=${dgSite.com_id}&value=52&fromDate=${from}&untilDate=${until}`,
    );
    expect(health.points.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBeGreaterThan(
      800,
    ) /* 6 rolled-up days × 96 samples + 24 h × 12 */;
    const mains = await get(`/mains/event/fetch?site_uid=${dgSite.uid}`);
    expect(mains.items.length).toBeGreaterThan(0);
  });
});
