/**
 * Analytics reports (docs/requirements.md#analytics): the DG, mains, battery and temperature reports
 * over the caller's fleet. Their range, the compare period, the numbers the query string coerces, the
 * defaults (diesel price, thresholds) and the per-site completeness. Availability is the one formula
 * of availability.ts; fuel burn and backup time come from power-estimates.ts.
 * Decisions: docs/decisions/analytics-report-parameters.md and the records it links.
 */
import { availabilityPercent } from './availability.ts';
import { DHAKA_OFFSET_MS } from './date-ranges.ts';
import { dgBurnLitresPerHour, estimateBackup } from './power-estimates.ts';
import { availabilityOverPossible, possibleTime } from './site-time.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The four reports of the spec's analytics calls. */
export const REPORT_KINDS = ['dg', 'mains', 'battery', 'temperature'] as const;
/** One report. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Months a report covers when no from_time is given ("from now back by the chosen number of months"). */
export const DEFAULT_REPORT_MONTHS = 1;
/** The most months a caller may choose (the web's range control). */
export const MAX_REPORT_MONTHS = 24;
/** Longest report range (days) accepted: two years and a day. */
export const MAX_REPORT_RANGE_DAYS = 732;
/** The battery report's until is this many months ahead of now (docs/requirements.md#report-range: one year ahead). */
export const BATTERY_REPORT_AHEAD_MONTHS = 12;

/**
 * What `compare` means (docs/decisions/analytics-report-parameters.md): `previous_period` is the
 * range of the same length that ends where the report's starts; `previous_year` is the same range a
 * year earlier; `none` (the default) compares nothing. A bare flag (`yes`, `true`, `1`) is `previous_period`.
 */
export const COMPARE_MODES = ['none', 'previous_period', 'previous_year'] as const;
/** One compare mode. */
export type CompareMode = (typeof COMPARE_MODES)[number];

/** Reads `compare` of the query string: a mode, a truthy flag (previous_period) or a falsy one (none). */
export function parseCompareMode(raw: string | undefined): CompareMode | null {
  if (raw === undefined || raw === '') return 'none';
  const v = raw.trim().toLowerCase();
  if ((COMPARE_MODES as readonly string[]).includes(v)) return v as CompareMode;
  if (['yes', 'true', '1', 'on'].includes(v)) return 'previous_period';
  if (['no', 'false', '0', 'off'].includes(v)) return 'none';
  return null;
}

/**
 * The report parameters the spec coerces to numbers (docs/requirements.md#report-coercion: daily_avg, min_backup,
 * monthly_frequency) and the range each accepts. `daily_avg`: mains hours per Dhaka day a site should
 * average (below it the site is flagged); `min_backup_hour`: the backup (hours) below which a battery
 * is listed; `monthly_frequency`: high-temperature episodes per month from which a site is flagged.
 */
export const REPORT_NUMBER_LIMITS = {
  daily_avg: { min: 0, max: 24 },
  min_backup_hour: { min: 0, max: 240 },
  monthly_frequency: { min: 0, max: 10_000 },
} as const;
/** Backup hours below which a site is listed when the caller gives no `min_backup_hour`. */
export const DEFAULT_MIN_BACKUP_HOURS = 4;
/** High-temperature episodes per month from which a site is flagged without `monthly_frequency`. */
export const DEFAULT_MONTHLY_FREQUENCY = 3;
/** Mean length of a month (days) that episode counts are scaled to (per-month frequency). */
export const AVERAGE_MONTH_DAYS = 30.4375;
/** Diesel price (BDT per litre) used for the DG report's cost when the caller gives no `fuel_price`. */
export const DEFAULT_DIESEL_PRICE_PER_LITRE = 109;
/** Largest `fuel_price` accepted (BDT per litre). */
export const MAX_DIESEL_PRICE_PER_LITRE = 10_000;

/**
 * How far before a period a report looks for the state at its start (the last transition of each
 * event): a state unchanged for longer than this counts as not active at the start.
 */
export const REPORT_STATE_LOOKBACK_DAYS = 90;

/** A time range in epoch milliseconds, [from, until). */
export interface ReportPeriod {
  from: number;
  until: number;
}

/** `at` moved by `months` Asia/Dhaka calendar months (negative: back); the day clamps to the month's end. */
export function addDhakaMonths(at: Date, months: number): Date {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const timeOfDay = local.getTime() - Date.UTC(y, local.getUTCMonth(), local.getUTCDate());
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day) + timeOfDay - DHAKA_OFFSET_MS);
}

/**
 * The default report range (docs/requirements.md#report-range): from now back by `months`; until now — for the battery report
 * one year ahead of now (figures still stop at now: nothing after now is counted).
 */
export function defaultReportRange(
  kind: ReportKind,
  now: Date,
  months = DEFAULT_REPORT_MONTHS,
): ReportPeriod {
  const until =
    kind === 'battery' ? addDhakaMonths(now, BATTERY_REPORT_AHEAD_MONTHS).getTime() : now.getTime();
  return { from: addDhakaMonths(now, -months).getTime(), until };
}

