import {
  type CompareMode,
  DEFAULT_MIN_BACKUP_HOURS,
  DEFAULT_MONTHLY_FREQUENCY,
  defaultReportRange,
  dhakaDate,
  MAX_REPORT_MONTHS,
  MAX_REPORT_RANGE_DAYS,
  REPORT_NUMBER_LIMITS,
  type ReportKind,
} from '@towerwatch/domain';
import { inDhaka } from '../../lib/time.ts';

/**
 * The view model of the analytics reports (docs/requirements.md#analytics): which report, over how
 * many months back from now (docs/requirements.md#report-range: rule in the domain's defaultReportRange), compared
 * with which period, with which threshold — and the query, file name and figures derived from it.
 */

/** The reports in the order of the tabs, with their titles. */
export const REPORT_TABS: readonly { kind: ReportKind; label: string }[] = [
  { kind: 'dg', label: 'DG' },
  { kind: 'mains', label: 'Mains' },
  { kind: 'battery', label: 'Battery' },
  { kind: 'temperature', label: 'Temperature' },
];

/** The month choices of the range control (up to the domain's MAX_REPORT_MONTHS). */
export const MONTH_CHOICES: readonly number[] = [1, 3, 6, 12, 24].filter((m) => m <= MAX_REPORT_MONTHS);

/** The compare choices; the temperature report takes no compare (the spec lists none for it). */
export const COMPARE_CHOICES: readonly { value: CompareMode; label: string }[] = [
  { value: 'none', label: 'No comparison' },
  { value: 'previous_period', label: 'Previous period' },
  { value: 'previous_year', label: 'Same period last year' },
];

/** True when the report offers a comparison. */
export function hasCompare(kind: ReportKind): boolean {
  return kind !== 'temperature';
}

/** A custom range: Asia/Dhaka calendar dates `YYYY-MM-DD`, both days included ('' while not chosen). */
export interface CustomRange {
  from: string;
  until: string;
}

/** What the user chose: months back (or a custom range), compare, the thresholds, the tenant. */
export interface ReportSettings {
  months: number;
  /** A custom range instead of `months` back from now; null: months back. */
  custom: CustomRange | null;
  compare: CompareMode;
  /** Mains hours per day a site should average (null: no flag). */
  dailyAvg: number | null;
  minBackupHours: number;
  monthlyFrequency: number;
  tenant: string | null;
}

/** The settings a page starts with (the domain's default thresholds; no daily average flag). */
export const DEFAULT_SETTINGS: ReportSettings = {
  months: 1,
  custom: null,
  compare: 'none',
  dailyAvg: null,
  minBackupHours: DEFAULT_MIN_BACKUP_HOURS,
  monthlyFrequency: DEFAULT_MONTHLY_FREQUENCY,
  tenant: null,
};

/** The threshold parameter of each report (the DG report has none). */
export const THRESHOLDS = {
  mains: {
    key: 'dailyAvg',
    label: 'Daily mains below',
    suffix: ' h',
    step: 0.5,
    ...REPORT_NUMBER_LIMITS.daily_avg,
  },
  battery: {
    key: 'minBackupHours',
    label: 'Backup below',
    suffix: ' h',
    step: 0.5,
    ...REPORT_NUMBER_LIMITS.min_backup_hour,
  },
  temperature: {
    key: 'monthlyFrequency',
    label: 'Episodes per month from',
    suffix: '',
    step: 1,
    ...REPORT_NUMBER_LIMITS.monthly_frequency,
  },
} as const satisfies Partial<
  Record<
    ReportKind,
    { key: keyof ReportSettings; label: string; suffix: string; step: number; min: number; max: number }
  >
>;

/** The query of a report (the contract's parameter names), its range computed at `now`. */
export interface ReportQuery {
  from_time: string;
  until_time: string;
  compare?: CompareMode;
  tenant?: string;
  site_uid?: string;
  daily_avg?: number;
  min_backup_hour?: number;
  monthly_frequency?: number;
}

/**
 * The query of report `kind`: from `months` back from `now` until now (the battery report until one
 * year ahead), the compare mode where the report has one, its threshold, the tenant and the site.
 */
