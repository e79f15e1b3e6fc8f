/**
 * Per-site alarm settings: thresholds and paused (disabled) alarms, read from `sites.settings`
 * (written by POST /user/settings/save {siteUid, prop, value}). Reading is tolerant: unknown
 * keys are ignored and a bad value falls back to the default, so a typo never stops ingest.
 *
 * Accepted shapes in `sites.settings` (docs/api.md "Alarm settings"):
 * - thresholds: `{ "dc_low_voltage_threshold": 46.5 }` (flat, prop = `<name>_threshold`) or
 *   `{ "thresholds": { "dc_low_voltage": 46.5 } }`;
 * - paused alarms: `{ "door_status": "disable" }` / `false` / `0` / `"off"` / `{ "disabled": true }`
 *   (prop = alarm id), or `{ "disabled_alarms": ["door_status"] }`. `"enable"`/`true`/`1` resumes.
 */
import {
  type AlarmThresholds,
  DEFAULT_ALARM_THRESHOLDS,
  isDisableableAlarm,
  isSiteAlarmId,
} from '@towerwatch/domain';

/** Setting names (snake_case, as stored) of each threshold. */
export const THRESHOLD_SETTING_NAMES: Readonly<Record<keyof AlarmThresholds, string>> = {
  acPhaseMinVoltage: 'ac_phase_min_voltage',
  dcLowVoltage: 'dc_low_voltage',
  dcCriticalVoltage: 'dc_critical_voltage',
  dcFailVoltage: 'dc_fail_voltage',
  dcHysteresis: 'dc_hysteresis',
  highTemperature: 'high_temperature',
  temperatureHysteresis: 'temperature_hysteresis',
  dcNoLoadCurrent: 'dc_no_load_current',
  dcOverloadCurrent: 'dc_overload_current',
  lowFuelPercent: 'low_fuel_percent',
  doorOpenTimeoutMinutes: 'door_open_timeout_minutes',
  vibrationHighLevel: 'vibration_high_level',
  vibrationMildLevel: 'vibration_mild_level',
  motionHighLevel: 'motion_high_level',
};

/** Settings of one site as the alarm engine uses them. */
export interface SiteAlarmSettings {
  thresholds: AlarmThresholds;
  /** Paused alarm ids (only those docs/requirements.md#disableable-alarms allows to be disabled). */
  disabled: ReadonlySet<string>;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** `true` = disabled, `false` = enabled, `undefined` = not a pause flag. */
function disabledFlag(value: unknown): boolean | undefined {
  if (value === false || value === 0) return true;
  if (value === true || value === 1) return false;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['disable', 'disabled', 'off', 'pause', 'paused', 'false', '0'].includes(v)) return true;
    if (['enable', 'enabled', 'on', 'resume', 'true', '1'].includes(v)) return false;
    return undefined;
  }
  const record = asRecord(value);
  if (typeof record.disabled === 'boolean') return record.disabled;
  if (typeof record.isDisable === 'boolean') return record.isDisable;
  return undefined;
}

/** Parses `sites.settings` (any JSON) into {@link SiteAlarmSettings}. Never throws. */
export function parseSiteAlarmSettings(raw: unknown): SiteAlarmSettings {
  const settings = asRecord(raw);
  const nested = asRecord(settings.thresholds);
  const thresholds = { ...DEFAULT_ALARM_THRESHOLDS };
  for (const key of Object.keys(THRESHOLD_SETTING_NAMES) as (keyof AlarmThresholds)[]) {
    const name = THRESHOLD_SETTING_NAMES[key];
    const value = asNumber(nested[name]) ?? asNumber(settings[`${name}_threshold`]);
    if (value !== undefined) thresholds[key] = value;
  }
  const disabled = new Set<string>();
  if (Array.isArray(settings.disabled_alarms)) {
    for (const id of settings.disabled_alarms) {
      if (typeof id === 'string' && isDisableableAlarm(id)) disabled.add(id);
    }
  }
  for (const [key, value] of Object.entries(settings)) {
    if (!isSiteAlarmId(key) || !isDisableableAlarm(key)) continue;
    const flag = disabledFlag(value);
    if (flag === true) disabled.add(key);
    if (flag === false) disabled.delete(key);
  }
  return { thresholds, disabled };
}
