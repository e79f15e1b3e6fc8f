/** Pure logic of the SLA pages: the month choices, the chart's series and the cause totals. */
import type { SlaBreachRow, SlaTenantRow } from '@towerwatch/contract';
import {
  DHAKA_OFFSET_MS,
  dhakaMonthOf,
  previousMonth,
  SLA_CAUSE_LABELS,
  SLA_CAUSES,
} from '@towerwatch/domain';

/** The last `count` Asia/Dhaka months, newest first (this month included). */
export function recentMonths(now: Date, count = 13): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let m = dhakaMonthOf(now); out.length < count; m = previousMonth(m)) {
    const [y, mm] = m.split('-');
    const label = new Date(Date.UTC(Number(y), Number(mm) - 1, 1) + DHAKA_OFFSET_MS).toLocaleString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    out.push({ value: m, label });
  }
  return out;
}

/** Bars of availability per tenant, coloured by whether the tenant meets the target. */
export function tenantBars(
  rows: readonly SlaTenantRow[],
  target: number,
): { tenants: string[]; values: { value: number | null; meets: boolean }[] } {
  return {
    tenants: rows.map((r) => r.tenant),
    values: rows.map((r) => ({
      value: r.availability,
      meets: r.availability !== null && r.availability >= target,
    })),
  };
}

/** Outage minutes per cause over all tenants, with labels, largest first (causes with minutes only). */
export function causeTotals(
  rows: readonly SlaTenantRow[],
): { cause: string; label: string; minutes: number }[] {
  return SLA_CAUSES.map((cause) => ({
    cause,
    label: SLA_CAUSE_LABELS[cause],
    minutes: Math.round(rows.reduce((n, r) => n + r.causes[cause], 0) * 10) / 10,
  }))
    .filter((c) => c.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes);
}

/** The main cause of a breach (most minutes), as a label. */
export function mainCause(row: SlaBreachRow): string {
  let best: (typeof SLA_CAUSES)[number] = SLA_CAUSES[0];
  for (const c of SLA_CAUSES) if (row.causes[c] > row.causes[best]) best = c;
  return SLA_CAUSE_LABELS[best];
}

/** Byte sizes as people read them. */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
