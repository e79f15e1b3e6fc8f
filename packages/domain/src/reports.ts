/**
 * Analytics reports: value coercion and fixed parameters (feature-areas §5, §7, §9).
 */

/** Report fields coerced to numbers (feature-areas §5). */
export const REPORT_NUMERIC_FIELDS = ['daily_avg', 'min_backup', 'monthly_frequency'] as const;
/** A coerced report field. */
export type ReportNumericField = (typeof REPORT_NUMERIC_FIELDS)[number];

/** Battery health history values the battery screen asks for (feature-areas §7, §9). */
export const BATTERY_HEALTH_HISTORY_VALUES = [42, 52, 56] as const;

/** Fixed parameters of the battery voltage profile call (feature-areas §7). */
export const BATTERY_VOLTAGE_PROFILE_DEFAULTS = { pinName: 'am6', factor: 1, offset: 0 } as const;

/** Report kinds of the analytics area (feature-areas §7). */
export const REPORT_KINDS = ['dg', 'mains', 'battery', 'temperature'] as const;
/** A report kind. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * Reads a report value as a number. Decision: finite numbers pass; numeric strings (trimmed) are
 * converted; booleans, empty strings and anything else give null.
 */
export function toReportNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * Coerces daily_avg, min_backup and monthly_frequency of a report row or query to numbers
 * (feature-areas §5); other fields are untouched and absent fields stay absent.
 */
export function coerceReportValues<T extends Record<string, unknown>>(
  row: T,
): Omit<T, ReportNumericField> & Partial<Record<ReportNumericField, number | null>> {
  const out: Record<string, unknown> = { ...row };
  for (const field of REPORT_NUMERIC_FIELDS) {
    if (field in row) out[field] = toReportNumber(row[field]);
  }
  return out as Omit<T, ReportNumericField> & Partial<Record<ReportNumericField, number | null>>;
}

/**
 * Validates the numeric report fields of a query: the names of fields present but not numeric, for
 * a 400 reply that names the field.
 */
export function invalidReportFields(query: Record<string, unknown>): ReportNumericField[] {
  return REPORT_NUMERIC_FIELDS.filter((field) => field in query && toReportNumber(query[field]) === null);
}
