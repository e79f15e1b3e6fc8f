/**
 * The alarm console (issue 37): active alarms and recent raises of the caller's company and allowed
 * tenants only (another company's or tenant's alarm is never listed nor acknowledgeable), read-only
 * users' reduced kinds, filters, keyset pages walked to the end, the raised → cleared state, bulk
 * acknowledge (audited, live), the .xlsx export.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import type { LiveEnvelope } from '../../bus/bus.ts';

const CTG = 'KT-CTG';
const MIN = 60_000;
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * MIN);

let t: TestServer;
/** Raise event ids by a short name. */
const ids: Record<string, number> = {};

/** An alarm raised at `at` with its raise event (as the engine writes them); `clearedAt` clears it. */
async function raise(
  key: string,
  site: string,
  alarmId: string,
  tenant: string,
  name: string,
  at: Date,
  clearedAt?: Date,
) {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into events (site_uid, name, tenant, time, active, alarm_id, event_group)
     values ($1, $2, $3, $4, true, $5, $6) returning id`,
    [site, name, tenant, at, alarmId, ['security_breach', 'door_open'].includes(name) ? 'ACS' : 'RMS'],
  );
  ids[key] = rows[0]?.id as number;
  if (clearedAt) {
    const clear =
      name === 'security_breach' ? 'security_breach_cleared' : name === 'door_open' ? 'door_close' : name;
    await t.pool.query(
      `insert into events (site_uid, name, tenant, time, active, alarm_id) values ($1, $2, $3, $4, false, $5)`,
      [site, clear, tenant, clearedAt, alarmId],
    );
  }
  await t.pool.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal, raised_at, cleared_at, last_event_at)
     values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, coalesce($6::timestamptz, $5::timestamptz))
     on conflict (site_uid, alarm_id, tenant) do update set is_normal = excluded.is_normal,
       raised_at = excluded.raised_at, cleared_at = excluded.cleared_at`,
    [site, alarmId, tenant, clearedAt !== undefined, at, clearedAt ?? null],
  );
}

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  await buildSite(t.pool, { uid: CTG, name: 'Agrabad Hub', tenants: ['banglalink'], division: 'Chattogram' });
  await t.pool.query(
    `insert into users (username, password_hash, name, type, tenants, root_user_uid, company_id, access_roles)
     select 'ktbl.robi', password_hash, 'KTBL Robi', type, '{robi}', uid, company_id, access_roles
       from users where username = 'ktbl'`,
  );
  // An earlier AC line fail at KT-1 (cleared), then the current one.
  await raise('oldMains', KT1, 'ac_line_fail', 'robi', 'mains_outage', ago(24 * 60), ago(24 * 60 - 5));
  await raise('lowVolt', KT1, 'dc_low_voltage', 'robi', 'dc_low_voltage', ago(180), ago(170));
  await raise('temp', KT2, 'high_temperature', '', 'high_temperature', ago(120));
  await raise('down', KT2, 'site_down', '', 'site_down', ago(90));
  await raise('door', CTG, 'door_status', '', 'door_open', ago(30));
  await raise('ftb', FT1, 'mains_fail', 'banglalink', 'mains_fail', ago(20));
  await raise('mains', KT1, 'ac_line_fail', 'robi', 'mains_outage', ago(10));
  await raise('breach', KT1, 'security_breach', '', 'security_breach', ago(5));
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  key: string;
  eventId: number | null;
  alarmId: string;
  siteUid: string;
  active: boolean;
  clearedAt: string | null;
  emergency: boolean;
  acknowledgedByName: string | null;
};
type Page = { items: Row[]; nextCursor: string | null };

const get = async (query: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url: `/user/alarm-console?${query}`, headers: await t.auth(user) });
const page = async (query: string, user = 'ktbl'): Promise<Page> => {
  const res = await get(query, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every row of a query, walking pages of `limit`. */
async function walk(query: string, user = 'ktbl', limit = 2): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const p: Page = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, user);
    rows.push(...p.items);
    cursor = p.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('paging does not end');
}
const keys = (rows: Row[]) => rows.map((r) => Object.entries(ids).find(([, id]) => id === r.eventId)?.[0]);

