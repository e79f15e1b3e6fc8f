import { describe, expect, it } from 'vitest';
import {
  canRecordPayments,
  currentPeriod,
  formatMoney,
  periodLabel,
  recentPeriods,
} from './billing-model.ts';

describe('billing model', () => {
  it('months are Asia/Dhaka months', () => {
    expect(currentPeriod(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04');
    expect(currentPeriod(new Date('2026-03-31T17:30:00Z'))).toBe('2026-03');
    expect(recentPeriods(new Date('2026-02-10T00:00:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('labels and money', () => {
    expect(periodLabel('2026-03')).toBe('Mar 2026');
    expect(formatMoney(12500.5)).toBe('BDT 12,500.50');
  });

  it('only finance and sudo record payments', () => {
    expect(['finance', 'sudo', 'superuser', 'company'].map((type) => canRecordPayments({ type }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
