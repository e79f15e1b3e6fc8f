/**
 * Rules that had two disagreeing copies before issue 11, pinned where a user sees them
 * (docs/decisions/one-home-per-rule.md):
 * - the DC overload default (60 A) a site gets when it sets no threshold of its own;
 * - the tenant rule's power set: tenant-less alarms of the Power group and tenant-less power events
 *   count as the first operator tenant (banglalink), other tenant-less rows stay site-wide.
 */
import { deviceTopics } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/ingest/test-fixtures.ts';
import { buildAlarm, buildEvent } from './factories.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { testPipeline } from './test-pipeline.ts';
import { buildTwoCompanyFleet, KT1 } from './two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('DC overload default (domain DEFAULT_DC_LOAD_LIMITS: above 60 A)', () => {
  let seq = 0;
  /** Sends one pins message of robi's critical battery current (am5) through the ingest pipeline. */
  async function ingestLoad(comId: string, amps: number): Promise<void> {
    const pipeline = testPipeline(t);
    const payload = JSON.stringify({
      msg_id: `load${++seq}`,
      ts: t.clock.now().getTime(),
      readings: [{ pin: 'am5', value: amps }],
    });
    pipeline.handle(deviceTopics.pins(comId), payload, () => {});
    await pipeline.idle();
  }
  async function dcLoadOf(siteUid: string): Promise<unknown> {
    const res = await get(`/user/site/fetch?site_uid=${siteUid}`);
    expect(res.statusCode).toBe(200);
    return res.json().items[0]?.dc_load;
  }

  it('a site without its own threshold shows 80 A as OVER and 50 A as NORMAL', async () => {
    const over = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    await ingestLoad(over.comId, 80);
    expect(await dcLoadOf(over.siteUid)).toEqual([{ tenant: 'robi', value: 'OVER' }]);

    const normal = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    await ingestLoad(normal.comId, 50);
    expect(await dcLoadOf(normal.siteUid)).toEqual([{ tenant: 'robi', value: 'NORMAL' }]);
  });

  it("a site's own dc_overload_current threshold replaces the default", async () => {
    const site = await buildSite(t.pool, {
      companyId: 'ktbl',
      tenants: ['robi'],
      settings: { dc_overload_current_threshold: 100 },
    });
    await ingestLoad(site.comId, 80);
    expect(await dcLoadOf(site.siteUid)).toEqual([{ tenant: 'robi', value: 'NORMAL' }]);
  });
});

describe('tenant rule: the power set (domain POWER_ALARM_IDS, POWER_EVENT_NAMES)', () => {
  beforeAll(async () => {
    // KT-1 has tenants banglalink and robi; all rows below are tenant-less.
    for (const alarmId of ['device_online', 'dg_on', 'dc_fan_fault', 'mains_fail', 'door_status']) {
      await buildAlarm(t.pool, { siteUid: KT1, alarmId });
    }
    for (const name of ['rectifier_fail', 'device_offline', 'dc_fan_fault']) {
      await buildEvent(t.pool, { siteUid: KT1, name });
    }
  });

  it('a robi-only user does not see tenant-less Power-group alarms; site-wide ones stay visible', async () => {
    const res = await get(`/user/site/alarms?site_uid=${KT1}`, 'robi.viewer');
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((a: { id: string }) => a.id);
    expect(ids).toContain('door_status');
    for (const power of ['device_online', 'dg_on', 'dc_fan_fault', 'mains_fail']) {
      expect(ids).not.toContain(power);
    }
  });

  it('a user allowed banglalink sees the same tenant-less Power-group alarms, each in group Power', async () => {
    const items: { id: string; group: string }[] = (await get(`/user/site/alarms?site_uid=${KT1}`)).json()
      .items;
    const power = items.filter((a) =>
      ['device_online', 'dg_on', 'dc_fan_fault', 'mains_fail'].includes(a.id),
    );
    expect(power.map((a) => a.id).sort()).toEqual(['dc_fan_fault', 'device_online', 'dg_on', 'mains_fail']);
    expect(power.every((a) => a.group === 'Power')).toBe(true);
  });

  it('events narrowed to robi keep tenant-less non-power events and drop tenant-less power events', async () => {
    const robi = (await get(`/user/site/events?site_uid=${KT1}&tenant=robi`)).json();
    const names = robi.items.map((e: { name: string }) => e.name);
    expect(names).toContain('rectifier_fail');
    expect(names).toContain('dc_fan_fault');
    expect(names).not.toContain('device_offline');
    const bl = (await get(`/user/site/events?site_uid=${KT1}&tenant=banglalink`)).json();
    expect(bl.items.map((e: { name: string }) => e.name)).toContain('device_offline');
  });
});
