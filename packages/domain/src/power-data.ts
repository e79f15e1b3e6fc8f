/**
 * Power data (docs/requirements.md#power-data): chart ranges and resolution, which events each power
 * page lists, what the battery health history counts, and the ranking order of the fleet calls.
 * Time-series reads: docs/requirements.md#time-series; decisions in docs/requirements.md#power-decisions.
 */
import { DHAKA_OFFSET_MS } from './date-ranges.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Default chart resolution in minutes (`zoom`): one point per day (docs/requirements.md#time-series). */
export const DEFAULT_ZOOM_MINUTES = 1440;
/** Smallest and largest `zoom` accepted (minutes per point): one minute … 31 days. */
export const ZOOM_LIMITS = { min: 1, max: 44_640 } as const;
/** A chart never receives more points than this: the bucket grows until the range fits. */
export const MAX_CHART_POINTS = 1500;
/** Longest range a chart call may ask for (days): a year and a day. */
export const MAX_CHART_RANGE_DAYS = 366;
/** Ranges up to this many days with buckets under an hour read raw telemetry; longer ones the hourly rollups. */
export const RAW_SERIES_MAX_DAYS = 3;
/** Bucket sizes a chart snaps to (minutes): each divides a Dhaka day or is a whole number of days. */
export const SERIES_BUCKETS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 10080] as const;

/** Where a series is read from: raw one-row-per-message telemetry, or the hourly rollups. */
export type SeriesSource = 'raw' | 'hourly';

/** The resolution a chart call answers with. */
export interface SeriesPlan {
  /** Minutes per bucket (≥ the asked zoom, so the range fits {@link MAX_CHART_POINTS}). */
  bucketMinutes: number;
  source: SeriesSource;
  /** Number of buckets over [from, until). */
  buckets: number;
}

/**
 * The zoom → resolution rule (docs/requirements.md#time-series): the bucket is the smallest of
 * {@link SERIES_BUCKETS} that is ≥ `zoom` and keeps the range within {@link MAX_CHART_POINTS};
 * buckets of an hour or more, or ranges over {@link RAW_SERIES_MAX_DAYS}, read the hourly rollups (the
 * bucket is then at least 60 minutes). Buckets align to Asia/Dhaka midnight.
 */
export function planSeries(from: Date, until: Date, zoomMinutes: number): SeriesPlan {
  const rangeMinutes = Math.max(1, (until.getTime() - from.getTime()) / MINUTE_MS);
  const longRange = rangeMinutes > RAW_SERIES_MAX_DAYS * 1440;
  const wanted = Math.max(zoomMinutes, rangeMinutes / MAX_CHART_POINTS, longRange ? 60 : 1);
  const bucketMinutes: number = SERIES_BUCKETS.find((b) => b >= wanted) ?? 10080;
  return {
    bucketMinutes,
    source: bucketMinutes >= 60 ? 'hourly' : 'raw',
    buckets: Math.ceil(rangeMinutes / bucketMinutes),
  };
}

/** Start of the bucket holding `at`, buckets aligned to Asia/Dhaka midnight (weeks: Dhaka Monday). */
export function seriesBucketStart(at: number, bucketMinutes: number): number {
  const size = bucketMinutes * MINUTE_MS;
  // 1970-01-05 was a Monday: weekly buckets start on Dhaka Mondays, shorter ones on Dhaka midnight.
  const anchor = (bucketMinutes >= 10080 ? 4 * DAY_MS : 0) - DHAKA_OFFSET_MS;
  return Math.floor((at - anchor) / size) * size + anchor;
}

/** Start of the Asia/Dhaka calendar month holding `at`. */
export function dhakaMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - DHAKA_OFFSET_MS);
}

/** `at` plus one calendar month in Asia/Dhaka (the 31st plus one month clamps to the month's end). */
export function plusOneDhakaMonth(at: Date): Date {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const timeOfDay = local.getTime() - Date.UTC(y, m, local.getUTCDate());
  const lastDay = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m + 1, day) + timeOfDay - DHAKA_OFFSET_MS);
}

/**
 * The spec's default chart range (docs/requirements.md#time-series): from the start of the current
 * Asia/Dhaka month to one month later, at {@link DEFAULT_ZOOM_MINUTES}.
 */
