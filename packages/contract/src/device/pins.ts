/**
 * Pins: the inputs of an RMS controller and the configuration that gives each one a meaning
 * (platform-core §3 pin config, §5 required tenants and analog services, §9 pin service options).
 * The physical pin layout used by the demo fleet is documented in docs/device-protocol.md.
 */
import { ALL_TENANTS } from '@towerwatch/domain';
import { z } from 'zod';

/**
 * Pin types (platform-core §9 "pin service options", spelled as in §5). Door and lock are both
 * `access_control`, told apart by the pin config's `priority`.
 */
export const PIN_TYPES = [
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
/** One pin type. */
export type PinType = (typeof PIN_TYPES)[number];
export const pinType = z.enum(PIN_TYPES);

/** Pin types whose config must name a tenant (platform-core §5). */
export const TENANT_REQUIRED_PIN_TYPES = [
  'main_phase_a',
  'main_phase_b',
  'main_phase_c',
  'battery_current_critical',
  'battery_current_non_critical',
  'battery_terminal',
  'dc_load_fail',
  'pg_status',
  'dg_status',
] as const satisfies readonly PinType[];

/** True when a config of this pin type needs a tenant (platform-core §5). */
export function pinTypeRequiresTenant(type: PinType): boolean {
  return (TENANT_REQUIRED_PIN_TYPES as readonly string[]).includes(type);
}

/** Pin types read from analog inputs (platform-core §5); every other type is a digital input. */
export const ANALOG_PIN_TYPES = [
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
  // DG fuel level is a level sensor (percent), read on an analog input.
  'dg_fuel',
] as const satisfies readonly PinType[];

/** True when this pin type is read from an analog input. */
export function isAnalogPinType(type: PinType): boolean {
  return (ANALOG_PIN_TYPES as readonly string[]).includes(type);
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
/** One RMS service. */
export type RmsService = (typeof RMS_SERVICES)[number];

/**
 * The RMS service a pin type belongs to, or null for the alarm-contact types that the §3
 * service list does not name (mains_fail, rectifier_fail, site_down, dc_load_fail, ...).
 */
export function pinService(type: PinType): RmsService | null {
  switch (type) {
    case 'main_phase_a':
    case 'main_phase_b':
    case 'main_phase_c':
      return 'main_phase';
    case 'battery_current_critical':
    case 'battery_current_non_critical':
      return 'battery_current';
    case 'battery_terminal':
    case 'dc_low_voltage':
      return 'battery_terminal';
    case 'vibration_sensor':
    case 'motion_sensor':
      return 'access_control';
    case 'dg_status':
    case 'pg_status':
    case 'dg_fuel':
    case 'temperature':
    case 'humidity':
    case 'access_control':
    case 'dc_fan_fault':
    case 'smoke_detector':
    case 'water_detector':
      return type;
    default:
      return null;
  }
}

/** Pin config priority (platform-core §3): door or lock for access pins, primary for the main DC bus. */
export const PIN_PRIORITIES = ['door', 'lock', 'primary'] as const;
export type PinPriority = (typeof PIN_PRIORITIES)[number];

/**
 * Pin names: analog inputs `am1`…`am16`, digital inputs `di1`…`di16`, digital outputs `do1`…`do8`.
 * Vendors with other naming may use any 1–16 character name of lower-case letters, digits and `_`.
 */
export const PIN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,15}$/;
export const pinName = z.string().regex(PIN_NAME_PATTERN, 'pin must be 1–16 chars: a-z, 0-9, _');

/**
 * A pin config as stored by the server and produced by the demo fleet (platform-core §3).
 * Unique by (com_id, pin_name, tenant): a shared physical input (mains phases, DC bus voltage,
 * DG/PG run status) has one config per site tenant, so one reading updates every tenant's view.
 */
export const pinConfig = z
  .object({
    com_id: z.string().min(1).max(32),
    pin_name: pinName,
    type: pinType,
    /** Derived from `type` by {@link pinService}; kept for the UI's service column. */
    service: z.enum(RMS_SERVICES).nullable(),
    priority: z.enum(PIN_PRIORITIES).nullable(),
    tenant: z.enum(ALL_TENANTS).nullable(),
    label: z.string().min(1).max(100),
  })
  .superRefine((value, ctx) => {
    if (pinTypeRequiresTenant(value.type) && value.tenant === null) {
      ctx.addIssue({ code: 'custom', path: ['tenant'], message: `tenant is required for ${value.type}` });
    }
    if (value.type === 'access_control' && value.priority !== 'door' && value.priority !== 'lock') {
      ctx.addIssue({
        code: 'custom',
        path: ['priority'],
        message: 'access_control needs priority door or lock',
      });
    }
  });
export type PinConfig = z.infer<typeof pinConfig>;

/**
 * Meaning of digital values (docs/device-protocol.md "Pin values"): access pins read 1 = closed /
 * locked and 0 = open / unlocked (they start at 1, platform-core §4); DG/PG status 1 = running;
 * every alarm contact (smoke, water, fan fault, rectifier fail, ...) 1 = alarm active, 0 = normal.
 */
export const DIGITAL_CLOSED = 1;
export const DIGITAL_OPEN = 0;
