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
