/**
 * Analytics reports (docs/requirements.md#analytics, docs/api.md "Analytics"): GET /analytics/dg-report,
 * /analytics/mains-report, /analytics/battery-report and /analytics/temperature-report with the spec's
 * parameter names. Every report answers per site rows (the caller's company and allowed tenants), fleet
 * totals, each site's data completeness (device-offline gap minutes) and, with `compare`, the same
 * figures over a second period side by side (`previous`). `excel=yes` answers the report as .xlsx.
 * Rules and defaults: packages/domain/src/analytics.ts.
 */
import {
  COMPARE_MODES,
  type CompareMode,
  MAX_DIESEL_PRICE_PER_LITRE,
  MAX_REPORT_RANGE_DAYS,
  parseCompareMode,
  parseReportTime,
  type REPORT_KINDS,
  REPORT_NUMBER_LIMITS,
} from '@towerwatch/domain';
import { z } from 'zod';
import { safeText } from './input.ts';
import { isoTime, tenantCode, userUidParam } from './site-common.ts';

/** `from_time` / `until_time`: an ISO instant or a `YYYY-MM-DD` Asia/Dhaka date. */
const reportTime = (side: 'from' | 'until') =>
  safeText()
    .max(40)
    .refine((v) => parseReportTime(v, side) !== null, 'an ISO time or a YYYY-MM-DD date');

/** `compare`: none, previous_period, previous_year, or a yes/no flag (yes = previous_period). */
const compareParam = safeText()
  .max(20)
  .optional()
  .transform((v, ctx): CompareMode => {
    const mode = parseCompareMode(v);
    if (mode === null) {
      ctx.addIssue({ code: 'custom', message: `one of ${COMPARE_MODES.join(', ')}, yes or no` });
      return z.NEVER;
    }
    return mode;
  });

/** A report number of the query string, coerced (docs/requirements.md#report-coercion) and bounded. */
const reportNumber = (limits: { min: number; max: number }) =>
  z.coerce.number().min(limits.min).max(limits.max);

/** `excel=yes`: the report as an .xlsx file instead of JSON. */
export const excelParam = z.enum(['yes', 'no']).optional();

const commonQuery = {
  /** Operators: the customer (its root user uid) whose sites the report covers. */
  user_uid: userUidParam.optional(),
  compare: compareParam,
  from_time: reportTime('from').optional(),
  until_time: reportTime('until').optional(),
  /** One allowed tenant: only its sites and its figures. */
  tenant: tenantCode.optional(),
  excel: excelParam,
};

/** from_time before until_time, and at most MAX_REPORT_RANGE_DAYS apart (else 400 naming until_time). */
function checkRange(
  q: { from_time?: string | undefined; until_time?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!q.from_time || !q.until_time) return;
  const from = parseReportTime(q.from_time, 'from');
  const until = parseReportTime(q.until_time, 'until');
  if (from === null || until === null) return;
  if (until <= from)
    ctx.addIssue({ code: 'custom', path: ['until_time'], message: 'must be after from_time' });
  else if (until - from > MAX_REPORT_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['until_time'],
      message: `at most ${MAX_REPORT_RANGE_DAYS} days after from_time`,
    });
  }
}

export const dgReportQuery = z
  .object({
    ...commonQuery,
    /** Diesel price per litre (BDT) for the cost; default DEFAULT_DIESEL_PRICE_PER_LITRE. */
    fuel_price: z.coerce.number().min(0).max(MAX_DIESEL_PRICE_PER_LITRE).optional(),
  })
  .superRefine(checkRange);
export type DgReportQuery = z.infer<typeof dgReportQuery>;

export const mainsReportQuery = z
  .object({ ...commonQuery, daily_avg: reportNumber(REPORT_NUMBER_LIMITS.daily_avg).optional() })
  .superRefine(checkRange);
export type MainsReportQuery = z.infer<typeof mainsReportQuery>;

export const batteryReportQuery = z
  .object({ ...commonQuery, min_backup_hour: reportNumber(REPORT_NUMBER_LIMITS.min_backup_hour).optional() })
  .superRefine(checkRange);
export type BatteryReportQuery = z.infer<typeof batteryReportQuery>;

export const temperatureReportQuery = z
  .object({
    ...commonQuery,
    monthly_frequency: reportNumber(REPORT_NUMBER_LIMITS.monthly_frequency).optional(),
  })
  .superRefine(checkRange);
