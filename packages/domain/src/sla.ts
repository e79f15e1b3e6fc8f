/**
 * Tenant SLA report and scheduled reports (issue 15 "Beyond the anchors"; decisions in
 * docs/decisions/sla-availability-and-causes.md and docs/decisions/scheduled-reports.md).
 * Availability itself is `availabilityPercent` (availability.ts): this file holds only what the SLA
 * adds — the target, the outage causes, the months of a report and who may schedule reports.
 */
import { REPORT_KINDS } from './analytics.ts';
import { DHAKA_OFFSET_MS } from './date-ranges.ts';
import type { DomainUser } from './users.ts';

/** Default SLA target in percent. */
export const SLA_DEFAULT_TARGET = 99.5;
/** Allowed SLA targets (percent). */
export const SLA_TARGET_LIMITS = { min: 50, max: 100 } as const;
/** Longest SLA report: whole Asia/Dhaka months. */
export const SLA_MAX_MONTHS = 12;

/** Causes of an outage minute, in the order of the report's columns. */
export const SLA_CAUSES = ['mains_failure', 'dg_failure', 'battery_exhausted', 'other'] as const;
/** One outage cause. */
export type SlaCause = (typeof SLA_CAUSES)[number];
/** Labels of the causes. */
export const SLA_CAUSE_LABELS: Readonly<Record<SlaCause, string>> = {
  mains_failure: 'Mains failure',
  dg_failure: 'DG failure',
  battery_exhausted: 'Battery exhausted',
  other: 'Other',
};

/**
 * The events the SLA reads (their raise/clear transitions): down time is `site_down`, data gaps are
 * `device_offline`, the causes come from the others.
 */
export const SLA_EVENT_NAMES = {
  down: 'site_down',
  gap: 'device_offline',
  mains: 'mains_fail',
  dgFailure: ['dg_start_fail', 'dg_low_fuel'],
  battery: ['battery_power', 'dc_low_voltage', 'dc_critical_voltage', 'battery_low'],
} as const;

/** Every event name the SLA reads ({@link SLA_EVENT_NAMES} as one list). */
export const SLA_EVENT_NAME_LIST: readonly string[] = [
  SLA_EVENT_NAMES.down,
  SLA_EVENT_NAMES.gap,
  SLA_EVENT_NAMES.mains,
  ...SLA_EVENT_NAMES.dgFailure,
  ...SLA_EVENT_NAMES.battery,
];

/** What was true during one site-down period (read from the transitions of {@link SLA_EVENT_NAMES}). */
export interface OutageFacts {
  /** Mains had failed when the site went down (or failed during the period). */
  mainsFailed: boolean;
  /** A DG start failure or low fuel was raised between the mains failure and the end of the period. */
  dgFailed: boolean;
  /** The site ran on battery, or its battery voltage fell low, before it went down. */
  onBattery: boolean;
}

/**
 * The cause of a site-down period. Decision: without a mains failure the cause is `other`
 * (equipment, rectifier, transmission); with one, a DG that failed to start or ran out of fuel is
 * `dg_failure` (the generator should have carried the site), a site that ran on battery first is
 * `battery_exhausted` (the bank ran flat before mains or DG came back), else `mains_failure` (the site
 * went down with the mains, nothing carried it).
 */
export function outageCause(facts: OutageFacts): SlaCause {
  if (!facts.mainsFailed) return 'other';
  if (facts.dgFailed) return 'dg_failure';
  if (facts.onBattery) return 'battery_exhausted';
  return 'mains_failure';
}

/** True when an availability meets the target (missing availability — no data at all — does not). */
export function meetsSlaTarget(availability: number | null, target: number): boolean {
  return availability !== null && availability >= target;
}

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for a `YYYY-MM` month. */
export function isMonth(value: string): boolean {
  return MONTH_RE.test(value);
}

/** Start (00:00 Asia/Dhaka on the 1st) of month `YYYY-MM`. */
export function dhakaMonthStartOf(month: string): Date {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) - DHAKA_OFFSET_MS);
}

/** The Asia/Dhaka month (`YYYY-MM`) holding `at`. */
export function dhakaMonthOf(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  const start = dhakaMonthStartOf(month);
  // The 1st plus 32 days is always in the next month.
  return dhakaMonthOf(new Date(start.getTime() + 32 * 86_400_000));
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  return dhakaMonthOf(new Date(dhakaMonthStartOf(month).getTime() - 1));
}

/** The whole Asia/Dhaka months from `from` (a month start or inside one) up to `until` (exclusive). */
export function monthsBetween(from: Date, until: Date): string[] {
  const out: string[] = [];
  for (let m = dhakaMonthOf(from); dhakaMonthStartOf(m) < until; m = nextMonth(m)) out.push(m);
  return out;
}

/** Kinds of scheduled report: the four analytics reports and the tenant SLA report. */
export const SCHEDULED_REPORT_KINDS = [...REPORT_KINDS, 'sla'] as const;
/** One scheduled report kind. */
export type ScheduledReportKind = (typeof SCHEDULED_REPORT_KINDS)[number];
/** Labels of the scheduled report kinds. */
export const SCHEDULED_REPORT_KIND_LABELS: Readonly<Record<ScheduledReportKind, string>> = {
  dg: 'DG report',
  mains: 'Mains report',
  battery: 'Battery report',
  temperature: 'Temperature report',
  sla: 'Tenant SLA report',
};
/** Schedules one company may hold. */
export const MAX_REPORT_SCHEDULES = 20;

/**
 * Who may schedule reports and read the produced ones. Decision: the company's admins — user types
 * `company` (the company account) and `superuser` — with a company; employees, read-only, finance and
 * the provider's operators (who have no company of their own) may not.
 */
export const REPORT_SCHEDULER_TYPES = ['company', 'superuser'] as const;

/** True when the user may manage the company's report schedules. */
export function canScheduleReports(user: Pick<DomainUser, 'type'>): boolean {
  return (REPORT_SCHEDULER_TYPES as readonly string[]).includes(user.type);
}

/**
 * The month a schedule's run on `now` reports: the previous Asia/Dhaka month (runs happen from the
 * 1st on). A schedule created during that month or earlier reports it; a schedule created later waits
 * for its first whole month.
 */
export function dueReportMonth(now: Date, scheduleCreatedAt: Date): string | null {
  const month = previousMonth(dhakaMonthOf(now));
  return scheduleCreatedAt < dhakaMonthStartOf(dhakaMonthOf(now)) ? month : null;
}
