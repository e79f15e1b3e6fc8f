/**
 * OEM calls (docs/requirements.md#oem-calls): latest records and history of a site, battery address,
 * OEM events paged below a cursor, active alarm counts; scope (another company's site is 404, an
 * operator sees every site), bad input 400 naming the field; the fleet's records for operators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { alarm, buildOemRecord, cells, moduleRecord } from './oem-fixtures.ts';

let t: TestServer;
const HOUR = 3_600_000;
let now: number;
const alarmIds: number[] = [];

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  now = t.clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const rec = (kind: string, hoursAgo: number, data: Record<string, unknown>, siteUid = KT1) =>
    buildOemRecord(t.pool, {
      siteUid,
      comId: siteUid === FT1 ? 'RMS-FT1' : 'RMS-KT1',
      kind,
      time: at(hoursAgo),
      data,
    });
  await rec('rectifier_info', 30, {
    rectifier_type: 'vertiv',
    model: 'NetSure 731',
    serial: 'VE1',
    firmware: '1.8.2',
    modules_installed: 2,
  });
  for (const h of [30, 10, 1])
    await rec('rectifier_measurement', h, {
      rectifier_type: 'vertiv',
      output_voltage: 53.5 - h / 100,
      load_current: 40,
      battery_current: 2,
      ac_input_voltage: 230,
      ac_frequency: 50,
      modules: [moduleRecord(1, 21), moduleRecord(2, 21)],
      clock: { year: 26, month: 3, date: 5, hour: 6, minute: 7, seconds: 8 },
      status_bits: 5,
    });
  await rec('rectifier_setting', 30, {
    rectifier_type: 'vertiv',
    float_voltage: 53.5,
    boost_voltage: 55.2,
    low_voltage_alarm: 47,
    llvd_voltage: 46,
    blvd_voltage: 43.2,
    battery_current_limit: 20,
  });
  // Alarm records: AC_FAIL raised at 5 h, BATT_LOW raised at 4 h, AC_FAIL cleared at 2 h; battery 2 raises CELL_UV.
  const rect = (h: number, ac: boolean, low: boolean) =>
    rec('rectifier_alarm', h, {
      rectifier_type: 'vertiv',
      alarms: [alarm('AC_FAIL', ac), alarm('BATT_LOW', low)],
    });
  alarmIds.push(await rect(6, false, false));
  alarmIds.push(await rect(5, true, false));
  alarmIds.push(await rec('bms_alarm', 4.5, { address: 2, alarms: [alarm('CELL_UV', true)] }));
  alarmIds.push(await rect(4, true, true));
  alarmIds.push(await rect(3, true, true));
  alarmIds.push(await rect(2, false, true));
  for (const [address, soh, h] of [
    [1, 91.2, 48],
    [1, 91, 1],
    [2, 80, 1],
  ] as const)
    await rec('bms_measurement', h, {
      address,
      soc: 96,
      soh,
      voltage: 53.4,
      current: 2.4,
      temperature: 30,
      cell_voltages: cells(3.34, address === 2 ? 5 : 0, address === 2 ? 3.25 : 3.33),
      cycle_count: 400,
    });
  await rec(
    'rectifier_info',
    2,
    { rectifier_type: 'eltek', model: 'Flatpack2', serial: 'EL1', firmware: '2.0', modules_installed: 3 },
    FT1,
  );
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('rectifier calls', () => {
  it('answer the latest records of the site', async () => {
    const info = (await get(`/oem/api/rectifier-info?siteUid=${KT1}`)).json();
    expect(info.info).toMatchObject({ model: 'NetSure 731', serial: 'VE1', comId: 'RMS-KT1' });
    const setting = (await get(`/oem/api/rectifier-setting?siteUid=${KT1}`)).json();
    expect(setting.setting.float_voltage).toBe(53.5);
    const alarms = (await get(`/oem/api/rectifier-alarm?siteUid=${KT1}`)).json();
    expect(
      alarms.record.alarms.filter((a: { active: boolean }) => a.active).map((a: { code: string }) => a.code),
    ).toEqual(['BATT_LOW']);
    expect((await get(`/oem/api/rectifier-info?siteUid=${KT2}`)).json()).toEqual({ info: null });
  });

  it('measurement: latest with modules and the rectifier clock (two-digit year), history of the last 24 h', async () => {
    const res = await get(`/oem/api/rectifier-measurement?siteUid=${KT1}`);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m.latest.modules).toHaveLength(2);
    expect(m.latest.status_bits).toBe(5);
    expect(m.latest.rectifierTime).toBe('2026-03-05T00:07:08.000Z');
    expect(m.history.map((p: { output_voltage: number }) => p.output_voltage)).toEqual([53.4, 53.49]);
    const wide = (
      await get(
        `/oem/api/rectifier-measurement?siteUid=${KT1}&from_time=${new Date(now - 48 * HOUR).toISOString()}`,
      )
    ).json();
    expect(wide.history).toHaveLength(3);
  });

  it('refuses a bad range or a missing site with 400 naming the field', async () => {
    const back = await get(
      `/oem/api/rectifier-measurement?siteUid=${KT1}&from_time=${new Date(now).toISOString()}&until_time=${new Date(now - HOUR).toISOString()}`,
    );
    expect(back.statusCode).toBe(400);
    expect(back.json().field).toBe('query.from_time');
    const missing = await get('/oem/api/rectifier-info');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('query.siteUid');
    const badTime = await get(`/oem/api/rectifier-measurement?siteUid=${KT1}&from_time=yesterday`);
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().field).toBe('query.from_time');
  });

  it('answers 404 for another company’s site; an operator sees it', async () => {
    for (const path of [
      'rectifier-info',
      'rectifier-alarm',
      'rectifier-measurement',
      'rectifier-setting',
      'bms-alarm',
      'bms-measurement',
      'event',
      'event-count',
    ]) {
      const res = await get(`/oem/api/${path}?siteUid=${FT1}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('Site not found');
    }
    expect((await get(`/oem/api/rectifier-info?siteUid=${FT1}`, 'ftb')).json().info.model).toBe('Flatpack2');
    expect((await get(`/oem/api/rectifier-info?siteUid=${KT1}`, 'admin')).json().info.model).toBe(
      'NetSure 731',
    );
  });
});

describe('BMS calls', () => {
  it('default to battery address 1 and list the addresses', async () => {
    const one = (await get(`/oem/api/bms-measurement?siteUid=${KT1}`)).json();
    expect(one.address).toBe(1);
    expect(one.addresses).toEqual([1, 2]);
    expect(one.latest.soh).toBe(91);
    expect(one.history.map((p: { soh: number }) => p.soh)).toEqual([91]);
    const two = (await get(`/oem/api/bms-measurement?siteUid=${KT1}&address=2`)).json();
    expect(two.latest.soh).toBe(80);
    expect(two.latest.cell_voltages[5]).toBe(3.25);
    const alarms = (await get(`/oem/api/bms-alarm?siteUid=${KT1}&address=2`)).json();
    expect(alarms.record.alarms[0].code).toBe('CELL_UV');
    expect((await get(`/oem/api/bms-alarm?siteUid=${KT1}`)).json()).toEqual({ address: 1, record: null });
    const bad = await get(`/oem/api/bms-measurement?siteUid=${KT1}&address=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.address');
  });
});

describe('OEM events and counts', () => {
  it('lists alarm changes newest first and pages below the cursor', async () => {
    const all = (await get(`/oem/api/event?siteUid=${KT1}`)).json();
    const summary = all.items.map(
      (e: { source: string; raised: { code: string }[]; cleared: { code: string }[] }) =>
        `${e.source}:${e.raised.map((a) => `+${a.code}`).join('')}${e.cleared.map((a) => `-${a.code}`).join('')}`,
    );
    expect(summary).toEqual([
      'rectifier:-AC_FAIL',
      'rectifier:+BATT_LOW',
      'bms:+CELL_UV',
      'rectifier:+AC_FAIL',
    ]);
    expect(all.nextOldestId).toBeNull();
    const first = (await get(`/oem/api/event?siteUid=${KT1}&limit=2`)).json();
    expect(first.items.map((e: { id: number }) => e.id)).toEqual([alarmIds[5], alarmIds[3]]);
    const rest = (await get(`/oem/api/event?siteUid=${KT1}&limit=2&oldestId=${first.nextOldestId}`)).json();
    expect(rest.items.map((e: { id: number }) => e.id)).toEqual([alarmIds[2], alarmIds[1]]);
    const bad = await get(`/oem/api/event?siteUid=${KT1}&limit=101`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.limit');
  });

  it('counts the alarms active now', async () => {
    expect((await get(`/oem/api/event-count?siteUid=${KT1}`)).json()).toEqual({
      rectifier: 1,
      bms: 1,
      total: 2,
    });
  });
});

describe('GET /oem/api/fetch/oem-records', () => {
  it('is for operators only', async () => {
    expect((await get('/oem/api/fetch/oem-records', 'ktbl')).statusCode).toBe(403);
  });
  it('filters by company, site and kind and pages newest first', async () => {
    const ftb = (await get('/oem/api/fetch/oem-records?company_id=ftb', 'admin')).json();
    expect(ftb.items.map((r: { siteUid: string }) => r.siteUid)).toEqual([FT1]);
    const kind = (
      await get(`/oem/api/fetch/oem-records?site_uid=${KT1}&kind=rectifier_alarm&limit=3`, 'admin')
    ).json();
    expect(kind.items.map((r: { id: number }) => r.id)).toEqual([alarmIds[5], alarmIds[4], alarmIds[3]]);
    const next = (
      await get(
        `/oem/api/fetch/oem-records?site_uid=${KT1}&kind=rectifier_alarm&oldest_id=${kind.nextOldestId}`,
        'admin',
      )
    ).json();
    expect(next.items.map((r: { id: number }) => r.id)).toEqual([alarmIds[1], alarmIds[0]]);
    expect(next.nextOldestId).toBeNull();
    const bad = await get('/oem/api/fetch/oem-records?kind=toaster', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.kind');
  });
});

describe('battery bank health', () => {
  it('ranks the company’s batteries, weakest first, and exports .xlsx', async () => {
    const { items } = (await get('/oem/api/battery-bank-health')).json();
    expect(items.map((b: { siteUid: string; address: number }) => `${b.siteUid}/${b.address}`)).toEqual([
      `${KT1}/2`,
      `${KT1}/1`,
    ]);
    expect(items[0]).toMatchObject({ rank: 1, weakestCell: 6, spread: 0.09, flagged: true });
    // 91.2 % 48 h ago, 91 % an hour ago: 0.2 points in 47 hours, about −3 points per 30 days.
    expect(items[1].sohTrend30d).toBeCloseTo(-3.06, 1);
    const file = await get('/oem/api/battery-bank-health/export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get('/oem/api/battery-bank-health', 'ftb')).json().items).toEqual([]);
  });
});