export type TemperatureReportQuery = z.infer<typeof temperatureReportQuery>;

/** A report's period: [from, until), and `end` = where its figures stop (until, or now if earlier). */
export const reportPeriod = z.object({ from: isoTime, until: isoTime, end: isoTime });
export type ReportPeriodReply = z.infer<typeof reportPeriod>;

/** What every report says about itself. */
const reportMeta = <K extends (typeof REPORT_KINDS)[number]>(kind: K) => ({
  report: z.literal(kind),
  generatedAt: isoTime,
  period: reportPeriod,
  compare: z.enum(COMPARE_MODES),
  /** The second period (null without compare). */
  comparePeriod: reportPeriod.nullable(),
  tenant: z.string().nullable(),
  /** The customer chosen with user_uid (operators), else null. */
  companyId: z.string().nullable(),
});

/** Data completeness of one site over the period: minutes its device was offline (a gap is not counted). */
const completeness = {
  gapMinutes: z.number(),
  /** 100 × (1 − gap ÷ elapsed). */
  completenessPct: z.number(),
};

const siteBase = { siteUid: z.string(), siteName: z.string(), tenants: z.array(z.string()) };

/** DG report figures of one site over one period (hours to 0.01, minutes exact). */
export const dgFigures = z.object({
  dgRunHours: z.number(),
  dgStarts: z.number().int(),
  pgRunHours: z.number(),
  pgStarts: z.number().int(),
  /** Mean DC load (kW) over the period; null without readings. */
  meanLoadKw: z.number().nullable(),
  /** DG fuel used (litres, estimated from run hours and load: DG_FUEL_BURN). */
  fuelLitres: z.number(),
  /** fuelLitres × fuel price (BDT). */
  cost: z.number(),
  ...completeness,
});
export type DgFigures = z.infer<typeof dgFigures>;
export const dgReportRow = z.object({
  ...siteBase,
  ...dgFigures.shape,
  /** The DG runs at the end of the period (a run still going counts up to now). */
  dgRunning: z.boolean(),
  /** The generator's fuel and cost split between the site's tenants (equal shares). */
  tenantShares: z.array(z.object({ tenant: z.string(), fuelLitres: z.number(), cost: z.number() })),
  previous: dgFigures.nullable(),
});
export type DgReportRow = z.infer<typeof dgReportRow>;
export const dgTotals = dgFigures.omit({ meanLoadKw: true }).extend({ sites: z.number().int() });
export const dgReportReply = z.object({
  ...reportMeta('dg'),
  parameters: z.object({ fuelPricePerLitre: z.number() }),
  totals: dgTotals,
  previousTotals: dgTotals.nullable(),
  /** Per tenant: its sites and its shares of run hours, fuel and cost. */
  byTenant: z.array(
    z.object({
      tenant: z.string(),
      sites: z.number().int(),
      dgRunHours: z.number(),
      fuelLitres: z.number(),
      cost: z.number(),
    }),
  ),
  sites: z.array(dgReportRow),
});
export type DgReportReply = z.infer<typeof dgReportReply>;

/** Mains figures of one site over one period. */
export const mainsFiguresSchema = z.object({
  /** Minutes from the period's start to its end (now, if earlier than until). */
  elapsedMinutes: z.number(),
  /** Elapsed minus gap minutes: the time mains is judged over. */
  possibleMinutes: z.number(),
  /** Minutes without mains while the device reported (the worst tenant's view). */
  outageMinutes: z.number(),
  outageCount: z.number().int(),
  /** availabilityPercent(outage, possible); null when the device never reported. */
  availabilityPct: z.number().nullable(),
  /** Mean mains hours per Dhaka day (0–24) over the possible time. */
  mainsHoursPerDay: z.number().nullable(),
  ...completeness,
});
export type MainsFiguresReply = z.infer<typeof mainsFiguresSchema>;
export const mainsReportRow = z.object({
  ...siteBase,
  ...mainsFiguresSchema.shape,
  /** mainsHoursPerDay below daily_avg; null without daily_avg or without data. */
  belowDailyAvg: z.boolean().nullable(),
  previous: mainsFiguresSchema.nullable(),
});
export type MainsReportRow = z.infer<typeof mainsReportRow>;
export const mainsTotals = mainsFiguresSchema.extend({
  sites: z.number().int(),
  sitesBelowDailyAvg: z.number().int(),
});
export const mainsReportReply = z.object({
  ...reportMeta('mains'),
  parameters: z.object({ dailyAvgHours: z.number().nullable() }),
  totals: mainsTotals,
  previousTotals: mainsTotals.nullable(),
  /** The fleet per Asia/Dhaka day of the period (the chart). */
  days: z.array(
    z.object({
      date: z.string(),
      possibleMinutes: z.number(),
      outageMinutes: z.number(),
      availabilityPct: z.number().nullable(),
    }),
  ),
  /** Per tenant: the sites it is on, their outage and possible minutes and availability. */
  byTenant: z.array(
    z.object({
      tenant: z.string(),
      sites: z.number().int(),
      outageMinutes: z.number(),
      possibleMinutes: z.number(),
      availabilityPct: z.number().nullable(),
    }),
  ),
  sites: z.array(mainsReportRow),
});
export type MainsReportReply = z.infer<typeof mainsReportReply>;

