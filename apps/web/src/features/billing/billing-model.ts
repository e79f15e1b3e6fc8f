/** Pure logic of the billing screens (docs/requirements.md#billing): periods, money, status colours. */
import {
  BILLING_CURRENCY,
  isBillingPeriod,
  PAYMENT_EDITOR_TYPES,
  type PaymentStatus,
} from '@towerwatch/domain';

/** The Asia/Dhaka month of `now`, `YYYY-MM`. */
export function currentPeriod(now: Date): string {
  return new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 7);
}

/** The last `count` months, newest first, from the month of `now`. */
export function recentPeriods(now: Date, count = 12): string[] {
  const [y, m] = currentPeriod(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** "Mar 2026" for "2026-03". */
export function periodLabel(period: string): string {
  if (!isBillingPeriod(period)) return period;
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "BDT 12,500.50". */
export function formatMoney(amount: number): string {
  return `${BILLING_CURRENCY} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const PAYMENT_STATUS_COLOUR: Readonly<Record<PaymentStatus, string>> = {
  pending: 'yellow',
  complete: 'teal',
  failed: 'red',
};

/** Finance and sudo record payments (guard 3). */
export function canRecordPayments(user: { type: string }): boolean {
  return (PAYMENT_EDITOR_TYPES as readonly string[]).includes(user.type);
}
