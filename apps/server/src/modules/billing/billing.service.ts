/**
 * Billing (docs/requirements.md#billing): payments list (superuser: own company; finance and sudo:
 * every company), recording a payment or changing its status (docs/requirements.md#payment-status:
 * updated / invalid / duplicate), and invoices per company and month, also as .xlsx
 * (docs/requirements.md#invoices).
 */
import type {
  InvoiceListReply,
  Payment,
  PaymentListQuery,
  PaymentListReply,
  PaymentUpdateBody,
  PaymentUpdateReply,
} from '@towerwatch/contract';
import {
  BILLING_CURRENCY,
  billingPeriodEnd,
  canTransitionPayment,
  DEFAULT_PER_SITE_RATE_BDT,
  invoiceAmount,
  type PaymentMethod,
  type PaymentStatus,
} from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { createBillingRepository, type PaymentRow } from './billing.repository.ts';

export interface BillingDeps {
  pool: Pool;
  clock: Clock;
}

const toPayment = (r: PaymentRow): Payment => ({
  id: Number(r.id),
  companyId: r.company_id,
  companyName: r.company_name,
  period: r.period,
  amount: Number(r.amount),
  currency: BILLING_CURRENCY,
  method: r.method as PaymentMethod,
  transactionRef: r.transaction_ref,
  status: r.status as PaymentStatus,
  note: r.note,
  recordedByName: r.recorded_by_name,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const invalid = (field: string, message: string): PaymentUpdateReply => ({
  result: 'invalid',
  field,
  message,
});

export function createBillingService(deps: BillingDeps) {
  const repo = createBillingRepository(deps.pool);

  /** The company a caller's billing view is limited to: a superuser's own; finance and sudo: any. */
  async function companyScope(caller: Caller, requested: string | undefined): Promise<string | undefined> {
    const wanted = requested ? await repo.company(requested) : null;
    if (requested && !wanted) throw new NotFoundError('Company not found');
    if (caller.type === 'superuser') {
      if (wanted && wanted.id !== caller.companyId) throw new NotFoundError('Company not found');
      return caller.companyId ?? '(no company)';
    }
    return wanted?.id;
  }

  async function record(caller: Caller, b: PaymentUpdateBody): Promise<PaymentUpdateReply> {
    for (const field of ['company', 'period', 'amount', 'method', 'transactionRef'] as const) {
      if (b[field] === undefined)
        throw new ValidationError(`body.${field}`, `${field} is required to record a payment`);
    }
    const company = await repo.company(b.company as string);
    if (!company) return invalid('company', `Unknown company ${b.company}`);
    const ref = b.transactionRef as string;
    if (await repo.refTaken(ref)) {
      return { result: 'duplicate', message: `Transaction reference ${ref} is already recorded` };
    }
    const id = await repo.insert({
      companyId: company.id,
      period: b.period as string,
      amount: Math.round((b.amount as number) * 100) / 100,
      currency: BILLING_CURRENCY,
      method: b.method as string,
      transactionRef: ref,
      status: b.status ?? 'pending',
      note: b.note ?? '',
      by: caller.uid,
      at: deps.clock.now(),
    });
    if (id === null)
      return { result: 'duplicate', message: `Transaction reference ${ref} is already recorded` };
    const row = await repo.find(id);
    return { result: 'updated', payment: row ? toPayment(row) : undefined };
  }

  return {
    async list(caller: Caller, q: PaymentListQuery): Promise<PaymentListReply> {
      const companyId = await companyScope(caller, q.company);
      const { total, rows } = await repo.page(
        { id: q.id, companyId, period: q.period, statuses: q.status },
        q.limit,
        (q.page - 1) * q.limit,
      );
      return { total, items: rows.map(toPayment) };
    },

    async update(caller: Caller, b: PaymentUpdateBody): Promise<PaymentUpdateReply> {
      if (b.id === undefined) return record(caller, b);
      const id = b.id;
      return withTransaction(deps.pool, async (client) => {
        const tx = createBillingRepository(client);
        const row = await tx.find(id, true);
        if (!row) return invalid('id', `Payment ${id} not found`);
        if (
          b.transactionRef !== undefined &&
          b.transactionRef.toLowerCase() !== row.transaction_ref.toLowerCase()
        ) {
          return invalid('transactionRef', 'The transaction reference of a recorded payment cannot change');
        }
        const from = row.status as PaymentStatus;
        const to = b.status ?? from;
        if (to !== from && !canTransitionPayment(from, to)) {
          return invalid('status', `A ${from} payment cannot become ${to}`);
        }
        if (to === from && b.note === undefined) {
          return { result: 'duplicate' as const, message: `The payment is already ${from}` };
        }
        await tx.setStatus(id, to, b.note, deps.clock.now());
        const updated = await tx.find(id);
        return { result: 'updated' as const, payment: updated ? toPayment(updated) : undefined };
      });
    },

    /** Sets a company's per-site rate (finance, sudo: the route's rule). */
    async setRate(company: string, perSiteRate: number) {
      const found = await repo.company(company);
      if (!found) throw new NotFoundError('Company not found');
      const rate = Math.round(perSiteRate * 100) / 100;
      await repo.setRate(found.id, rate, deps.clock.now());
      return { companyId: found.id, perSiteRate: rate };
    },

    async invoices(caller: Caller, period: string): Promise<InvoiceListReply> {
      const companyId = await companyScope(caller, undefined);
      const rows = await repo.invoiceFigures(period, billingPeriodEnd(period), companyId);
      return {
        period,
        items: rows.map((r) => {
          const rate = r.rate === null ? DEFAULT_PER_SITE_RATE_BDT : Number(r.rate);
          return {
            companyId: r.company_id,
            companyName: r.company_name,
            period,
            monitoredSites: r.sites,
            perSiteRate: rate,
            amount: invoiceAmount(r.sites, rate),
            paid: Number(r.paid),
            currency: BILLING_CURRENCY,
          };
        }),
      };
    },

    async invoiceWorkbook(caller: Caller, period: string): Promise<{ fileName: string; data: Buffer }> {
      const { items } = await this.invoices(caller, period);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(`Invoices ${period}`);
      sheet.columns = [
        { header: 'Company', key: 'companyName', width: 28 },
        { header: 'Period', key: 'period', width: 10 },
        { header: 'Monitored sites', key: 'monitoredSites', width: 16 },
        { header: `Rate per site (${BILLING_CURRENCY})`, key: 'perSiteRate', width: 20 },
        { header: `Amount (${BILLING_CURRENCY})`, key: 'amount', width: 16 },
        { header: `Paid (${BILLING_CURRENCY})`, key: 'paid', width: 16 },
        { header: `Due (${BILLING_CURRENCY})`, key: 'due', width: 16 },
      ];
      sheet.getRow(1).font = { bold: true };
      for (const i of items)
        sheet.addRow({ ...i, due: Math.max(0, Math.round((i.amount - i.paid) * 100) / 100) });
      const data = Buffer.from(await book.xlsx.writeBuffer());
      return { fileName: `invoices-${period}.xlsx`, data };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