/**
 * Reads `from_time` / `until_time`: an ISO instant, or a `YYYY-MM-DD` Asia/Dhaka date — a from date is
 * that day's 00:00, an until date includes the day (the next day's 00:00). Null when unreadable.
 */
export function parseReportTime(raw: string, side: 'from' | 'until'): number | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const start = Date.parse(`${raw}T00:00:00+06:00`);
    if (Number.isNaN(start)) return null;
    return side === 'from' ? start : start + DAY_MS;
  }
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : t;
}

/** The period a report compares with (see {@link COMPARE_MODES}); null for `none`. */
export function comparePeriod(p: ReportPeriod, mode: CompareMode): ReportPeriod | null {
  if (mode === 'none') return null;
  if (mode === 'previous_period') return { from: 2 * p.from - p.until, until: p.from };
  return {
    from: addDhakaMonths(new Date(p.from), -12).getTime(),
    until: addDhakaMonths(new Date(p.until), -12).getTime(),
  };
}

/** Where a period's figures stop: a period still running counts up to now, never past it. */
export function periodEnd(p: ReportPeriod, now: number): number {
  return Math.max(p.from, Math.min(p.until, now));
}

/** Data completeness (%) of a site: the share of the elapsed time its device was not offline. */
export function completenessPercent(gapMinutes: number, elapsedMinutes: number): number {
  return availabilityPercent(gapMinutes, elapsedMinutes);
}

/**
 * Mains figures of one site (docs/requirements.md#analytics): outage minutes are the minutes without
 * mains while the device reported; the possible time leaves out device-offline gaps (a gap is unknown,
 * neither outage nor availability). Availability is the one formula of availability.ts.
 */
export function mainsFigures(input: { elapsedMinutes: number; gapMinutes: number; outageMinutes: number }): {
  possibleMinutes: number;
  availabilityPct: number | null;
  mainsHoursPerDay: number | null;
} {
  const possibleMinutes = possibleTime(input.elapsedMinutes, input.gapMinutes);
  if (possibleMinutes === 0) return { possibleMinutes, availabilityPct: null, mainsHoursPerDay: null };
  const mainsMinutes = possibleMinutes - Math.min(input.outageMinutes, possibleMinutes);
  return {
    possibleMinutes,
    availabilityPct: availabilityOverPossible(input.outageMinutes, input.elapsedMinutes, input.gapMinutes),
    mainsHoursPerDay: Math.round((mainsMinutes / possibleMinutes) * 24 * 100) / 100,
  };
}

/** Fuel a DG used (litres, estimated): its burn at the site's mean DC load over its run hours. */
export function dgFuelLitres(runHours: number, meanLoadKw: number | null): number {
  return Math.round(dgBurnLitresPerHour(meanLoadKw ?? 0) * runHours * 10) / 10;
}

/** Cost of fuel (BDT, two decimals). */
export function fuelCost(litres: number, pricePerLitre: number): number {
  return Math.round(litres * pricePerLitre * 100) / 100;
}

/**
 * A shared generator's figures split between the site's tenants
 * (docs/decisions/shared-generator-split.md): equal shares, the tenants' loads not being metered
 * apart. Rounded to 0.01; the last tenant takes the rounding rest so the shares add up.
 */
export function tenantShares(total: number, tenants: readonly string[]): { tenant: string; share: number }[] {
  if (tenants.length === 0) return [];
  const each = Math.round((total / tenants.length) * 100) / 100;
  return tenants.map((tenant, i) => ({
    tenant,
    share: i === tenants.length - 1 ? Math.round((total - each * (tenants.length - 1)) * 100) / 100 : each,
  }));
}

/**
 * Estimated battery backup (hours) of a site now: the backup estimate of power-estimates.ts at the mean
 * DC load of the period (not a momentary reading), without learned outages. Null when unknown.
 */
export function backupHours(input: {
  capacityAh: number | null;
  volts: number | null;
  meanLoadAmps: number | null;
  emptyVolts: number;
}): number | null {
  const estimate = estimateBackup({
    capacityAh: input.capacityAh,
    volts: input.volts,
    dischargeAmps: input.meanLoadAmps ?? 0,
    emptyVolts: input.emptyVolts,
    outages: [],
  });
  return estimate.minutes === null ? null : Math.round((estimate.minutes / 60) * 100) / 100;
}

/** Episodes per month: a count over `elapsedMinutes` scaled to {@link AVERAGE_MONTH_DAYS}. */
export function perMonth(count: number, elapsedMinutes: number): number {
  if (elapsedMinutes <= 0) return 0;
  return Math.round(((count * AVERAGE_MONTH_DAYS * DAY_MS) / (elapsedMinutes * MINUTE_MS)) * 100) / 100;
}
