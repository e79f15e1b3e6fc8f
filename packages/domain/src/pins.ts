/**
 * Pins: pin services, priorities, required tenants, RMS services and initial pin status
 * (docs/requirements.md#rms-services, docs/requirements.md#pin-status, docs/requirements.md#pin-tenant-required, docs/requirements.md#pin-service-options).
 */

/**
 * Pin services: the meanings a controller input can be configured with (docs/requirements.md#pin-service-options pin
 * service options, spelled as in docs/requirements.md#pin-tenant-required). Door and lock are both `access_control`, told apart by the pin
 * config's priority. Same values as the contract's device PIN_TYPES.
 */
export const PIN_SERVICES = [
  'main_phase_a',
  'main_phase_b',
  'main_phase_c',
  'dg_status',
  'pg_status',
  'dg_fuel',
  'temperature',
  'humidity',
  'access_control',
  'vibration_sensor',
  'motion_sensor',
  'battery_terminal',
  'battery_current_critical',
  'battery_current_non_critical',
  'dc_low_voltage',
  'dc_fan_fault',
  'mains_fail',
  'rectifier_fail',
  'site_down',
  'dc_load_fail',
  'aviation_light_fail',
  'smoke_detector',
  'water_detector',
  'inverter_battery_low',
] as const;
/** A pin service. */
export type PinService = (typeof PIN_SERVICES)[number];

/** Pin config priorities (docs/requirements.md#pin-config). */
export const PIN_PRIORITIES = ['door', 'lock', 'primary'] as const;
/** Pin services whose config must name a tenant (docs/requirements.md#pin-tenant-required). */
export const TENANT_REQUIRED_PIN_SERVICES = [
  'main_phase_a',
  'main_phase_b',
  'main_phase_c',
  'battery_current_critical',
  'battery_current_non_critical',
  'battery_terminal',
  'dc_load_fail',
  'pg_status',
  'dg_status',
] as const satisfies readonly PinService[];

/** True when a config of this pin service needs a tenant (docs/requirements.md#pin-tenant-required). */
export function pinServiceRequiresTenant(service: string): boolean {
  return (TENANT_REQUIRED_PIN_SERVICES as readonly string[]).includes(service);
}

/**
 * Initial runtime status of a pin before any live message (docs/requirements.md#pin-status): access pins 1, DG and
 * PG pins 0, battery voltage (terminal) -1 meaning unknown, battery current 0. Decision: other
 * services start as null (no reading yet).
 */
export function initialPinStatus(service: string): number | null {
  switch (service) {
    case 'access_control':
      return 1;
    case 'dg_status':
    case 'pg_status':
      return 0;
    case 'battery_terminal':
      return -1;
    case 'battery_current_critical':
    case 'battery_current_non_critical':
      return 0;
    default:
      return null;
  }
}

/** RMS services (docs/requirements.md#rms-services). */
export const RMS_SERVICES = [
  'main_phase',
  'dg_status',
  'pg_status',
  'dg_fuel',
  'temperature',
  'humidity',
  'access_control',
  'battery_cell',
  'battery_terminal',
  'battery_current',
  'dc_fan_fault',
  'battery_offset',
  'smoke_detector',
  'water_detector',
] as const;
/** An RMS service. */
export type RmsService = (typeof RMS_SERVICES)[number];