export function defaultPowerRange(now: Date): { from: Date; until: Date; zoom: number } {
  const from = dhakaMonthStart(now);
  return { from, until: plusOneDhakaMonth(from), zoom: DEFAULT_ZOOM_MINUTES };
}

/** Default range of the voltage profile and the other "now" charts: the last 24 hours. */
export const PROFILE_DEFAULT_HOURS = 24;

/**
 * Battery health history values (docs/requirements.md#battery-health-history): each value is a DC bus
 * voltage threshold of a 48 V bank, and the history counts, per bucket, the readings beyond it.
 * 42 V: at or below — deep discharge past the low-voltage disconnect (damages the bank);
 * 52 V: at or below — the bank is not on float, i.e. discharging or recovering (cycling);
 * 56 V: at or above — over-voltage charging (gassing, dry-out).
 */
export const BATTERY_HEALTH_VALUES = [42, 52, 56] as const;
/** One battery health history value. */
export type BatteryHealthValue = (typeof BATTERY_HEALTH_VALUES)[number];
/** Which side of its threshold each health value counts, and its label. */
export const BATTERY_HEALTH_CONDITIONS: Readonly<
  Record<BatteryHealthValue, { side: 'at_or_below' | 'at_or_above'; label: string }>
> = {
  42: { side: 'at_or_below', label: 'Deep discharge (≤ 42 V)' },
  52: { side: 'at_or_below', label: 'Not on float (≤ 52 V)' },
  56: { side: 'at_or_above', label: 'Over-charge (≥ 56 V)' },
};

/** True when a reading counts for a health value. */
export function isBeyondHealthThreshold(value: BatteryHealthValue, volts: number): boolean {
  return BATTERY_HEALTH_CONDITIONS[value].side === 'at_or_below' ? volts <= value : volts >= value;
}

/** The pin the battery voltage profile reads (docs/requirements.md#battery-calls). */
export const BATTERY_PROFILE_PIN = 'am6';

/** Events of the battery page (docs/requirements.md#live-routing battery, plus Battery Critical). */
export const BATTERY_EVENT_NAMES = [
  'battery_power',
  'dc_low_voltage',
  'dc_critical_voltage',
  'dc_fail',
  'battery_low',
] as const;
/** Events of the mains page (docs/requirements.md#live-routing mains, plus AC fail and MDB fault). */
export const MAINS_EVENT_NAMES = [
  'mains_outage',
  'mains_fail',
  'site_down',
  'rectifier_fail',
  'ac_fail',
  'mdb_fault',
] as const;
/** Events of the temperature page. */
export const TEMPERATURE_EVENT_NAMES = ['high_temperature'] as const;
/** Generator events written by the fuel and transfer-switch checks (docs/requirements.md#fuel-theft). */
export const FUEL_EVENT_NAMES = ['fuel_theft_suspected', 'fuel_refill'] as const;
/** Generator running while mains is present (docs/requirements.md#dg-with-mains). */
export const DG_WITH_MAINS_EVENT = 'dg_with_mains';
/** The run events of `/dg/api/run-hours` and `/dg/api/events` (`event`). */
export const GENERATOR_RUN_EVENTS = ['dg_power', 'pg_power'] as const;
/** One generator run event. */
export type GeneratorRunEvent = (typeof GENERATOR_RUN_EVENTS)[number];
/** Events of the generator page when no `event` is given. */
export const GENERATOR_EVENT_NAMES = [
  ...GENERATOR_RUN_EVENTS,
  'dg_start_fail',
  'dg_low_fuel',
  ...FUEL_EVENT_NAMES,
  DG_WITH_MAINS_EVENT,
] as const;

/** Ranking order of the fleet calls (`/battery/energy/last`, `/battery/voltage/last`, `/battery/power/avg-load`). */
export const RANKING_ORDERS = ['desc', 'asc'] as const;
/** One ranking order. */
export type RankingOrder = (typeof RANKING_ORDERS)[number];
/** Default and largest page of a ranking call. */
export const RANKING_LIMITS = { default: 100, max: 1000 } as const;

/** Energy of one hour (kWh) from its mean DC bus voltage (V) and mean DC load current (A). */
export function hourEnergyKwh(avgVolts: number, avgAmps: number): number {
  return (avgVolts * avgAmps) / 1000;
}
