/**
 * Billing payments and invoices (docs/requirements.md#billing): payment statuses and transitions,
 * the outcomes of an update, methods, the currency, and the invoice rule.
 */

/** Payment statuses (docs/requirements.md#payment-status). */
export const PAYMENT_STATUSES = ['pending', 'complete', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Allowed status transitions (docs/requirements.md#payment-transitions; the spec does not show them):
 * a pending payment completes or fails; a failed one may be retried (pending again); a complete one is
 * final (a refund is a new record).
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['complete', 'failed'],
  failed: ['pending'],
  complete: [],
};

/** True when a payment may move from `from` to `to` (the same status is not a move). */
export function canTransitionPayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Outcomes of POST /user/payment/update (docs/requirements.md#payment-status). */
export const PAYMENT_UPDATE_RESULTS = ['updated', 'invalid', 'duplicate'] as const;
export type PaymentUpdateResult = (typeof PAYMENT_UPDATE_RESULTS)[number];

/** Payment methods. */
export const PAYMENT_METHODS = ['bank_transfer', 'cheque', 'mobile_banking', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Labels of the methods. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  mobile_banking: 'Mobile banking',
  cash: 'Cash',
};

/** The one currency (Bangladeshi taka). */
export const BILLING_CURRENCY = 'BDT';

/** Default monthly rate per monitored site in BDT, when a company has none set. */
export const DEFAULT_PER_SITE_RATE_BDT = 500;

/** A billing period: a month, `YYYY-MM`. */
export const BILLING_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** True when `period` is a valid `YYYY-MM` month. */
export function isBillingPeriod(period: string): boolean {
  return BILLING_PERIOD_PATTERN.test(period);
}

/**
 * The invoice of a company for a month (docs/requirements.md#invoices): monitored sites × per-site
 * rate, rounded to the paisa.
 */
export function invoiceAmount(monitoredSites: number, perSiteRate: number): number {
  return Math.round(monitoredSites * perSiteRate * 100) / 100;
}

/** Who may see payments (guard 2) and who may record them (guard 3), by user type. */
export const PAYMENT_VIEWER_TYPES = ['superuser', 'finance', 'sudo'] as const;
export const PAYMENT_EDITOR_TYPES = ['finance', 'sudo'] as const;

/** The first instant after a billing month ends, in Asia/Dhaka (UTC+6, no daylight saving). */
export function billingPeriodEnd(period: string): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1) - 6 * 60 * 60 * 1000);
}
