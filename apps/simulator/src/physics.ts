/**
 * Physical models of a tower site, pure functions of state and time: Dhaka climate, the 48 V
 * battery bank and the mains grid. Numbers are typical for Bangladesh telecom shelters.
 */

import { DHAKA_OFFSET_MS } from '@towerwatch/domain';

/** Local hour of day (0–24, fractional) in Asia/Dhaka. */
export function dhakaHour(simMs: number): number {
  const ms = (simMs + DHAKA_OFFSET_MS) % 86_400_000;
  return ms / 3_600_000;
}

/** Month (0–11) in Asia/Dhaka. */
export function dhakaMonth(simMs: number): number {
  return new Date(simMs + DHAKA_OFFSET_MS).getUTCMonth();
}

/** Dhaka monthly mean air temperature (°C) and relative humidity (%), Jan..Dec. */
const MONTHLY_TEMP = [19, 22, 26.5, 29, 29.5, 29.5, 29, 29, 29, 27.5, 24, 20];
const MONTHLY_RH = [68, 60, 58, 68, 76, 83, 85, 85, 84, 79, 72, 70];

/** Outdoor temperature: monthly mean ± 4.5 °C, warmest at 15:00, coolest at 03:00. */
export function outdoorTemperature(simMs: number): number {
  const mean = MONTHLY_TEMP[dhakaMonth(simMs)] ?? 27;
  const hour = dhakaHour(simMs);
  return mean + 4.5 * Math.cos(((hour - 15) / 24) * 2 * Math.PI);
}

/** Outdoor relative humidity: monthly mean, lowest in the afternoon, clamped to 30–99 %. */
export function outdoorHumidity(simMs: number): number {
  const mean = MONTHLY_RH[dhakaMonth(simMs)] ?? 75;
  const hour = dhakaHour(simMs);
  return Math.min(99, Math.max(30, mean - 10 * Math.cos(((hour - 15) / 24) * 2 * Math.PI)));
}

/** Battery constants of the −48 V system (reported positive). */
export const BATTERY = {
  /** Float voltage with mains on and the bank full. */
  floatV: 53.5,
  /** Rest voltage at 0 % and 100 % state of charge (curved: the knee is near empty). */
  emptyRestV: 42.5,
  fullRestV: 51.6,
  /** Load-disconnect of non-critical loads (LLVD). */
  llvdV: 46.0,
  /** Battery disconnect (BLVD): the site goes down. */
  blvdV: 43.2,
  /** Charge current limit as a fraction of capacity (0.1 C). */
  chargeRate: 0.1,
} as const;

/** Terminal voltage while discharging: rest voltage minus the internal drop of the load. */
export function dischargeVoltage(soc: number, loadA: number, capacityAh: number): number {
  const rest = BATTERY.emptyRestV + (BATTERY.fullRestV - BATTERY.emptyRestV) * clamp01(soc) ** 0.6;
  const drop = (loadA * 2) / capacityAh;
  return rest - drop;
}

/** Terminal voltage while charging: rises from ~52 V to float as the bank fills. */
export function chargeVoltage(soc: number): number {
  return 52.0 + (BATTERY.floatV - 52.0) * Math.min(1, clamp01(soc) / 0.95);
}

export function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * Grid load-shedding hazard (outages per hour) by local hour: the evening peak (17–23 h) sheds most,
 * afternoon air-conditioning load next, the night least.
 */
export function outageRatePerHour(simMs: number, base: number): number {
  const hour = dhakaHour(simMs);
  if (hour >= 17 && hour < 23) return base * 2;
  if (hour >= 12 && hour < 17) return base * 1.3;
  if (hour < 6) return base * 0.5;
  return base;
}

/** Probability that an event with `ratePerHour` happens within `dtMs`. */
export function hazard(ratePerHour: number, dtMs: number): number {
  return 1 - Math.exp((-ratePerHour * dtMs) / 3_600_000);
}
