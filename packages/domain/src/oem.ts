/**
 * OEM data (rectifier and BMS) and device monitoring rules (docs/requirements.md#oem,
 * docs/requirements.md#device-monitoring): the rectifier clock, binary display, which colour
 * threshold each OEM value uses, the cell spread of a battery, flapping devices, the service string
 * and the battery bank health ranking.
 */
import type { ColourKind } from './colours.ts';
import { DHAKA_OFFSET_MS } from './date-ranges.ts';

/** The rectifier's clock as separate fields (docs/requirements.md#rectifier-clock). */
export interface RectifierClockParts {
  year: number;
  month: number;
  date: number;
  hour: number;
  minute: number;
  seconds: number;
}

/**
 * The rectifier's clock (docs/requirements.md#rectifier-clock): built from year, month, date, hour,
 * minute, seconds; a year below 100 means 2000 + year. Decision: the parts are Asia/Dhaka local time;
 * a part out of range (month 13, 31 February, minute 60, a fraction) gives null.
 */
export function rectifierClock(parts: Partial<RectifierClockParts> | null | undefined): Date | null {
  if (!parts) return null;
  const ints = [parts.year, parts.month, parts.date, parts.hour, parts.minute, parts.seconds];
  const ok = (v: number | undefined): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (!ints.every(ok)) return null;
  const [rawYear, mo, d, h, mi, s] = ints as [number, number, number, number, number, number];
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(year, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - DHAKA_OFFSET_MS);
}

/** Width binary values are padded to (docs/requirements.md#binary-display). */
export const BINARY_DISPLAY_DIGITS = 5;

/**
 * A value shown in binary, padded with zeros to 5 digits (docs/requirements.md#binary-display).
 * Decision: wider values are shown in full; a negative, fractional or missing value shows '-'.
 */
export function binaryDisplay(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return '-';
  return value.toString(2).padStart(BINARY_DISPLAY_DIGITS, '0');
}

/**
 * Which colour threshold (docs/requirements.md#colour-thresholds) each OEM value is coloured by
 * (decision, docs/requirements.md#oem): voltages DC, mains input AC voltage, frequency, currents,
 * state of charge a percentage, state of health, temperatures, and a battery's capacity (Ah).
 */
export const OEM_VALUE_COLOURS = {
  output_voltage: 'dc_voltage',
  bms_voltage: 'dc_voltage',
  ac_input_voltage: 'ac_voltage',
  ac_frequency: 'ac_frequency',
  load_current: 'current',
  module_current: 'current',
  soc: 'percentage',
  soh: 'state_of_health',
  temperature: 'temperature',
  capacity: 'capacity',
} as const satisfies Record<string, ColourKind>;

/** The weakest and strongest cell of a battery and the spread between them (V). */
export interface CellSpread {
  /** Index (0-based) of the lowest cell voltage. */
  weakest: number;
  /** Index (0-based) of the highest cell voltage. */
  strongest: number;
  min: number;
  max: number;
  /** max − min, in volts (rounded to the millivolt). */
  spread: number;
}

/** Weakest and strongest cell (the first one on a tie); null without cells. */
export function cellSpread(cells: readonly number[]): CellSpread | null {
  if (cells.length === 0) return null;
  let weakest = 0;
  let strongest = 0;
  cells.forEach((v, i) => {
    if (v < (cells[weakest] as number)) weakest = i;
    if (v > (cells[strongest] as number)) strongest = i;
  });
  const min = cells[weakest] as number;
  const max = cells[strongest] as number;
  return { weakest, strongest, min, max, spread: Math.round((max - min) * 1000) / 1000 };
}

/**
 * A device is flapping when it went offline more than this many times in the last 24 hours
 * (docs/requirements.md#device-monitoring; the spec leaves N open, decision: 3).
 */
export const FLAPPING_OFFLINE_PER_DAY = 3;

/** True when a device's offline transitions in the last 24 h make it flapping. */
export function isFlapping(offlineTransitions24h: number): boolean {
  return offlineTransitions24h > FLAPPING_OFFLINE_PER_DAY;
}

/** What a device reports about itself in its status message (docs/device-protocol.md §3). */
export interface DeviceServiceInfo {
  firmware?: string | null;
  model?: string | null;
  uptime_s?: number | null;
  rssi_dbm?: number | null;
  last_error?: string | null;
}

/** Uptime as `3d 4h 5m` (days shown only when non-zero). */
function uptimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : `${h}h ${m}m`;
}

/**
 * The service string of a device (docs/requirements.md#service-string): its reported parts joined
 * with `; ` in a fixed order — `model=…; fw=…; up=…; rssi=… dBm; err=…` — missing parts left out,
 * `err=none` when the device reported no error. Empty when the device reported nothing.
 */
export function serviceString(info: DeviceServiceInfo | null | undefined): string {
  if (!info) return '';
  const parts: string[] = [];
  if (info.model) parts.push(`model=${info.model}`);
  if (info.firmware) parts.push(`fw=${info.firmware}`);
  if (typeof info.uptime_s === 'number') parts.push(`up=${uptimeText(info.uptime_s)}`);
  if (typeof info.rssi_dbm === 'number') parts.push(`rssi=${info.rssi_dbm} dBm`);
  if (parts.length > 0 || info.last_error !== undefined) parts.push(`err=${info.last_error || 'none'}`);
  return parts.join('; ');
}

/** One site's battery bank figures for the health ranking. */
export interface BankHealthInput {
  /** Latest weakest-to-strongest cell spread (V); null without cell data. */
  spread: number | null;
  /** Latest state of health (%). */
  soh: number | null;
  /** State of health change per 30 days (percentage points, negative = falling); null without history. */
  sohTrend30d: number | null;
}

/** Cell spread (V) from which a bank is flagged (decision: 50 mV on a 16-cell LFP bank). */
export const BANK_SPREAD_WARN_V = 0.05;

/**
 * Risk score of a battery bank (docs/requirements.md#battery-bank-health), higher = replace sooner:
 * 1000 × spread (V) + SOH points below 100 + 10 × SOH points lost per 30 days. A 60 mV spread, 82 %
 * SOH falling 1 point a month scores 60 + 18 + 10 = 88. Missing parts count 0.
 */
export function bankRiskScore(b: BankHealthInput): number {
  const spread = b.spread ?? 0;
  const sohLoss = b.soh === null ? 0 : Math.max(0, 100 - b.soh);
  const falling = b.sohTrend30d === null ? 0 : Math.max(0, -b.sohTrend30d);
  return Math.round((1000 * spread + sohLoss + 10 * falling) * 10) / 10;
}

/** Sorts banks by risk, highest first (ties: larger spread first). */
export function rankBanks<T extends BankHealthInput>(banks: readonly T[]): T[] {
  return [...banks].sort((a, b) => bankRiskScore(b) - bankRiskScore(a) || (b.spread ?? 0) - (a.spread ?? 0));
}

/** Default and largest page of the fleet's OEM records and OEM events. */
export const OEM_PAGE_SIZE = 100;
/** Most devices one device monitoring list returns (the screens virtualise 50,000 rows). */
export const DEVICE_LIST_MAX = 50_000;
