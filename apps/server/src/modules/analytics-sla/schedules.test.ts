/**
 * Scheduled reports on both databases: the admin-only rule, company and tenant scoping, bad input
 * naming the field, and the monthly job — the previous month's report once per schedule even with two
 * runs at the same time, delivered to the company's groups when a messenger sends, the .xlsx read back;
 * an analytics kind (mains) produced for the schedule's creator and tenant, its workbook read back.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1 } from '../../../test/two-company-fleet.ts';
import { createReportJob } from './report-job.ts';

let t: TestServer;
const at = (local: string) => new Date(`${local}+06:00`);

beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  // The fleet exists since 2019 (the time before a site's first record is a gap).
  await t.pool.query(`update sites set created_at = '2019-01-01T00:00:00+06:00'`);
  // KT-1 down 600 minutes for robi in March 2020: 98.66 %, below a 99 % target.
  await buildEvent(t.pool, { siteUid: KT1, name: 'site_down', tenant: 'robi', time: at('2020-03-03T08:00') });
  await buildEvent(t.pool, {
    siteUid: KT1,
    name: 'site_down',
    tenant: 'robi',
    time: at('2020-03-03T18:00'),
    active: false,
  });
  t.clock.set(at('2020-03-10T12:00'));
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (method: Method, url: string, user = 'ktbl', payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

let scheduleId = 0;

describe('report schedules', () => {
  it('lets a company admin create and list a schedule; another company does not see it', async () => {
    const created = await call('POST', '/analytics/report-schedules', 'ktbl', {
      kind: 'sla',
      params: { target: 99 },
    });
    expect(created.statusCode).toBe(200);
    scheduleId = created.json().schedule.id;
    expect(created.json().schedule).toMatchObject({ kind: 'sla', params: { target: 99 }, lastMonth: null });
    const listed = (await call('GET', '/analytics/report-schedules', 'super')).json();
    expect(listed.items.map((s: { id: number }) => s.id)).toEqual([scheduleId]);
    expect(listed.kinds).toEqual(['dg', 'mains', 'battery', 'temperature', 'sla']);
    expect((await call('GET', '/analytics/report-schedules', 'ftb')).json().items).toEqual([]);
    expect((await call('DELETE', `/analytics/report-schedules/${scheduleId}`, 'ftb')).statusCode).toBe(404);
  });

  it('refuses employees, read-only users and operators', async () => {
    for (const user of ['ktbl.employee', 'robi.viewer', 'admin']) {
      expect((await call('GET', '/analytics/report-schedules', user)).statusCode, user).toBe(403);
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ kind: 'weekly' }, 'kind'],
      [{ kind: 'dg', params: { target: 99 } }, 'target'],
      [{ kind: 'sla', params: { target: 'high' } }, 'target'],
      [{ kind: 'sla', params: { tenant: 'nobody' } }, 'tenant'],
      [{ kind: 'sla', params: { colour: 'red' } }, 'colour'],
    ] as const) {
      const res = await call('POST', '/analytics/report-schedules', 'ktbl', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(field);
    }
    expect((await call('DELETE', '/analytics/report-schedules/abc')).statusCode).toBe(400);
  });
});

describe('the monthly job', () => {
  it('produces nothing before the month is over', async () => {
    expect(await t.container.services.analyticsSla.reportJob.runDue()).toBe(0);
  });

  it("produces the previous month's report once, even with two runs at the same time", async () => {
    // A schedule made on the 1st is not due for the month before.
    t.clock.set(at('2020-04-01T00:10'));
    const late = await call('POST', '/analytics/report-schedules', 'ktbl', { kind: 'sla' });
    expect(late.statusCode).toBe(200);
    t.clock.set(at('2020-04-01T00:30'));
    const sent: { companyId: string; text: string }[] = [];
    const job = () =>
      createReportJob({
        pool: t.pool,
        clock: t.clock,
        producers: t.container.services.analyticsSla.producers,
        notifyCompany: async (companyId, text) => {
          sent.push({ companyId, text });
          return 2;
        },
        log: { error: () => {}, info: () => {} },
      });
    const runs = await Promise.all([job().runDue(), job().runDue()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await job().runDue()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.companyId).toBe('ktbl');
    expect(sent[0]?.text).toContain('2020-03');
    const { rows } = await t.pool.query('select count(*)::int as n from produced_reports');
    expect(rows[0].n).toBe(1);
  });

  it('lists the produced report with its delivery and downloads a real .xlsx', async () => {
    const list = (await call('GET', '/analytics/scheduled-reports?month=2020-03')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ scheduleId, kind: 'sla', month: '2020-03', deliveredTo: 2 });
    expect((await call('GET', '/analytics/scheduled-reports', 'ftb')).json().items).toEqual([]);
    const schedules = (await call('GET', '/analytics/report-schedules')).json().items;
    expect(schedules.find((s: { id: number }) => s.id === scheduleId).lastMonth).toBe('2020-03');
    const other = await call('GET', `/analytics/scheduled-reports/${list.items[0].id}/file`, 'ftb');
    expect(other.statusCode).toBe(404);
    const file = await call('GET', `/analytics/scheduled-reports/${list.items[0].id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('tenant-sla-2020-03.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Sites below target')?.getRow(2);
    expect(row?.getCell(2).value).toBe('robi');
    expect(row?.getCell(5).value).toBe(98.66);
    expect(row?.getCell(6).value).toBe(600);
  });

  it('keeps the report when the schedule is deleted', async () => {
    expect((await call('DELETE', `/analytics/report-schedules/${scheduleId}`)).json()).toEqual({
      deleted: true,
    });
    expect((await call('GET', '/analytics/scheduled-reports')).json().items[0].scheduleId).toBeNull();
  });
});

describe('an analytics report (mains) on a schedule', () => {
  it("produces the previous month's mains report for the schedule's tenant, a real .xlsx", async () => {
    t.clock.set(at('2020-04-02T09:00'));
    const created = await call('POST', '/analytics/report-schedules', 'ktbl', {
      kind: 'mains',
      params: { tenant: 'robi' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().schedule.id;
    // KT-1 without mains for robi 90 minutes in April.
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_fail',
      tenant: 'robi',
      time: at('2020-04-05T10:00'),
    });
    await buildEvent(t.pool, {
      siteUid: KT1,
      name: 'mains_fail',
      tenant: 'robi',
      time: at('2020-04-05T11:30'),
      active: false,
    });
    t.clock.set(at('2020-05-01T00:30'));
    // Due for April: this schedule and the SLA one made on April 1st.
    expect(await t.container.services.analyticsSla.reportJob.runDue()).toBe(2);
    const list = (await call('GET', '/analytics/scheduled-reports?month=2020-04')).json();
    const mains = list.items.find((r: { scheduleId: number | null }) => r.scheduleId === id);
    expect(mains).toMatchObject({ kind: 'mains', month: '2020-04' });
    expect(mains.fileName).toBe('mains-report-2020-04-01-2020-05-01.xlsx');
    const file = await call('GET', `/analytics/scheduled-reports/${mains.id}/file`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Mains', 'Tenants', 'Parameters']);
    const sheet = book.getWorksheet('Mains');
    expect(sheet?.getRow(1).getCell(5).value).toBe('Outage (min)');
    const kt1 = sheet?.getRow(2);
    expect(kt1?.getCell(1).value).toBe(KT1);
    expect(kt1?.getCell(5).value).toBe(90);
    expect(book.getWorksheet('Tenants')?.getRow(2).getCell(1).value).toBe('robi');
    const params = book.getWorksheet('Parameters');
    const tenantRow = params?.getRows(1, params.rowCount)?.find((r) => r.getCell(1).value === 'Tenant');
    expect(tenantRow?.getCell(2).value).toBe('robi');
  });
});
