/**
 * Battery state classes of the dashboard counts (docs/requirements.md#dashboard-counts: battery full,
 * good, ok, bad). The spec gives no limits; decision for 48 V systems, by DC bus voltage: bad below
 * the site's DC low-voltage threshold (default 47 V), ok below 50 V, good below 53 V (float charge
 * is about 53.5 V), full from 53 V.
 */
export const BATTERY_CLASSES = ['full', 'good', 'ok', 'bad'] as const;
/** One battery class. */
export type BatteryClass = (typeof BATTERY_CLASSES)[number];

/** Voltage limits of the classes above `bad` (V). */
export const BATTERY_CLASS_LIMITS = { ok: 50, good: 53 } as const;

/** The DC low-voltage threshold used when a site sets none (V). */
export const DEFAULT_DC_LOW_VOLTAGE = 47;

/** Classifies a battery by its DC bus voltage against the site's low-voltage threshold. */
export function batteryClass(volts: number, dcLowVoltage: number = DEFAULT_DC_LOW_VOLTAGE): BatteryClass {
  if (volts < dcLowVoltage) return 'bad';
  if (volts < BATTERY_CLASS_LIMITS.ok) return 'ok';
  if (volts < BATTERY_CLASS_LIMITS.good) return 'good';
  return 'full';
}

/**
 * The class a battery_terminal reading is counted in, or null when the counts leave it out (no value,
 * or negative: no battery voltage measured). A site's class is the class of its lowest counted
 * reading, so it can only move when the counted class of one of its readings moves.
 */
export function countedBatteryClass(
  volts: number | null | undefined,
  dcLowVoltage: number = DEFAULT_DC_LOW_VOLTAGE,
): BatteryClass | null {
  if (volts === null || volts === undefined || !(volts >= 0)) return null;
  return batteryClass(volts, dcLowVoltage);
}

/** True when a battery_terminal reading going from `previous` to `next` can move its site's battery class. */
export function batteryClassMoved(
  previous: number | null | undefined,
  next: number | null | undefined,
  dcLowVoltage: number = DEFAULT_DC_LOW_VOLTAGE,
): boolean {
  return countedBatteryClass(previous, dcLowVoltage) !== countedBatteryClass(next, dcLowVoltage);
}
