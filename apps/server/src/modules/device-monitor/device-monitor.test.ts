/**
 * GET /user/pulse/list and GET /user/health/list (docs/requirements.md#device-monitoring): operators
 * only; every device with last seen, message rate, offline bucket, flapping, refusals by reason,
 * service string; company filter, search, paging; bad input 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';

let t: TestServer;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  const now = t.clock.now().getTime();
  await t.pool.query(`update devices set last_seen_at = $1, online = true where com_id = 'RMS-KT1'`, [
    new Date(now - 60_000),
  ]);
  // RMS-KT2 last seen 30 h ago: offline, 24–48 h bucket.
  await t.pool.query(`update devices set last_seen_at = $1, online = false where com_id = 'RMS-KT2'`, [
    new Date(now - 30 * HOUR),
  ]);
  await t.pool.query(
    `update devices set firmware = '2.4.1', service = $1, service_at = now() where com_id = 'RMS-FT1'`,
    [JSON.stringify({ model: 'RMS-4G', uptime_s: 3600, rssi_dbm: -80, last_error: 'modbus timeout' })],
  );
  // Three accepted messages of RMS-KT1 in the last hour, one older.
  for (const [id, ago] of [
    ['a', 1],
    ['b', 2],
    ['c', 3],
    ['d', 120],
  ] as const)
    await t.pool.query('insert into ingest_messages (com_id, msg_id, received_at) values ($1, $2, $3)', [
      'RMS-KT1',
      id,
      new Date(now - ago * 60_000),
    ]);
  // KT-2 went offline 4 times today (flapping), FT-1 once; an older transition does not count.
  for (const h of [1, 3, 5, 7])
    await buildEvent(t.pool, { siteUid: KT2, name: 'device_offline', time: new Date(now - h * HOUR) });
  await buildEvent(t.pool, { siteUid: FT1, name: 'device_offline', time: new Date(now - 2 * HOUR) });
  await buildEvent(t.pool, { siteUid: FT1, name: 'device_offline', time: new Date(now - 30 * HOUR) });
  await buildEvent(t.pool, {
    siteUid: FT1,
    name: 'device_offline',
    active: false,
    time: new Date(now - HOUR),
  });
  await t.pool.query(
    `insert into device_rejections (com_id, reason, count, last_at) values
       ('RMS-KT1', 'invalid_payload', 5, now()), ('RMS-KT1', 'rate_limited', 2, now())`,
  );
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });

describe('device monitoring calls', () => {
  it('are for operators (sudo and support) only', async () => {
    for (const url of ['/user/pulse/list', '/user/health/list']) {
      expect((await get(url, 'ktbl')).statusCode).toBe(403);
      expect((await get(url, 'super')).statusCode).toBe(403);
      expect((await get(url, 'ops')).statusCode).toBe(200);
    }
  });

  it('pulse: every device with last seen and messages of the last hour', async () => {
    const reply = (await get('/user/pulse/list')).json();
    const kt1 = reply.items.find((d: { comId: string }) => d.comId === 'RMS-KT1');
    expect(kt1).toMatchObject({ siteUid: KT1, companyId: 'ktbl', online: true, messagesLastHour: 3 });
    expect(Date.parse(kt1.lastSeen)).toBeGreaterThan(t.clock.now().getTime() - 2 * 60_000);
    expect(reply.total).toBeGreaterThanOrEqual(3);
  });

  it('health: bucket, flapping, refusals by reason, service string', async () => {
    const { items, counts } = (await get('/user/health/list?company_id=ktbl&q=RMS-KT')).json();
    expect(items.map((d: { comId: string }) => d.comId)).toEqual(['RMS-KT1', 'RMS-KT2']);
    const [kt1, kt2] = items;
    expect(kt1).toMatchObject({
      bucket: 'online',
      rejected: { invalid_payload: 5, rate_limited: 2 },
      rejectedTotal: 7,
      flapping: false,
    });
    expect(kt2).toMatchObject({
      bucket: 'lt48h',
      offlineTransitions24h: 4,
      flapping: true,
      rejectedTotal: 0,
      service: '',
    });
    expect(counts).toEqual({ online: 1, offline: 1, flapping: 1, withRejections: 1 });
    const ftb = (await get('/user/health/list?q=modbus')).json().items;
    expect(ftb).toHaveLength(1);
    expect(ftb[0]).toMatchObject({ comId: 'RMS-FT1', offlineTransitions24h: 1, model: 'RMS-4G' });
    expect(ftb[0].service).toBe('model=RMS-4G; fw=2.4.1; up=1h 0m; rssi=-80 dBm; err=modbus timeout');
    const flapping = (await get('/user/health/list?flapping=true&q=RMS-')).json().items;
    expect(flapping.map((d: { comId: string }) => d.comId)).toEqual(['RMS-KT2']);
  });

  it('pages and refuses bad input naming the field', async () => {
    const p2 = (await get('/user/health/list?company_id=ktbl&q=RMS-KT&limit=1&page=2')).json();
    expect(p2.items.map((d: { comId: string }) => d.comId)).toEqual(['RMS-KT2']);
    expect(p2.total).toBe(2);
    const bad = await get('/user/pulse/list?limit=50001');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.limit');
    const flag = await get('/user/health/list?flapping=maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().field).toBe('query.flapping');
  });
});