describe('GET /user/alarm-console: the active view', () => {
  it("lists the company's raised alarms newest first, across pages; never another company's", async () => {
    expect(keys(await walk('view=active'))).toEqual(['breach', 'mains', 'door', 'down', 'temp']);
    expect(keys(await walk('view=active&sort=oldest', 'ktbl', 3))).toEqual([
      'temp',
      'down',
      'door',
      'mains',
      'breach',
    ]);
    expect(keys(await walk('view=active', 'ftb'))).toEqual(['ftb']);
    const rows = (await page('view=active')).items;
    expect(rows[0]).toMatchObject({
      alarmId: 'security_breach',
      emergency: true,
      active: true,
      clearedAt: null,
    });
    expect(rows.filter((r) => r.emergency)).toHaveLength(1);
  });

  it('filters by group, alarm, division, search, age and tenant', async () => {
    expect(keys((await page('group=Access')).items)).toEqual(['breach', 'door']);
    expect(keys((await page('alarms=high_temperature,site_down')).items)).toEqual(['down', 'temp']);
    expect(keys((await page('division=Chattogram')).items)).toEqual(['door']);
    expect(keys((await page('q=mirpur')).items)).toEqual(['down', 'temp']);
    expect(keys((await page('q=kt-ctg')).items)).toEqual(['door']);
    expect(keys((await page('age=gt1h')).items)).toEqual(['down', 'temp']);
    expect(keys((await page('age=lt1h')).items)).toEqual(['breach', 'mains', 'door']);
    // robi: its rows and site-wide non-power rows; the tenant-less site_down counts as banglalink.
    expect(keys((await page('tenant=robi')).items)).toEqual(['breach', 'mains', 'temp']);
  });

  it('a user allowed only robi never sees rows of sites or tenants outside it, nor asks for them', async () => {
    expect(keys(await walk('view=active', 'ktbl.robi'))).toEqual(['breach', 'mains', 'temp']);
    expect((await get('tenant=banglalink', 'ktbl.robi')).statusCode).toBe(403);
  });

  it('read-only users get the reduced kinds of their tenants only', async () => {
    expect(keys(await walk('view=active', 'robi.viewer'))).toEqual(['mains']);
    expect(keys(await walk('view=active', 'noc'))).toEqual(['mains', 'down']);
  });

  it('is refused to finance and operators; bad input is 400 naming the field', async () => {
    for (const user of ['finance', 'admin']) expect((await get('view=active', user)).statusCode).toBe(403);
    const bad = await get('view=soon');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'query.view']);
    const recent = (await page('view=recent&limit=1')).nextCursor;
    const mixed = await get(`view=active&cursor=${recent}`);
    expect([mixed.statusCode, mixed.json().field]).toEqual([400, 'query.cursor']);
    expect((await get('cursor=not-base64-json')).json().field).toBe('query.cursor');
  });
});

describe('the recent view: raised → cleared', () => {
  it('lists the raises of the last 7 days with the state of their alarm', async () => {
    const rows = await walk('view=recent', 'ktbl', 3);
    expect(keys(rows)).toEqual(['breach', 'mains', 'door', 'down', 'temp', 'lowVolt', 'oldMains']);
    const by = (k: string) => rows.find((r) => r.eventId === ids[k]);
    expect(by('mains')).toMatchObject({ active: true, clearedAt: null });
    // The earlier AC line fail of the same site and tenant is not "active": it cleared 5 min later.
    expect(by('oldMains')).toMatchObject({ active: false, clearedAt: ago(24 * 60 - 5).toISOString() });
    expect(by('lowVolt')).toMatchObject({ active: false, clearedAt: ago(170).toISOString() });
  });
});

describe('POST /user/alarm-console/acknowledge', () => {
  const ack = async (eventIds: number[], user = 'ktbl') =>
    t.app.inject({
      method: 'POST',
      url: '/user/alarm-console/acknowledge',
      headers: await t.auth(user),
      payload: { eventIds },
    });

  it("acknowledges the caller's events only, once, audited and told live", async () => {
    const seen: LiveEnvelope[] = [];
    const stop = t.container.bus.subscribe('live', (e) => {
      seen.push(e);
    });
    const res = await ack([ids.mains as number, ids.temp as number, ids.ftb as number]);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().acknowledged.map((a: { eventId: number }) => a.eventId)).toEqual(
      [ids.temp, ids.mains].sort((a, b) => (a as number) - (b as number)),
    );
    expect(res.json().unchanged).toEqual([ids.ftb]);
    const { rows } = await t.pool.query('select acknowledged_by from events where id = $1', [ids.ftb]);
    expect(rows[0]?.acknowledged_by).toBeNull();
    expect(
      seen
        .filter((e) => e.message.event === 'EVENT_ACKNOWLEDGED')
        .map((e) => e.audience.siteUid)
        .sort(),
    ).toEqual([KT1, KT2]);
    const audit = await t.pool.query(
      `select actor_username, detail from audit_log where action = 'alarm.acknowledge'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_username: 'ktbl', detail: { count: 2 } });
    // The first acknowledgement stays; the filter sees it.
    const again = (await ack([ids.mains as number], 'super')).json();
    expect(again).toEqual({ acknowledged: [], unchanged: [ids.mains] });
    expect(keys((await page('acknowledged=no')).items)).toEqual(['breach', 'door', 'down']);
    expect((await page('acknowledged=yes')).items.map((r) => r.acknowledgedByName)).toEqual(['KTBL', 'KTBL']);
  });

  it('never acknowledges an event of a tenant the caller may not see; read-only is refused', async () => {
    const res = (await ack([ids.door as number, ids.breach as number], 'ktbl.robi')).json();
    expect(res.unchanged).toEqual([ids.door]);
    expect(res.acknowledged.map((a: { eventId: number }) => a.eventId)).toEqual([ids.breach]);
    const ro = await ack([ids.down as number], 'robi.viewer');
    expect(ro.statusCode).toBe(403);
    const bad = await ack([]);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.eventIds']);
  });
});

describe('GET /user/alarm-console/export', () => {
  it('writes the filtered rows into an .xlsx workbook', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/alarm-console/export?view=recent&group=Power',
      headers: await t.auth('ktbl'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Alarms');
    const values = sheet
      ?.getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values?.[0]?.slice(0, 5)).toEqual(['Site ID', 'Site name', 'Division', 'District', 'Alarm']);
    expect(values?.slice(1).map((r) => [r[0], r[4], r[8]])).toEqual([
      [KT1, 'AC Line Fail', 'Active'],
      [KT2, 'Site Down', 'Active'],
      [KT1, 'DC Low Voltage', 'Cleared'],
      [KT1, 'AC Line Fail', 'Cleared'],
    ]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/user/alarm-console/export?tenant=banglalink',
      headers: await t.auth('ktbl.robi'),
    });
    expect(refused.statusCode).toBe(403);
  });
});
