/**
 * The one rule for down and offline time (issue 36, docs/requirements.md#down-offline-rule), checked
 * on one robi-only site and one Asia/Dhaka day: a tenant-less site_down is the site's, so it counts in
 * the SLA of every tenant (as a device offline is a gap for every tenant); and a device-offline stretch
 * is unknown time everywhere — left out of the outage, the on-battery, the down and the possible time
 * alike by the mains report, /mains/analytics/availability and /battery/analytics/availability.
 */
import { availabilityPercent } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDownPeriod, buildEvent, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

const at = (local: string) => new Date(`${local}+06:00`);
const SITE = 'RULE-ROBI-1';
const DAY = '2026-11-19';
let t: TestServer;

async function period(name: string, tenant: string, from: string, until: string) {
  await buildEvent(t.pool, { siteUid: SITE, name, tenant, time: at(`${DAY}T${from}`), active: true });
  await buildEvent(t.pool, { siteUid: SITE, name, tenant, time: at(`${DAY}T${until}`), active: false });
}

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(at('2026-11-20T12:00'));
  await buildSite(t.pool, { uid: SITE, tenants: ['robi'] });
  await t.pool.query(`update sites set created_at = '2026-01-01T00:00:00+06:00' where uid = $1`, [SITE]);
  // Mains off 08:00–14:50 (410 min), 60 of them while the device was offline (10:00–11:00).
  await period('mains_fail', 'robi', '08:00', '14:50');
  await period('battery_power', 'robi', '08:00', '14:50');
  await period('device_offline', '', '10:00', '11:00');
  // The battery ran flat: the site was down 14:30–14:50 (20 min), a site-wide (tenant-less) row.
  await period('site_down', '', '14:30', '14:50');
  await buildDownPeriod(t.pool, SITE, at(`${DAY}T14:30`), at(`${DAY}T14:50`));
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: await t.auth('ktbl') })).json();

describe('down and offline time: one rule', () => {
  it("counts a tenant-less site_down in a robi-only site's SLA", async () => {
    const body = await get(`/analytics/sla-report?month=2026-11&tenant=robi&target=99.99`);
    const row = body.breaches.find((b: { siteUid: string }) => b.siteUid === SITE);
    expect(row).toMatchObject({ outageMinutes: 20, outages: 1, gapMinutes: 60 });
    const possible = 19 * 1440 + 12 * 60 - 60;
    expect(row.availability).toBe(availabilityPercent(20, possible));
  });

  it('leaves the offline stretch out of the mains report and both availability calls alike', async () => {
    const report = await get(`/analytics/mains-report?from_time=${DAY}&until_time=${DAY}&site_uid=${SITE}`);
    const site = report.sites[0];
    expect(site).toMatchObject({ outageMinutes: 350, gapMinutes: 60, possibleMinutes: 1380 });
    const mains = await get(`/mains/analytics/availability?site_uid=${SITE}&date=${DAY}`);
    expect(mains).toMatchObject({ mainsOffSeconds: 350 * 60, gapSeconds: 3600 });
    expect(mains.availability).toBe(site.availabilityPct);
    const battery = await get(`/battery/analytics/availability?site_uid=${SITE}&date=${DAY}`);
    expect(battery).toMatchObject({
      onBatterySeconds: 350 * 60,
      downSeconds: 20 * 60,
      downWhileOnBatterySeconds: 20 * 60,
      gapSeconds: 3600,
      batteryAvailability: availabilityPercent(20, 350),
      siteAvailability: availabilityPercent(20, 1380),
    });
  });
});