/** Battery figures of one site that a period changes (compare). */
export const batteryPeriodFigures = z.object({
  /** Minutes the site ran on battery (battery_power active). */
  onBatteryMinutes: z.number(),
  /** Discharges (battery_power periods starting in the period). */
  discharges: z.number().int(),
  /** DC bus readings at or below 42 V (deep discharge, BATTERY_HEALTH_VALUES). */
  deepDischargeReadings: z.number().int(),
  ...completeness,
});
export const batteryReportRow = z.object({
  ...siteBase,
  ...batteryPeriodFigures.shape,
  capacityAh: z.number().nullable(),
  /** Latest DC bus voltage. */
  volts: z.number().nullable(),
  stateOfChargePct: z.number().nullable(),
  /** Mean DC load current over the period (A). */
  meanLoadAmps: z.number().nullable(),
  /** Estimated backup at the mean load from the present charge (hours); null when unknown. */
  backupHours: z.number().nullable(),
  /** Latest BMS state of health (%, weakest bank), null without a BMS. */
  soh: z.number().nullable(),
  previous: batteryPeriodFigures.nullable(),
});
export type BatteryReportRow = z.infer<typeof batteryReportRow>;
export const batteryTotals = z.object({
  /** Sites of the scope. */
  sites: z.number().int(),
  /** Sites listed: backup below min_backup_hour. */
  sitesBelow: z.number().int(),
  /** Sites whose backup could not be estimated (no capacity, voltage or load). */
  sitesUnknown: z.number().int(),
  meanBackupHours: z.number().nullable(),
  onBatteryMinutes: z.number(),
  discharges: z.number().int(),
  gapMinutes: z.number(),
  completenessPct: z.number(),
});
export const batteryReportReply = z.object({
  ...reportMeta('battery'),
  parameters: z.object({ minBackupHours: z.number() }),
  totals: batteryTotals,
  previousTotals: batteryTotals.nullable(),
  /** Only the sites whose backup is below min_backup_hour, shortest backup first. */
  sites: z.array(batteryReportRow),
});
export type BatteryReportReply = z.infer<typeof batteryReportReply>;

/** Temperature figures of one site over one period. */
export const temperatureFigures = z.object({
  maxC: z.number().nullable(),
  meanC: z.number().nullable(),
  /** Minutes at or above the site's high-temperature threshold (high_temperature active). */
  minutesAbove: z.number(),
  /** High-temperature episodes starting in the period. */
  episodes: z.number().int(),
  /** Episodes scaled to a month (AVERAGE_MONTH_DAYS). */
  episodesPerMonth: z.number(),
  ...completeness,
});
export const temperatureReportRow = z.object({
  ...siteBase,
  ...temperatureFigures.shape,
  thresholdC: z.number(),
  /** episodesPerMonth ≥ monthly_frequency. */
  frequent: z.boolean(),
  previous: temperatureFigures.nullable(),
});
export type TemperatureReportRow = z.infer<typeof temperatureReportRow>;
export const temperatureTotals = temperatureFigures.extend({
  sites: z.number().int(),
  sitesFrequent: z.number().int(),
});
export const temperatureReportReply = z.object({
  ...reportMeta('temperature'),
  parameters: z.object({ monthlyFrequency: z.number() }),
  totals: temperatureTotals,
  previousTotals: temperatureTotals.nullable(),
  sites: z.array(temperatureReportRow),
});
export type TemperatureReportReply = z.infer<typeof temperatureReportReply>;
