/**
 * Pins: pin services, pin config types, required tenants, analog services, service options and
 * initial pin status (platform-core §3, §4, §5, §9).
 */

/**
 * Pin services: the meanings a controller input can be configured with (platform-core §9 pin
 * service options, spelled as in §5). Door and lock are both `access_control`, told apart by the pin
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

/** Pin config types (platform-core §3 Pin config). */
export const PIN_CONFIG_TYPES = [
  'access_control',
  'battery_current',
  'battery_terminal',
  'dg_status',
  'pg_status',
  'dg_fuel',
  'main_phase',
  'temperature',
  'humidity',
] as const;
/** A pin config type. */
export type PinConfigType = (typeof PIN_CONFIG_TYPES)[number];

/** Pin config priorities (platform-core §3). */
export const PIN_PRIORITIES = ['door', 'lock', 'primary'] as const;
/** A pin priority. */
export type PinPriority = (typeof PIN_PRIORITIES)[number];

/** Pin services whose config must name a tenant (platform-core §5). */
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

/** Analog pin services: they carry a measured value, not a 0/1 state (platform-core §5). */
export const ANALOG_PIN_SERVICES = [
  'main_phase_a',
  'main_phase_b',
  'main_phase_c',
  'battery_current_critical',
  'battery_current_non_critical',
  'battery_terminal',
  'temperature',
  'humidity',
  'vibration_sensor',
  'motion_sensor',
] as const satisfies readonly PinService[];

/**
 * Pin service options as offered in the pin configuration form, in spec order (platform-core §9).
 * Door and lock are two options of the same service, told apart by `priority`.
 */
export const PIN_SERVICE_OPTIONS = [
  { value: 'main_phase_a', label: 'Main Phase A' },
  { value: 'main_phase_b', label: 'Main Phase B' },
  { value: 'main_phase_c', label: 'Main Phase C' },
  { value: 'dg_status', label: 'DG Status' },
  { value: 'pg_status', label: 'PG Status' },
  { value: 'dg_fuel', label: 'DG Fuel' },
  { value: 'temperature', label: 'Temperature' },
  { value: 'humidity', label: 'Humidity' },
  { value: 'access_control', priority: 'door', label: 'Door' },
  { value: 'access_control', priority: 'lock', label: 'Lock' },
  { value: 'vibration_sensor', label: 'Vibration Sensor' },
  { value: 'motion_sensor', label: 'Motion Sensor' },
  { value: 'battery_terminal', label: 'DC Voltage' },
  { value: 'battery_current_critical', label: 'DC Current Critical' },
  { value: 'battery_current_non_critical', label: 'DC Current Non-Critical' },
  { value: 'dc_low_voltage', label: 'DC Low Voltage' },
  { value: 'dc_fan_fault', label: 'DC Fan Fault' },
  { value: 'mains_fail', label: 'Mains Fail' },
  { value: 'rectifier_fail', label: 'Rectifier Fail' },
  { value: 'site_down', label: 'Site Down' },
  { value: 'dc_load_fail', label: 'DC Load Fail' },
  { value: 'aviation_light_fail', label: 'Aviation Light Fail' },
  { value: 'smoke_detector', label: 'Smoke Detector' },
  { value: 'water_detector', label: 'Water Detector' },
  { value: 'inverter_battery_low', label: 'Inverter Battery Low' },
] as const satisfies readonly { value: PinService; label: string; priority?: PinPriority }[];

/** True when `value` is a pin service. */
export function isPinService(value: unknown): value is PinService {
  return typeof value === 'string' && (PIN_SERVICES as readonly string[]).includes(value);
}

/** True when a config of this pin service needs a tenant (platform-core §5). */
export function pinServiceRequiresTenant(service: string): boolean {
  return (TENANT_REQUIRED_PIN_SERVICES as readonly string[]).includes(service);
}

/** True for analog pin services (platform-core §5). */
export function isAnalogPinService(service: string): boolean {
  return (ANALOG_PIN_SERVICES as readonly string[]).includes(service);
}

/**
 * Validates the tenant of a pin config: null when fine, else the name of the offending field
 * ('tenant'). The spec shows no message text (platform-core §5).
 */
export function pinConfigTenantError(service: string, tenant: string | null | undefined): 'tenant' | null {
  return pinServiceRequiresTenant(service) && !tenant ? 'tenant' : null;
}

/**
 * Initial runtime status of a pin before any live message (platform-core §4): access pins 1, DG and
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

/**
 * A live pin message updates the pin only when its device (com_id) belongs to the current site's
 * devices (platform-core §4).
 */
export function appliesToSite(comId: string, siteDevices: readonly string[]): boolean {
  return siteDevices.includes(comId);
}

/** The site config's devices: the distinct com_id of its pins, in first-seen order (platform-core §3). */
export function siteDevicesOf(pinConfigs: readonly { com_id: string }[]): string[] {
  return [...new Set(pinConfigs.map((pin) => pin.com_id))];
}

/** RMS services (platform-core §3). */
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