export function reportQuery(
  kind: ReportKind,
  settings: ReportSettings,
  now: Date,
  siteUid: string | null = null,
): ReportQuery {
  const range = defaultReportRange(kind, now, settings.months);
  // A custom range goes as Dhaka dates: the server takes from's 00:00 until the end of until's day.
  const query: ReportQuery = settings.custom
    ? { from_time: settings.custom.from, until_time: settings.custom.until }
    : { from_time: new Date(range.from).toISOString(), until_time: new Date(range.until).toISOString() };
  if (hasCompare(kind) && settings.compare !== 'none') query.compare = settings.compare;
  if (settings.tenant) query.tenant = settings.tenant;
  if (siteUid) query.site_uid = siteUid;
  if (kind === 'mains' && settings.dailyAvg !== null) query.daily_avg = settings.dailyAvg;
  if (kind === 'battery') query.min_backup_hour = settings.minBackupHours;
  if (kind === 'temperature') query.monthly_frequency = settings.monthlyFrequency;
  return query;
}

const DAY_MS = 86_400_000;

/** The custom range a user starts from: the last 30 Dhaka days up to today. */
export function initialCustomRange(now: Date): CustomRange {
  return { from: dhakaDate(new Date(now.getTime() - 29 * DAY_MS)), until: dhakaDate(now) };
}

/** What is wrong with a custom range (the server's rules), or null when it can be asked for. */
export function customRangeProblem(custom: CustomRange | null): string | null {
  if (!custom) return null;
  if (!custom.from || !custom.until) return 'Choose the first and the last day.';
  if (custom.from > custom.until) return 'The first day must be on or before the last day.';
  const days = (Date.parse(custom.until) - Date.parse(custom.from)) / DAY_MS + 1;
  if (days > MAX_REPORT_RANGE_DAYS) return `At most ${MAX_REPORT_RANGE_DAYS} days.`;
  return null;
}

const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]+/g;

/** The .xlsx file name: `<Report> report · <scope> · <Dhaka date>.xlsx`, without characters files refuse. */
export function exportFileName(kind: ReportKind, scope: string, now: Date): string {
  const label = REPORT_TABS.find((tab) => tab.kind === kind)?.label ?? kind;
  const name = `${label} report - ${scope} - ${inDhaka(now).format('YYYY-MM-DD HHmm')}`;
  return `${name.replace(UNSAFE_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim()}.xlsx`;
}

/**
 * Whether a period's figures rest on any data: a compared period from before the sites' first records
 * is all gap (docs/requirements.md#analytics), its zeros are "no data", not "nothing happened".
 */
export function hasData(figures: { completenessPct: number } | null | undefined): boolean {
  return figures !== null && figures !== undefined && figures.completenessPct > 0;
}

/** A row's compared figures, or null when the compared period has no data for it. */
export function previousOf<P extends { completenessPct: number }>(row: { previous: P | null }): P | null {
  return hasData(row.previous) ? row.previous : null;
}

/** The change from `previous` to `current`: the difference and, when the previous is not 0, in percent. */
export function change(
  current: number | null,
  previous: number | null | undefined,
): { diff: number; percent: number | null } | null {
  if (current === null || previous === null || previous === undefined) return null;
  const diff = current - previous;
  return { diff, percent: previous === 0 ? null : (diff / Math.abs(previous)) * 100 };
}

/** A change as shown beside a figure: '+1.5 h (+12%)', '−30 min', 'no change'. */
export function formatChange(
  delta: { diff: number; percent: number | null } | null,
  format: (value: number) => string,
): string {
  if (delta === null) return '';
  if (delta.diff === 0) return 'no change';
  const sign = delta.diff > 0 ? '+' : '−';
  const percent = delta.percent === null ? '' : ` (${sign}${Math.abs(Math.round(delta.percent))}%)`;
  return `${sign}${format(Math.abs(delta.diff))}${percent}`;
}

/** Minutes as hours and minutes: '0 min', '45 min', '3 h 05 min', '1,204 h'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours >= 100) return `${hours.toLocaleString('en-US')} h`;
  return `${hours} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** A number with `digits` decimals and thousands separators, or '—' when unknown. */
export function formatNumber(value: number | null | undefined, digits = 1, unit = ''): string {
  if (value === null || value === undefined) return '—';
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit ? `${text} ${unit}` : text;
}

/** The period a reply covers, as shown: '24 Oct 2026 – 24 Nov 2026' (Asia/Dhaka). */
export function formatPeriod(period: { from: string; end: string }): string {
  return `${inDhaka(period.from).format('D MMM YYYY')} – ${inDhaka(period.end).format('D MMM YYYY')}`;
}
