/**
 * Billing payments and invoices (docs/requirements.md#billing). GET /user/payment/list is the
 * spec's; POST /user/payment/update, the invoice list and its .xlsx export are designed here
 * (docs/api.md "Billing").
 */
import {
  BILLING_CURRENCY,
  BILLING_PERIOD_PATTERN,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_UPDATE_RESULTS,
} from '@towerwatch/domain';
import { z } from 'zod';
import { bodyIntId, queryInt, safeText } from './input.ts';
import { isoTime, pageParam, queryList } from './site-common.ts';

export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
/** A billing month `YYYY-MM`. */
export const billingPeriod = z.string().regex(BILLING_PERIOD_PATTERN, 'expected a month YYYY-MM');
const companyCode = safeText().trim().min(1).max(32);

/** One payment. */
export const payment = z.object({
  id: z.number().int(),
  companyId: z.string(),
  companyName: z.string(),
  period: z.string(),
  amount: z.number(),
  currency: z.literal(BILLING_CURRENCY),
  method: paymentMethod,
  transactionRef: z.string(),
  status: paymentStatus,
  note: z.string(),
  recordedByName: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Payment = z.infer<typeof payment>;

/**
 * GET /user/payment/list: newest first. Superusers see their company only. `id` picks one payment
 * (the Update Payment page opened from a link or reloaded).
 */
export const paymentListQuery = z.object({
  id: queryInt(1, 2147483647).optional(),
  company: companyCode.optional(),
  period: billingPeriod.optional(),
  status: queryList(paymentStatus).optional(),
  page: pageParam,
  limit: queryInt(1, 200).default(50),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;
export const paymentListReply = z.object({ total: z.number().int(), items: z.array(payment) });
export type PaymentListReply = z.infer<typeof paymentListReply>;

/**
 * POST /user/payment/update: without `id` records a new payment (company, period, amount, method and
 * transactionRef required); with `id` changes that payment's status (allowed transitions only) and
 * note. Replies `updated`, `invalid` (a refused transition, an unknown company or payment) or
 * `duplicate` (the transaction reference is already recorded).
 */
export const paymentUpdateBody = z.object({
  id: bodyIntId.optional(),
  company: companyCode.optional(),
  period: billingPeriod.optional(),
  amount: z.number().positive().max(1_000_000_000).optional(),
  method: paymentMethod.optional(),
  transactionRef: safeText().trim().min(3).max(64).optional(),
  status: paymentStatus.optional(),
  note: safeText().trim().max(1000).optional(),
});
export type PaymentUpdateBody = z.infer<typeof paymentUpdateBody>;
export const paymentUpdateReply = z.object({
  result: z.enum(PAYMENT_UPDATE_RESULTS),
  /** Why, for `invalid` and `duplicate`. */
  message: z.string().optional(),
  /** The field refused, for `invalid`. */
  field: z.string().optional(),
  payment: payment.optional(),
});
export type PaymentUpdateReply = z.infer<typeof paymentUpdateReply>;

/** GET /user/payment/invoices?period=: one invoice per company for the month. */
export const invoiceQuery = z.object({ period: billingPeriod });
export const invoice = z.object({
  companyId: z.string(),
  companyName: z.string(),
  period: z.string(),
  /** Sites monitored in the month (existing before its end). */
  monitoredSites: z.number().int(),
  perSiteRate: z.number(),
  amount: z.number(),
  /** Complete payments of the month. */
  paid: z.number(),
  currency: z.literal(BILLING_CURRENCY),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceListReply = z.object({ period: z.string(), items: z.array(invoice) });
export type InvoiceListReply = z.infer<typeof invoiceListReply>;
/** POST /user/payment/invoice-export: the month's invoices as .xlsx. */
export const invoiceExportBody = z.object({ period: billingPeriod });

/** POST /user/payment/rate: a company's monthly rate per monitored site (finance, sudo). */
export const paymentRateBody = z.object({
  company: companyCode,
  perSiteRate: z.number().min(0).max(1_000_000),
});
export const paymentRateReply = z.object({ companyId: z.string(), perSiteRate: z.number() });
