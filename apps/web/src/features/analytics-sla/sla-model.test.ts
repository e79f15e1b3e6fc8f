import type { SlaBreachRow, SlaTenantRow } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { causeTotals, formatBytes, mainCause, recentMonths, tenantBars } from './sla-model.ts';

const causes = { mains_failure: 0, dg_failure: 0, battery_exhausted: 0, other: 0 };
const tenant = (t: string, availability: number | null, c: Partial<typeof causes> = {}): SlaTenantRow => ({
  month: '2026-10',
  tenant: t,
  sites: 2,
  sitesMeeting: 1,
  sitesBreaching: 1,
  availability,
  outageMinutes: 0,
  gapMinutes: 0,
  causes: { ...causes, ...c },
});

describe('sla model', () => {
  it('lists Dhaka months newest first, this month first', () => {
    const months = recentMonths(new Date('2026-10-31T19:00:00Z'), 3);
    expect(months.map((m) => m.value)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(months[0]?.label).toBe('November 2026');
  });

  it('marks tenants meeting the target', () => {
    const bars = tenantBars([tenant('robi', 99.6), tenant('banglalink', 98), tenant('teletalk', null)], 99.5);
    expect(bars.values.map((v) => v.meets)).toEqual([true, false, false]);
  });

  it('sums minutes per cause, largest first, leaving out empty causes', () => {
    const totals = causeTotals([
      tenant('robi', 99, { mains_failure: 10, dg_failure: 5 }),
      tenant('banglalink', 99, { dg_failure: 20.25 }),
    ]);
    expect(totals).toEqual([
      { cause: 'dg_failure', label: 'DG failure', minutes: 25.3 },
      { cause: 'mains_failure', label: 'Mains failure', minutes: 10 },
    ]);
  });

  it("names a breach's main cause and formats sizes", () => {
    const breach = { causes: { ...causes, battery_exhausted: 3, other: 2 } } as SlaBreachRow;
    expect(mainCause(breach)).toBe('Battery exhausted');
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
  });
});
