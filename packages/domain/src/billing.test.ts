import { describe, expect, it } from 'vitest';
import { canTransitionPayment, invoiceAmount, isBillingPeriod, PAYMENT_STATUSES } from './billing.ts';
import { runGuard } from './guards.ts';

describe('payments', () => {
  it('pending completes or fails, failed may retry, complete is final', () => {
    expect(canTransitionPayment('pending', 'complete')).toBe(true);
    expect(canTransitionPayment('pending', 'failed')).toBe(true);
    expect(canTransitionPayment('failed', 'pending')).toBe(true);
    expect(canTransitionPayment('failed', 'complete')).toBe(false);
    for (const s of PAYMENT_STATUSES) expect(canTransitionPayment('complete', s)).toBe(false);
  });

  it('periods are months', () => {
    expect(isBillingPeriod('2026-03')).toBe(true);
    expect(isBillingPeriod('2026-13')).toBe(false);
    expect(isBillingPeriod('2026-3')).toBe(false);
  });

  it('an invoice is sites × rate', () => {
    expect(invoiceAmount(12, 500)).toBe(6000);
    expect(invoiceAmount(3, 333.333)).toBe(1000);
  });

  it('guard 2 lets superuser, finance and sudo stay; guard 3 only finance and sudo', () => {
    const state = (type: string) => ({
      user: { type } as never,
      siteConfigSelected: false,
      ticketsLoaded: false,
      siteListLoaded: false,
      siteListLoading: false,
      tokenExpired: false,
    });
    expect(['superuser', 'finance', 'sudo', 'company'].map((t) => runGuard('bill', state(t)).allow)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(['superuser', 'finance', 'sudo'].map((t) => runGuard('finance', state(t)).allow)).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('billing period end', () => {
  it('is midnight Asia/Dhaka of the next month', async () => {
    const { billingPeriodEnd } = await import('./billing.ts');
    expect(billingPeriodEnd('2026-03').toISOString()).toBe('2026-03-31T18:00:00.000Z');
    expect(billingPeriodEnd('2026-12').toISOString()).toBe('2026-12-31T18:00:00.000Z');
  });
});
