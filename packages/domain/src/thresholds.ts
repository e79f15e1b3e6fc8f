/**
 * Alarm thresholds of a site and their defaults (issue 11: per-site thresholds stay configurable,
 * their defaults live here). The server reads a site's own values from its settings.
 */
import { DEFAULT_DC_LOW_VOLTAGE } from './battery.ts';
import { DEFAULT_DC_LOAD_LIMITS } from './dc-load.ts';

/** Alarm thresholds of a site (per-site settings; defaults below are for a 48 V DC system). */
export interface AlarmThresholds {
  /** A mains phase below this voltage (V AC) counts as absent; all phases absent = mains fail (default 100 V). */
  acPhaseMinVoltage: number;
  /** DC bus voltage at or below this raises dc_low_voltage (default 47 V). */
  dcLowVoltage: number;
  /** DC bus voltage at or below this writes dc_critical_voltage (Battery Critical, default 44 V). */
  dcCriticalVoltage: number;
  /** DC bus voltage below this raises dc_power_fail (event dc_fail, default 40 V). */
  dcFailVoltage: number;
  /** Volts above a threshold needed to clear it (avoids flapping; default 0.5 V). */
  dcHysteresis: number;
  /** Site temperature at or above this (°C) raises high_temperature (default 45 °C). */
  highTemperature: number;
  /** Degrees below highTemperature needed to clear it (default 1 °C). */
  temperatureHysteresis: number;
  /** DC load current (A) below this is DOWN / no load (dc_load_fail). */
  dcNoLoadCurrent: number;
  /** DC load current (A) above this is OVER (dc_overload event; default 60 A, DEFAULT_DC_LOAD_LIMITS). */
  dcOverloadCurrent: number;
  /** DG fuel level (%) at or below this raises dg_low_fuel (default 20 %). */
  lowFuelPercent: number;
  /** Door open longer than this (minutes) raises door_open_timeout (default 10). */
  doorOpenTimeoutMinutes: number;
  /** Vibration sensor level (0–100) at or above this is high_vibration (default 70). */
  vibrationHighLevel: number;
  /** Vibration sensor level at or above this (and below high) is mild_vibration (default 30). */
  vibrationMildLevel: number;
  /** Motion sensor level at or above this is high_motion (default 50). */
  motionHighLevel: number;
}

/**
 * Default alarm thresholds of a site (docs/operations.md "Alarm thresholds"); a site sets its own
 * through its settings. The spec gives none of these numbers: they are decisions for 48 V sites.
 */
export const DEFAULT_ALARM_THRESHOLDS: Readonly<AlarmThresholds> = {
  acPhaseMinVoltage: 100,
  dcLowVoltage: DEFAULT_DC_LOW_VOLTAGE,
  dcCriticalVoltage: 44,
  dcFailVoltage: 40,
  dcHysteresis: 0.5,
  highTemperature: 45,
  temperatureHysteresis: 1,
  dcNoLoadCurrent: DEFAULT_DC_LOAD_LIMITS.noLoadBelowAmps,
  dcOverloadCurrent: DEFAULT_DC_LOAD_LIMITS.overLoadAboveAmps,
  lowFuelPercent: 20,
  doorOpenTimeoutMinutes: 10,
  vibrationHighLevel: 70,
  vibrationMildLevel: 30,
  motionHighLevel: 50,
};
