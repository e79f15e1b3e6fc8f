/**
 * Billing (issue 19): guard 2 on reads (superuser, finance, sudo), guard 3 on writes (finance, sudo),
 * a superuser sees its own company only, status transitions answer `invalid` when refused, a repeated
 * transaction reference answers `duplicate`, bad input is 400 naming the field, invoices = sites × rate.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet } from '../../../test/two-company-fleet.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, payload: object, user = 'finance') =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });
const get = async (url: string, user = 'finance') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const pay = (body: object, user = 'finance') => post('/user/payment/update', body, user);
const payment = {
  company: 'ktbl',
  period: '2026-03',
  amount: 12500.5,
  method: 'bank_transfer',
  transactionRef: 'TXN-0001',
};

describe('POST /user/payment/update', () => {
  it('records a payment (pending, BDT) and a repeat of its reference answers duplicate', async () => {
    const res = await pay(payment);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'updated',
      payment: {
        companyId: 'ktbl',
        amount: 12500.5,
        currency: 'BDT',
        status: 'pending',
        recordedByName: expect.any(String),
      },
    });
    const again = await pay({ ...payment, transactionRef: 'txn-0001', company: 'ftb' }, 'admin');
    expect(again.json()).toMatchObject({ result: 'duplicate' });
    expect(again.json().message).toContain('txn-0001');
    expect((await get('/user/payment/list?company=ftb')).json().total).toBe(0);
  });

  it('moves pending → complete; complete is final (invalid); failed may retry', async () => {
    const { payment: p } = (await pay({ ...payment, transactionRef: 'TXN-0002' })).json();
    expect((await pay({ id: p.id, status: 'complete' })).json()).toMatchObject({
      result: 'updated',
      payment: { status: 'complete' },
    });
    expect((await pay({ id: p.id, status: 'complete' })).json()).toMatchObject({
      result: 'duplicate',
      message: 'The payment is already complete',
    });
    const refused = (await pay({ id: p.id, status: 'pending' })).json();
    expect(refused).toMatchObject({
      result: 'invalid',
      field: 'status',
      message: 'A complete payment cannot become pending',
    });
    const { payment: f } = (await pay({ ...payment, transactionRef: 'TXN-0003', status: 'failed' })).json();
    expect((await pay({ id: f.id, status: 'pending', note: 'Retried' })).json().payment).toMatchObject({
      status: 'pending',
      note: 'Retried',
    });
    expect((await pay({ id: 2_000_000_000, status: 'complete' })).json()).toMatchObject({
      result: 'invalid',
      field: 'id',
    });
    expect((await pay({ ...payment, company: 'nope', transactionRef: 'TXN-9' })).json()).toMatchObject({
      result: 'invalid',
      field: 'company',
    });
  });

  it('bad input is 400 naming the field', async () => {
    const noRef = await pay({ ...payment, transactionRef: undefined });
    expect(noRef.json()).toMatchObject({ statusCode: 400, field: 'body.transactionRef' });
    const badPeriod = await pay({ ...payment, period: '2026-13' });
    expect(badPeriod.json()).toMatchObject({ statusCode: 400, field: 'body.period' });
    const negative = await pay({ ...payment, amount: -5 });
    expect(negative.json()).toMatchObject({ statusCode: 400, field: 'body.amount' });
  });

  it('guard 3: only finance and sudo record payments', async () => {
    for (const user of ['super', 'ktbl', 'noc', 'ops']) {
      expect((await pay({ ...payment, transactionRef: `TXN-${user}` }, user)).statusCode, user).toBe(403);
    }
    expect((await pay({ ...payment, transactionRef: 'TXN-ADMIN' }, 'admin')).json().result).toBe('updated');
  });
});

describe('GET /user/payment/list and invoices', () => {
  it('guard 2: superuser, finance and sudo read; a superuser only its own company', async () => {
    await pay({ ...payment, company: 'ftb', transactionRef: 'FTB-1' });
    for (const user of ['ktbl', 'ktbl.employee', 'robi.viewer', 'ops', 'ftb']) {
      expect((await get('/user/payment/list', user)).statusCode, user).toBe(403);
    }
    const all = (await get('/user/payment/list')).json();
    expect(new Set(all.items.map((p: { companyId: string }) => p.companyId))).toEqual(
      new Set(['ktbl', 'ftb']),
    );
    const sup = (await get('/user/payment/list', 'super')).json();
    expect(sup.total).toBeGreaterThan(0);
    expect(sup.items.every((p: { companyId: string }) => p.companyId === 'ktbl')).toBe(true);
    expect((await get('/user/payment/list?company=ftb', 'super')).statusCode).toBe(404);
    const complete = (await get('/user/payment/list?status=complete')).json();
    expect(complete.items.every((p: { status: string }) => p.status === 'complete')).toBe(true);
  });

  it("id picks one payment (a link to Update Payment), still within the caller's company", async () => {
    const { payment: p } = (await pay({ ...payment, company: 'ftb', transactionRef: 'FTB-ID-1' })).json();
    const one = (await get(`/user/payment/list?id=${p.id}`)).json();
    expect(one).toMatchObject({ total: 1, items: [{ id: p.id, transactionRef: 'FTB-ID-1' }] });
    // A superuser of another company does not reach it.
    expect((await get(`/user/payment/list?id=${p.id}`, 'super')).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const bad = await get('/user/payment/list?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.id');
  });

  it("invoices are the month's monitored sites × the per-site rate, with what was paid, and export to .xlsx", async () => {
    expect((await post('/user/payment/rate', { company: 'ftb', perSiteRate: 750 }, 'super')).statusCode).toBe(
      403,
    );
    const rate = await post('/user/payment/rate', { company: 'ftb', perSiteRate: 750 });
    expect(rate.json()).toEqual({ companyId: 'ftb', perSiteRate: 750 });
    const period = new Date().toISOString().slice(0, 7);
    await pay({
      ...payment,
      company: 'ftb',
      period,
      amount: 300,
      transactionRef: 'FTB-2',
      status: 'complete',
    });
    const { items } = (await get(`/user/payment/invoices?period=${period}`)).json();
    const ftb = items.find((i: { companyId: string }) => i.companyId === 'ftb');
    const sites = (await t.pool.query(`select count(*)::int as n from sites where company_id = 'ftb'`))
      .rows[0].n;
    expect(ftb).toMatchObject({ monitoredSites: sites, perSiteRate: 750, amount: sites * 750, paid: 300 });
    const ktbl = items.find((i: { companyId: string }) => i.companyId === 'ktbl');
    expect(ktbl.perSiteRate).toBe(500);
    // A month before any site existed bills nothing.
    const old = (await get('/user/payment/invoices?period=2001-01')).json();
    expect(old.items.every((i: { amount: number }) => i.amount === 0)).toBe(true);
    const sup = (await get(`/user/payment/invoices?period=${period}`, 'super')).json();
    expect(sup.items.map((i: { companyId: string }) => i.companyId)).toEqual(['ktbl']);

    const file = await post('/user/payment/invoice-export', { period });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`invoices-${period}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Company');
    const names: unknown[] = [];
    sheet?.eachRow((row, n) => n > 1 && names.push(row.getCell(1).value));
    expect(names.length).toBe(items.length);
  });
});
