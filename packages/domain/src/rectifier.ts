/**
 * Rectifiers and OEM data: types, counted vendors, the rectifier clock and binary display
 * (platform-core §3, §9; feature-areas §2, §3, §9).
 */

/** Rectifier types (platform-core §3). */
export const RECTIFIER_TYPES = ['vertiv', 'sarbs', 'eltek', 'jvolt'] as const;
/** A rectifier type. */
export type RectifierType = (typeof RECTIFIER_TYPES)[number];

/** Rectifier vendors counted in site counts (platform-core §9). jvolt is not counted. */
export const RECTIFIER_VENDORS_COUNTED = [
  'sarbs',
  'vertiv',
  'eltek',
] as const satisfies readonly RectifierType[];

/** OEM data tabs; the selected tab defaults to rectifier (feature-areas §2). */
export const OEM_TABS = ['rectifier', 'bms'] as const;
/** The default OEM tab. */
export const DEFAULT_OEM_TAB = 'rectifier';
/** The default selected battery (BMS) address (feature-areas §2). */
export const DEFAULT_BATTERY_ADDRESS = 1;

/** True when `value` is a rectifier type. */
export function isRectifierType(value: unknown): value is RectifierType {
  return typeof value === 'string' && (RECTIFIER_TYPES as readonly string[]).includes(value);
}

/**
 * Counts sites per counted vendor, looking at both rectifier_type and rectifier_type_2. Decision: a
 * site with the same vendor in both slots counts once for it.
 */
export function countRectifierVendors(
  sites: readonly { rectifier_type?: string | null; rectifier_type_2?: string | null }[],
): Record<(typeof RECTIFIER_VENDORS_COUNTED)[number], number> {
  const counts = { sarbs: 0, vertiv: 0, eltek: 0 };
  for (const site of sites) {
    const types = new Set([site.rectifier_type, site.rectifier_type_2]);
    for (const vendor of RECTIFIER_VENDORS_COUNTED) if (types.has(vendor)) counts[vendor] += 1;
  }
  return counts;
}

/** The clock fields a rectifier reports (feature-areas §3). Month is 1–12. */
export interface RectifierClockParts {
  year: number;
  month: number;
  date: number;
  hour: number;
  minute: number;
  seconds: number;
}

/** The fixed offset of Asia/Dhaka (UTC+6, no daylight saving). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * Builds the rectifier clock as an instant (feature-areas §3): a two-digit year (0–99) is read as
 * 2000 plus it. Decision: the parts are the device's local time in Asia/Dhaka. Out-of-range parts
 * (month 13, day 32, hour 24 ...) give null rather than rolling over.
 */
export function rectifierClock(parts: RectifierClockParts): Date | null {
  const { month, date, hour, minute, seconds } = parts;
  const values = [parts.year, month, date, hour, minute, seconds];
  if (!values.every(Number.isInteger)) return null;
  const year = parts.year >= 0 && parts.year < 100 ? 2000 + parts.year : parts.year;
  const utc = Date.UTC(year, month - 1, date, hour, minute, seconds);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== seconds
  ) {
    return null;
  }
  return new Date(utc - DHAKA_OFFSET_MS);
}

/**
 * Binary display of a status word, padded to 5 digits (feature-areas §9). Decision: values wider
 * than 5 bits are shown in full; negative or non-integer values give ''.
 */
export function binaryDisplay(value: number): string {
  if (!Number.isInteger(value) || value < 0) return '';
  return value.toString(2).padStart(5, '0');
}
