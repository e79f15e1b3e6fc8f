/**
 * Event pages say whether a raise event's alarm is still raised (issue 37: the site alarm page showed
 * "ACTIVE AC Line Fail" with Acknowledge next to "0 active alarms" and a later clear): `alarmState`
 * and `clearedAt` on the raise events of alarms, null on other events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';

const at = (m: number) => new Date(Date.UTC(2026, 2, 1, 10, m));

let t: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // AC line fail (mains_outage) raised at 10:00 and cleared at 10:12; raised again at 10:30 (now).
  ids.first = await buildEvent(t.pool, { siteUid: KT1, name: 'mains_outage', tenant: 'robi', time: at(0) });
  ids.clear = await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'mains_outage',
    tenant: 'robi',
    time: at(12),
    active: false,
  });
  ids.second = await buildEvent(t.pool, { siteUid: KT1, name: 'mains_outage', tenant: 'robi', time: at(30) });
  // A door opened and closed; a raise whose alarm cleared without a clear event (paused meanwhile).
  ids.door = await buildEvent(t.pool, { siteUid: KT1, name: 'door_open', group: 'ACS', time: at(40) });
  await buildEvent(t.pool, { siteUid: KT1, name: 'door_close', group: 'ACS', time: at(41), active: false });
  ids.temp = await buildEvent(t.pool, { siteUid: KT1, name: 'high_temperature', time: at(50) });
  ids.dg = await buildEvent(t.pool, { siteUid: KT1, name: 'fuel_refill', time: at(55) });
  await t.pool.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal, raised_at, cleared_at) values
       ($1, 'ac_line_fail', 'robi', false, $2, null),
       ($1, 'door_status', '', true, $3, $4),
       ($1, 'high_temperature', '', true, $5, $6)`,
    [KT1, at(30), at(40), at(41), at(50), at(58)],
  );
});
afterAll(async () => {
  await t?.close();
});

type Item = { id: number; alarmState?: string | null; clearedAt?: string | null };

describe('GET /user/site/events: raised → cleared', () => {
  it('marks each raise event of an alarm active or cleared (with when), others null', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/user/site/events?site_uid=${KT1}`,
      headers: await t.auth('ktbl'),
    });
    const items: Item[] = res.json().items;
    const of = (k: string) => {
      const e = items.find((i) => i.id === ids[k]);
      return [e?.alarmState, e?.clearedAt];
    };
    expect(of('first')).toEqual(['cleared', at(12).toISOString()]);
    expect(of('second')).toEqual(['active', null]);
    expect(of('clear')).toEqual([null, null]);
    expect(of('door')).toEqual(['cleared', at(41).toISOString()]);
    expect(of('temp')).toEqual(['cleared', at(58).toISOString()]);
    expect(of('dg')).toEqual([null, null]);
  });

  it('network events carry the same state', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/network/events',
      headers: await t.auth('ktbl'),
    });
    const items: Item[] = res.json().items;
    expect(items.find((i) => i.id === ids.first)).toMatchObject({ alarmState: 'cleared' });
    expect(items.find((i) => i.id === ids.second)).toMatchObject({ alarmState: 'active' });
  });
});
