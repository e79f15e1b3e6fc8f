/**
 * Battery classes of the dashboard counts are one SQL aggregate per scope: these tests compare them
 * with the rule applied site by site in JavaScript (lowest counted reading of the caller's tenants'
 * battery pins, the site's DC low-voltage threshold read by the settings parser, the domain's
 * `batteryClass`) for several users and filters, with thresholds set in every accepted shape.
 */
import type { DashboardCountQuery } from '@towerwatch/contract';
import { batteryClass } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPin, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet } from '../../../test/two-company-fleet.ts';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import { buildCaller, type Caller } from '../../auth/caller.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

let t: TestServer;

/** Sites with a battery reading and their thresholds: [uid, settings, volts per tenant pin]. */
const SITES: [string, Record<string, unknown>, [string | null, number][]][] = [
  ['B-default-full', {}, [[null, 53.5]]],
  ['B-default-bad', {}, [[null, 46.9]]],
  // 48 V is "ok" by default; these thresholds make it "bad" (nested, flat, as a string).
  ['B-nested', { thresholds: { dc_low_voltage: 48.5 } }, [[null, 48]]],
  ['B-flat', { dc_low_voltage_threshold: 49 }, [[null, 48]]],
  ['B-string', { dc_low_voltage_threshold: ' 48.5 ' }, [[null, 48]]],
  // Unreadable values fall back to the default (47 V): 48 V stays "ok".
  ['B-junk', { thresholds: { dc_low_voltage: 'low' }, dc_low_voltage_threshold: null }, [[null, 48]]],
  ['B-array', { thresholds: [1, 2] }, [[null, 46]]],
  // A threshold above the "ok" limit: 51 V is "bad" there.
  ['B-high', { thresholds: { dc_low_voltage: 52 } }, [[null, 51]]],
  // The lowest reading counts, of the pins the caller's tenants may see; negative readings are left out.
  [
    'B-tenants',
    {},
    [
      ['robi', 52],
      ['banglalink', 46],
      [null, -1],
    ],
  ],
  ['B-negative', {}, [[null, -5]]],
];

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  for (const [uid, settings, pins] of SITES) {
    await buildSite(t.pool, { uid, settings, tenants: ['banglalink', 'robi'] });
    let i = 0;
    for (const [tenant, value] of pins) {
      i += 1;
      await buildPin(t.pool, {
        comId: `RMS-${uid}`,
        siteUid: uid,
        pinName: `am${i}`,
        type: 'battery_terminal',
        tenant,
        value,
      });
    }
  }
});
afterAll(async () => {
  await t?.close();
});

async function callerOf(username: string): Promise<Caller> {
  const user = await t.container.repos.users.findByUsername(username);
  if (!user) throw new Error(`no user ${username}`);
  return buildCaller(user, 'sid', new Date(Date.now() + 3_600_000));
}

/** The classes computed site by site in JavaScript (the computation the aggregate replaced). */
async function siteBySite(caller: Caller, tenant?: string) {
  const p = sqlParams();
  const { rows } = await t.pool.query<{ volts: number; settings: unknown }>(
    `select min(pl.value)::float8 as volts, s.settings
       from sites s join pin_configs pc on pc.site_uid = s.uid and pc.type = 'battery_terminal'
       join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
      where pl.value >= 0 and ${siteScope(caller, p, 's')}
        and (pc.tenant is null or pc.tenant = any(${p.add(caller.allowedTenants)}::text[]))
        ${tenant ? `and ${p.add(tenant)} = any(s.tenants) and (pc.tenant is null or pc.tenant = ${p.add(tenant)})` : ''}
      group by s.uid, s.settings`,
    p.values,
  );
  const counts = { full: 0, good: 0, ok: 0, bad: 0 };
  for (const r of rows)
    counts[batteryClass(r.volts, parseSiteAlarmSettings(r.settings).thresholds.dcLowVoltage)] += 1;
  return counts;
}

const fresh = async (caller: Caller, tenant?: DashboardCountQuery['tenant']) =>
  (await t.container.services.network.counts.statusCounts(caller, { tenant }, { battery: 'fresh' })).battery;

describe('battery classes (one SQL aggregate)', () => {
  it('equal the rule applied site by site, for every user and tenant filter', async () => {
    for (const [user, tenant] of [
      ['admin', undefined],
      ['ktbl', undefined],
      ['ktbl', 'robi'],
      ['ktbl', 'banglalink'],
      ['robi.viewer', undefined],
      ['ftb', undefined],
    ] as const) {
      const caller = await callerOf(user);
      expect(await fresh(caller, tenant), `${user} ${tenant ?? ''}`).toEqual(
        await siteBySite(caller, tenant),
      );
    }
  });

  it('class each threshold shape as the settings parser reads it', async () => {
    const ktbl = await callerOf('ktbl');
    // Fixture sites (3 × 51.2 V: 2 of ktbl "good"); B-*: see SITES.
    expect(await fresh(ktbl)).toEqual({ full: 1, good: 2, ok: 1, bad: 7 });
    // The robi pins only: B-tenants reads 52 V ("good").
    expect((await fresh(ktbl, 'robi')).good).toBe(3);
  });

  it('follow a changed threshold and a new reading on the next fresh count', async () => {
    const ktbl = await callerOf('ktbl');
    await t.pool.query(
      `update sites set settings = '{"dc_low_voltage_threshold": 47.5}' where uid = 'B-flat'`,
    );
    await t.pool.query(`update pin_latest set value = 54 where com_id = 'RMS-B-default-bad'`);
    expect(await fresh(ktbl)).toEqual(await siteBySite(ktbl));
    expect(await fresh(ktbl)).toEqual({ full: 2, good: 2, ok: 2, bad: 5 });
  });
});
